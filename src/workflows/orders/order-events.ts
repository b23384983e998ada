import type { MedusaContainer } from "@medusajs/framework/types"
import { reverseOrderAccrualWorkflow } from "../ledger/reverse-order-accrual"
import { recordOrderAccrualWorkflow } from "../ledger/record-order-accrual"
import { recordOrderSpendWorkflow } from "../program/record-order-spend"

/**
 * The work of an order's events, as their subscribers do it and as the order sweep does it
 * again for an event that never reached them (docs/operations.md, "The order sweep"). Each
 * workflow is keyed (the ledger's dedupe key, the spend's order and return), so running it a
 * second time changes nothing.
 */

/**
 * An order placed (or its `accrual.on` event): its bonus, then its spend toward a level, so the
 * order that reaches a level earns at the rate of the level it was placed on (docs/program.md).
 */
export async function recordOrderPlaced(
  container: MedusaContainer,
  orderId: string,
  work: { accrual: boolean; spend: boolean }
): Promise<void> {
  if (work.accrual) await recordOrderAccrualWorkflow(container).run({ input: { order_id: orderId } })
  if (work.spend) {
    await recordOrderSpendWorkflow(container).run({ input: { order_id: orderId, cause: { type: "placed" } } })
  }
}

/** An order canceled: what is left of its bonus taken back, and the order out of its customer's spend. */
export async function recordOrderCanceled(container: MedusaContainer, orderId: string): Promise<void> {
  await reverseOrderAccrualWorkflow(container).run({ input: { order_id: orderId, cause: { type: "cancel" } } })
  await recordOrderSpendWorkflow(container).run({ input: { order_id: orderId, cause: { type: "canceled" } } })
}

/** A return received: the returned share of the bonus taken back, and of the order's spend. */
export async function recordReturnReceived(container: MedusaContainer, orderId: string, returnId: string) {
  await reverseOrderAccrualWorkflow(container).run({
    input: { order_id: orderId, cause: { type: "return", return_id: returnId } },
  })
  await recordOrderSpendWorkflow(container).run({
    input: { order_id: orderId, cause: { type: "returned", return_id: returnId } },
  })
}
