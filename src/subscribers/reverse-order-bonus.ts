import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { reverseOrderAccrualWorkflow } from "../workflows/ledger/reverse-order-accrual"
import { recordOrderCanceled, recordReturnReceived } from "../workflows/orders/order-events"
import { trackedWork } from "../utils/background-work"

/**
 * An order canceled, a return received, a payment refunded: take its bonus back (all of it,
 * or the share). A cancel or a return also takes the order (or the returned share) out of
 * its customer's spend, and the level follows (docs/program.md).
 */
async function reverseOrderBonus({
  event,
  container,
}: SubscriberArgs<{ id?: string; order_id?: string; return_id?: string }>) {
  if (event.name === "order.canceled" && event.data.id) {
    await recordOrderCanceled(container, event.data.id)
  } else if (event.name === "payment.refunded" && event.data.id) {
    await reverseOrderAccrualWorkflow(container).run({
      input: { cause: { type: "refund", payment_id: event.data.id } },
    })
  } else if (event.name === "order.return_received" && event.data.order_id && event.data.return_id) {
    await recordReturnReceived(container, event.data.order_id, event.data.return_id)
  }
}

export default trackedWork(reverseOrderBonus)

export const config: SubscriberConfig = {
  event: ["order.canceled", "order.return_received", "payment.refunded"],
  context: { subscriberId: "wallet-pass-reverse-order-bonus" },
}
