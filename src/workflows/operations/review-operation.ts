import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reviewOperationStep, ReviewOperationStepInput } from "./steps/review-operation"

export const reviewOperationWorkflowId = "review-wallet-pass-operation"

/** An admin retries a failed or needs-review request to the service, or marks it resolved. */
export const reviewOperationWorkflow = createWorkflow(
  reviewOperationWorkflowId,
  (input: WorkflowData<ReviewOperationStepInput>) => new WorkflowResponse(reviewOperationStep(input))
)
