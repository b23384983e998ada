import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { ACCRUAL_EVENTS } from "../modules/wallet-pass/options"
import { afterRequest } from "../lib/after-request"
import { recordOrderAccrualWorkflow } from "../workflows/ledger/record-order-accrual"
import { trackedWork } from "../utils/background-work"

/** The configured accrual event (`accrual.on`) of an order: credit its bonus, once. */
async function creditOrderBonus({ event, container }: SubscriberArgs<{ id?: string; order_id?: string }>) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  if (walletPass.getOptions().accrual.on !== event.name) return
  const orderId = event.name === "order.fulfillment_created" ? event.data.order_id : event.data.id
  if (orderId) {
    await afterRequest()
    await recordOrderAccrualWorkflow(container).run({ input: { order_id: orderId } })
  }
}

export default trackedWork(creditOrderBonus)

export const config: SubscriberConfig = {
  event: [...ACCRUAL_EVENTS],
  context: { subscriberId: "wallet-pass-credit-order-bonus" },
}
