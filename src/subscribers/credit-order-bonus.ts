import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ACCRUAL_EVENTS, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { afterRequest } from "../lib/after-request"
import { recordOrderPlaced } from "../workflows/orders/order-events"
import { trackedWork } from "../utils/background-work"

/**
 * The configured accrual event (`accrual.on`) of an order: its bonus decided once, at the rates
 * in force when it was placed, and credited once (docs/loyalty.md, "Decided once, at
 * placement"). A placed order then counts toward its customer's level (docs/program.md): the
 * level it reaches is in force only after its placement, so the order earns at the rate of the
 * level it was placed on.
 */
async function creditOrderBonus({ event, container }: SubscriberArgs<{ id?: string; order_id?: string }>) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const orderId = event.name === "order.fulfillment_created" ? event.data.order_id : event.data.id
  if (!orderId) return
  const accrues = walletPass.getOptions().accrual.on === event.name
  if (!accrues && event.name !== "order.placed") return
  await afterRequest()
  await recordOrderPlaced(container, orderId, { accrual: accrues, spend: event.name === "order.placed" })
}

export default trackedWork(creditOrderBonus)

export const config: SubscriberConfig = {
  event: [...ACCRUAL_EVENTS],
  context: { subscriberId: "wallet-pass-credit-order-bonus" },
}
