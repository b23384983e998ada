import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { CUSTOMER_SOURCE_METADATA_KEY, HolderSource, OPERATION_PRIORITY } from "../../modules/wallet-pass/constants"
import type WalletPassModuleService from "../../modules/wallet-pass/service"
import { tryNormalizePhone, type CountryCode } from "../../lib/phone"

export type CreateEnrollmentStepInput = { customer_id: string; source: HolderSource }
export type CreateEnrollmentStepOutput =
  | { skipped: string }
  | { skipped: null; holder_id: string; created: boolean; state: string; operation_id: string | null }

export const createEnrollmentStepId = "create-enrollment"

/**
 * Records a store customer as a holder and queues their enrolment (user_create_or_update).
 * Customers the plugin itself created from a pass install are skipped: the service already
 * knows them. Compensation removes a holder and request this run created.
 */
export const createEnrollmentStep = createStep(
  createEnrollmentStepId,
  async ({ customer_id, source }: CreateEnrollmentStepInput, { container }) => {
    const walletPass = container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "customer",
      fields: ["id", "phone", "first_name", "last_name", "email", "metadata"],
      filters: { id: customer_id },
    })
    const customer = data[0]
    if (!customer) {
      return new StepResponse<CreateEnrollmentStepOutput>({ skipped: "customer not found" })
    }
    if ((customer.metadata as Record<string, unknown> | null)?.[CUSTOMER_SOURCE_METADATA_KEY] === "hook") {
      return new StepResponse<CreateEnrollmentStepOutput>({ skipped: "created from a pass install" })
    }
    const normalized = customer.phone
      ? tryNormalizePhone(customer.phone, walletPass.getOptions().defaultCountry as CountryCode)
      : null
    const result = await walletPass.createHolderForEnrollment({
      customer_id,
      source,
      phone: normalized?.ok ? normalized.phone : null,
      phone_problem: normalized && !normalized.ok ? `invalid phone (${normalized.reason.replace(/_/g, " ")})` : null,
      profile: { name: customer.first_name, surname: customer.last_name, email: customer.email },
      priority: source === "backfill" ? OPERATION_PRIORITY.bulk : OPERATION_PRIORITY.accrual,
    })
    const output: CreateEnrollmentStepOutput = {
      skipped: null,
      holder_id: result.holder_id,
      created: result.created,
      state: result.state,
      operation_id: result.operation?.id ?? null,
    }
    return new StepResponse(output, result.created ? output : undefined)
  },
  async (created, { container }) => {
    if (!created || created.skipped !== null) return
    const walletPass = container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
    if (created.operation_id) await walletPass.softDeleteWalletPassOperations([created.operation_id])
    await walletPass.deleteWalletPassHolders([created.holder_id])
  }
)
