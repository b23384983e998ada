import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { convertCartRedemptionStep } from "./steps/convert-cart-redemption"

export const recordOrderRedemptionWorkflowId = "record-order-redemption"

/**
 * The bonus an order paid with is recorded once as its redemption (the entry reserved at
 * checkout, keyed by its cart) and balance/deduct goes through the queue, once.
 */
export const recordOrderRedemptionWorkflow = createWorkflow(
  recordOrderRedemptionWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => new WorkflowResponse(convertCartRedemptionStep(input))
)
