import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { applyHolderDiscountWorkflow } from "../workflows/discount/apply-holder-discount"
import { trackedWork } from "../utils/background-work"

type DiscountEventData = {
  customer_id?: string | null
  /** On wallet_pass.privileges_changed: false when only the bonus percent changed. */
  discount_changed?: boolean
  /** On wallet_pass.holder_moved: both customers' pricing follows the pass. */
  from_customer_id?: string | null
  to_customer_id?: string
  /** On wallet_pass.privileges_changed of a level change: false, open carts follow at their next change. */
  refresh_carts?: boolean
}

/**
 * Applies a holder's discount percent to store pricing when it may have changed: the
 * service set it (wallet_pass.privileges_changed with discount_changed) or a pass was
 * linked to a customer (wallet_pass.holder_linked; an install may carry a percent), or a
 * pass moved between customers (wallet_pass.holder_moved: both are re-priced).
 */
async function applyHolderDiscountHandler({ event, container }: SubscriberArgs<DiscountEventData>) {
  const { customer_id, discount_changed, from_customer_id, to_customer_id, refresh_carts } = event.data
  if (event.name === WALLET_PASS_EVENTS.PRIVILEGES_CHANGED && !discount_changed) return
  if (!container.resolve(WALLET_PASS_MODULE).getOptions().discount.enabled) return
  const customers = event.name === WALLET_PASS_EVENTS.HOLDER_MOVED ? [from_customer_id, to_customer_id] : [customer_id]
  for (const id of customers) {
    if (id) await applyHolderDiscountWorkflow(container).run({ input: { customer_id: id, refresh_carts } })
  }
}

export default trackedWork(applyHolderDiscountHandler)

export const config: SubscriberConfig = {
  event: [WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, WALLET_PASS_EVENTS.HOLDER_LINKED, WALLET_PASS_EVENTS.HOLDER_MOVED],
  context: { subscriberId: "wallet-pass-apply-holder-discount" },
}
