import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reverseOrderAccrualStep, ReverseOrderAccrualStepInput } from "./steps/reverse-order-accrual"

export const reverseOrderAccrualWorkflowId = "reverse-order-accrual"

/** An order was canceled or items came back: its bonus is taken back once, and balance/deduct queued. */
export const reverseOrderAccrualWorkflow = createWorkflow(
  reverseOrderAccrualWorkflowId,
  (input: WorkflowData<ReverseOrderAccrualStepInput>) => new WorkflowResponse(reverseOrderAccrualStep(input))
)
