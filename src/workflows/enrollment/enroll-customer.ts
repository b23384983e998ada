import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { createEnrollmentStep, CreateEnrollmentStepInput } from "./steps/create-enrollment"
import { readEnrollmentProfileStep } from "./steps/read-enrollment-profile"
import {
  chosenProfile,
  ENROLLMENT_PROFILE_HOOK,
  enrollmentProfileResult,
  type EnrollmentProfileHookInput,
  type EnrollmentProfileHookResult,
} from "./enrollment-profile"

export const enrollCustomerWorkflowId = "enroll-customer"

/**
 * Enrols a store customer in the service: a holder is recorded and user_create_or_update
 * (profile, customerId, template, birthday, install link by SMS when configured, current
 * balance) is queued. No phone: recorded as "not enrolled: no phone", nothing sent. With
 * `retry`, a holder that never reached the service (no usable phone then; with "always",
 * also a refused enrolment) is enrolled again.
 *
 * Hook `setEnrollmentProfile` (docs/loyalty.md, "Extending: workflow hooks"): the profile a
 * new holder is recorded and enrolled with (`name`, `surname`, `email`); the phone and the
 * customer id are the plugin's.
 */
export const enrollCustomerWorkflow = createWorkflow(
  enrollCustomerWorkflowId,
  (input: WorkflowData<CreateEnrollmentStepInput>) => {
    const readInput = transform({ input }, ({ input }) => ({ customer_id: input.customer_id, source: input.source }))
    const read = readEnrollmentProfileStep(readInput)
    let hook!: ReturnType<
      typeof createHook<typeof ENROLLMENT_PROFILE_HOOK, EnrollmentProfileHookInput, EnrollmentProfileHookResult>
    >
    // Not for a customer.updated (existing_only): it creates no holder, so no profile is recorded.
    const answer = when(
      "enrollment-profile-to-set",
      { read, input },
      ({ read, input }) => !!read && !input.existing_only
    ).then(() => {
      hook = createHook(ENROLLMENT_PROFILE_HOOK, read!, { resultValidator: enrollmentProfileResult() })
      return hook.getResult()
    })
    const enrolment = transform({ input, read, answer }, ({ input, read, answer }) => ({
      ...input,
      profile: read ? chosenProfile(read.profile, answer) : null,
    }))
    return new WorkflowResponse(createEnrollmentStep(enrolment), { hooks: [hook] })
  }
)
