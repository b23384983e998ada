import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { computeOrderAccrualStep } from "./steps/compute-order-accrual"
import { recordLedgerChangeStep } from "./steps/record-ledger-change"

export const recordOrderAccrualWorkflowId = "record-order-accrual"

/**
 * Decides the bonus of an order once, from the rates in force when it was placed, and records
 * the decision, "nothing" too (docs/loyalty.md, "Decided once, at placement"); credits it
 * exactly once (keyed `order:<id>:accrual`, so the order event delivered twice or three times,
 * or the order sweep, credits once) and queues balance/add.
 */
export const recordOrderAccrualWorkflow = createWorkflow(
  recordOrderAccrualWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => {
    const change = computeOrderAccrualStep(input)
    return new WorkflowResponse(recordLedgerChangeStep(change))
  }
)
