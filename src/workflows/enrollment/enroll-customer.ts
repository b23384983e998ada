import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createEnrollmentStep, CreateEnrollmentStepInput } from "./steps/create-enrollment"

export const enrollCustomerWorkflowId = "enroll-customer"

/**
 * Enrols a store customer in the service: a holder is recorded and user_create_or_update
 * (profile, customerId, template, birthday, install link by SMS when configured, current
 * balance) is queued. No phone: recorded as "not enrolled: no phone", nothing sent. With
 * `retry`, a holder that never reached the service (no usable phone then; with "always",
 * also a refused enrolment) is enrolled again.
 */
export const enrollCustomerWorkflow = createWorkflow(
  enrollCustomerWorkflowId,
  (input: WorkflowData<CreateEnrollmentStepInput>) => new WorkflowResponse(createEnrollmentStep(input))
)
