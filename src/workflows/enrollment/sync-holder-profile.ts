import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { syncHolderProfileStep } from "./steps/sync-holder-profile"
import { readEnrollmentProfileStep } from "./steps/read-enrollment-profile"
import {
  chosenProfile,
  enrollmentProfileResult,
  HOLDER_PROFILE_HOOK,
  type EnrollmentProfileHookInput,
  type EnrollmentProfileHookResult,
} from "./enrollment-profile"

export const syncHolderProfileWorkflowId = "sync-holder-profile"

/**
 * A store customer changed: their pass profile follows (customer.updated).
 *
 * Hook `setHolderProfile` (docs/loyalty.md, "Extending: workflow hooks"): the profile the
 * holder gets from the changed customer, as setEnrollmentProfile's at enrolment (same input
 * and result); asked only for a holder with a phone.
 */
export const syncHolderProfileWorkflow = createWorkflow(
  syncHolderProfileWorkflowId,
  (input: WorkflowData<{ customer_id: string }>) => {
    const readInput = transform({ input }, ({ input }) => ({
      customer_id: input.customer_id,
      source: "update",
      holder: "enrolled" as const,
    }))
    const read = readEnrollmentProfileStep(readInput)
    let hook!: ReturnType<
      typeof createHook<typeof HOLDER_PROFILE_HOOK, EnrollmentProfileHookInput, EnrollmentProfileHookResult>
    >
    const answer = when("holder-profile-to-set", { read }, ({ read }) => !!read).then(() => {
      hook = createHook(HOLDER_PROFILE_HOOK, read!, { resultValidator: enrollmentProfileResult(HOLDER_PROFILE_HOOK) })
      return hook.getResult()
    })
    const sync = transform({ input, read, answer }, ({ input, read, answer }) => ({
      customer_id: input.customer_id,
      profile: read ? chosenProfile(read.profile, answer) : null,
    }))
    return new WorkflowResponse(syncHolderProfileStep(sync), { hooks: [hook] })
  }
)
