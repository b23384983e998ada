import { createWorkflow, transform, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { computeRedemptionRefundStep } from "./steps/compute-redemption-refund"
import { convertCartRedemptionStep } from "./steps/convert-cart-redemption"
import { recordLedgerChangeStep } from "../ledger/steps/record-ledger-change"

export const refundOrderRedemptionWorkflowId = "refund-order-redemption"

/**
 * A canceled order gives back the bonus it was paid with, once, and queues balance/add. The
 * redemption is recorded first if order.placed has not been handled yet, so the service
 * gets the deduct before the add.
 */
export const refundOrderRedemptionWorkflow = createWorkflow(
  refundOrderRedemptionWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => {
    const converted = convertCartRedemptionStep(input)
    const refundInput = transform({ input, converted }, ({ input }) => ({ order_id: input.order_id }))
    return new WorkflowResponse(recordLedgerChangeStep(computeRedemptionRefundStep(refundInput)))
  }
)
