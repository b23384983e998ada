import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { WALLET_PASS_EVENTS } from "../modules/wallet-pass/constants"
import type WalletPassModuleService from "../modules/wallet-pass/service"
import { applyHolderDiscountWorkflow } from "../workflows/apply-holder-discount"

type DiscountEventData = {
  customer_id: string | null
  /** On wallet_pass.privileges_changed: false when only the bonus percent changed. */
  discount_changed?: boolean
}

/**
 * Applies a holder's discount percent to store pricing when it may have changed: the
 * service set it (wallet_pass.privileges_changed with discount_changed) or a pass was
 * linked to a customer (wallet_pass.holder_linked; an install may carry a percent).
 */
export default async function applyHolderDiscountHandler({ event, container }: SubscriberArgs<DiscountEventData>) {
  const { customer_id, discount_changed } = event.data
  if (!customer_id) return
  if (event.name === WALLET_PASS_EVENTS.PRIVILEGES_CHANGED && !discount_changed) return
  if (!container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE).getOptions().discount.enabled) return
  await applyHolderDiscountWorkflow(container).run({ input: { customer_id } })
}

export const config: SubscriberConfig = {
  event: [WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, WALLET_PASS_EVENTS.HOLDER_LINKED],
  context: { subscriberId: "wallet-pass-apply-holder-discount" },
}
