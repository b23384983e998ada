import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  type EnrollmentUndo as Undo,
  HolderSource,
  OPERATION_PRIORITY,
  type ReenrollWhen,
  WALLET_PASS_MODULE,
} from "../../../modules/wallet-pass"
import { readCustomerPhone } from "../../../utils/phone-country"
import { phoneProblemText } from "../../../lib/reasons"
import type { EnrollmentProfile } from "../enrollment-profile"

export type CreateEnrollmentStepInput = {
  customer_id: string
  source: HolderSource
  /** Enrol again a holder that never reached the service (see the module's createHolderForEnrollment). */
  retry?: ReenrollWhen
  /** Only act for a customer who already has a holder (a customer.updated). */
  existing_only?: boolean
}
/** The step's input in enrollCustomerWorkflow: with the profile the setEnrollmentProfile hook left. */
export type CreateEnrollmentStepWithProfile = CreateEnrollmentStepInput & { profile?: EnrollmentProfile | null }
export type CreateEnrollmentStepOutput =
  | { skipped: string }
  | {
      skipped: null
      holder_id: string
      created: boolean
      reenrolled: boolean
      state: string
      error: string | null
      operation_id: string | null
    }

export const createEnrollmentStepId = "create-enrollment"

/**
 * Records a store customer as a holder and queues their enrolment (user_create_or_update),
 * or enrols again a holder that never reached the service when `retry` says so. Customers
 * the plugin itself created from a pass install are skipped: the service already knows
 * them. `profile`: the one to record (the setEnrollmentProfile hook's), else the customer's
 * name and e-mail. Compensation deletes a holder this run created, or gives a re-enrolled one its
 * earlier state back, and withdraws the request.
 */
export const createEnrollmentStep = createStep(
  createEnrollmentStepId,
  async ({ customer_id, source, retry, existing_only, profile }: CreateEnrollmentStepWithProfile, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "customer",
      fields: ["id", "phone", "first_name", "last_name", "email", "has_account"],
      filters: { id: customer_id },
    })
    const customer = data[0]
    if (!customer) {
      return new StepResponse<CreateEnrollmentStepOutput, Undo>({ skipped: "customer not found" })
    }
    // The plugin's own mark, never the customer's metadata (a store route writes that: docs/security.md).
    const [mark] = await walletPass.listWalletPassCustomerSources({ customer_id }, { select: ["id"] })
    if (mark) {
      return new StepResponse<CreateEnrollmentStepOutput, Undo>({ skipped: "created from a pass install" })
    }
    // In the customer's own countries first, then the store's; one mobile number or a problem (docs/phones.md).
    const normalized = await readCustomerPhone(container, customer)
    const result = await walletPass.createHolderForEnrollment({
      customer_id,
      source,
      phone: normalized?.ok ? normalized.phone : null,
      phone_problem: normalized && !normalized.ok ? phoneProblemText(normalized) : null,
      profile: profile ?? { name: customer.first_name, surname: customer.last_name, email: customer.email },
      priority: await enrollmentPriority(container, source, customer_id),
      retry,
      existing_only,
      // A store account's own phone is unproven: its enrolment texts no install link unless an
      // admin asked for it (docs/security.md). Customers without an account got their phone
      // from the admin.
      install_text: source === "admin" || !customer.has_account,
    })
    if (!result) {
      return new StepResponse<CreateEnrollmentStepOutput, Undo>({ skipped: "no holder yet" })
    }
    const operationId = result.operation?.id ?? null
    const output: CreateEnrollmentStepOutput = {
      skipped: null,
      holder_id: result.holder_id,
      created: result.created,
      reenrolled: result.previous !== null && result.state === "pending",
      state: result.state,
      error: result.error,
      operation_id: operationId,
    }
    const changed = result.created || result.previous !== null
    const undo: Undo = {
      holder_id: result.holder_id,
      created: result.created,
      previous: result.previous,
      operation_id: operationId,
    }
    return new StepResponse(output, changed ? undo : undefined)
  },
  async (undo: Undo | undefined, { container }) => {
    if (!undo) return
    await container.resolve(WALLET_PASS_MODULE).undoEnrollment(undo)
  }
)

/**
 * The queue class of an enrolment (docs/architecture.md, "The queue"): the admin's bulk
 * enrolment is bulk work; a signup is class c (what anyone can cause) unless its customer has
 * ordered already (a checkout's account); anything else (the admin's "enrol now") is class b.
 * A signup's enrolment still waiting moves up when its customer orders or proves the phone
 * (QueueClassRepository.promoteHolder, repositories/classes.ts).
 */
async function enrollmentPriority(
  container: Parameters<Parameters<typeof createStep>[1]>[1]["container"],
  source: HolderSource,
  customerId: string
): Promise<number> {
  if (source === "backfill") return OPERATION_PRIORITY.bulk
  if (source !== "signup") return OPERATION_PRIORITY.enrolment
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id"],
    filters: { customer_id: customerId },
    pagination: { take: 1 },
  })
  return data.length ? OPERATION_PRIORITY.enrolment : OPERATION_PRIORITY.signup
}
