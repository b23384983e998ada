import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { computeOrderAccrualStep } from "./steps/compute-order-accrual"
import { recordLedgerChangeStep } from "./steps/record-ledger-change"

export const recordOrderAccrualWorkflowId = "record-order-accrual"

/**
 * Credits the bonus of an order exactly once (keyed `order:<id>:accrual`, so the order event
 * delivered twice or three times credits once) and queues balance/add.
 */
export const recordOrderAccrualWorkflow = createWorkflow(
  recordOrderAccrualWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => {
    const change = computeOrderAccrualStep(input)
    return new WorkflowResponse(recordLedgerChangeStep(change))
  }
)
