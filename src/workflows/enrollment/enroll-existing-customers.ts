import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { enrollExistingCustomersStep } from "./steps/enroll-existing-customers"

export const enrollExistingCustomersWorkflowId = "enroll-existing-customers"

/** Bulk enrolment of the customers the store already had: queued after all other work. */
export const enrollExistingCustomersWorkflow = createWorkflow(
  enrollExistingCustomersWorkflowId,
  () => new WorkflowResponse(enrollExistingCustomersStep())
)
