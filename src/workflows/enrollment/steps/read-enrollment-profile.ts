import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import type { EnrollmentProfileHookInput } from "../enrollment-profile"

export const readEnrollmentProfileStepId = "read-enrollment-profile"

export type ReadEnrollmentProfileStepInput = {
  customer_id: string
  /** What the profile is for: an enrolment's source, or "update" (a customer changed). */
  source: string
  /** Only for a customer whose holder exists (`"enrolled"`: and has a phone, not failed). */
  holder?: "exists" | "enrolled"
}

/**
 * The input of the profile hooks (setEnrollmentProfile, setHolderProfile): the customer and
 * the profile the plugin records for them (their first and last name and e-mail). Null when
 * there is no such customer, or no holder where one is asked for (the hook then does not
 * run). Reads only.
 */
export const readEnrollmentProfileStep = createStep(
  readEnrollmentProfileStepId,
  async ({ customer_id, source, holder }: ReadEnrollmentProfileStepInput, { container }) => {
    const none = () => new StepResponse<EnrollmentProfileHookInput | null>(null)
    if (holder) {
      const [found] = await container.resolve(WALLET_PASS_MODULE).listWalletPassHolders({ customer_id })
      if (!found) return none()
      if (holder === "enrolled" && (!found.phone || found.enrollment_state === "failed")) return none()
    }
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "customer",
      fields: ["id", "first_name", "last_name", "email", "has_account", "metadata"],
      filters: { id: customer_id },
    })
    const customer = data[0]
    if (!customer) return none()
    return new StepResponse<EnrollmentProfileHookInput | null>({
      customer: {
        id: customer.id,
        email: customer.email ?? null,
        first_name: customer.first_name ?? null,
        last_name: customer.last_name ?? null,
        has_account: customer.has_account === true,
        metadata: (customer.metadata as Record<string, unknown> | null) ?? null,
      },
      source,
      profile: {
        name: customer.first_name ?? null,
        surname: customer.last_name ?? null,
        email: customer.email ?? null,
      },
    })
  }
)
