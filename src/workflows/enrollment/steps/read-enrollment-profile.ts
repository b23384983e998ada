import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreateEnrollmentStepInput } from "./create-enrollment"
import type { EnrollmentProfileHookInput } from "../enrollment-profile"

export const readEnrollmentProfileStepId = "read-enrollment-profile"

/**
 * The setEnrollmentProfile hook's input: the customer and the profile the plugin enrols them
 * with (their first and last name and e-mail). Null when there is no such customer (the
 * enrolment step then says so). Reads only.
 */
export const readEnrollmentProfileStep = createStep(
  readEnrollmentProfileStepId,
  async ({ customer_id, source }: CreateEnrollmentStepInput, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "customer",
      fields: ["id", "first_name", "last_name", "email", "has_account", "metadata"],
      filters: { id: customer_id },
    })
    const customer = data[0]
    if (!customer) return new StepResponse<EnrollmentProfileHookInput | null>(null)
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
      profile: { name: customer.first_name, surname: customer.last_name, email: customer.email },
    })
  }
)
