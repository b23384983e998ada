import { acquireLockStep, createCustomersWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  type AdoptionResult,
  CUSTOMER_SOURCE_METADATA_KEY,
  type ServiceCustomerSnapshot,
} from "../../modules/wallet-pass"
import { adoptHolderStep } from "./steps/adopt-holder"
import { recordCustomerSourceStep } from "../enrollment/steps/record-customer-source"
import { ensureImportHolderStep } from "./steps/ensure-import-holder"
import { resolveImportTargetStep } from "./steps/resolve-import-target"
import type { Reason } from "../../lib/reasons"

export type ImportServiceCustomerWorkflowInput = {
  /** E.164 */
  phone: string
  snapshot: ServiceCustomerSnapshot
  /** Store customers whose phone is this one once normalised, registered accounts first. */
  candidate_customer_ids: string[]
}

export type ImportServiceCustomerWorkflowOutput = {
  skip: Reason | null
  holder_id: string | null
  customer_id: string | null
  /** "linked" to a store customer that had this phone, or "created" a store customer. */
  outcome: "linked" | "created" | null
  adoption: AdoptionResult | null
}

export const importServiceCustomerWorkflowId = "import-wallet-pass-service-customer"

/**
 * One customer of the service's base comes into the store (docs/adoption.md, import): the
 * holder of that phone, linked to the store customer with that phone or to a new one
 * created the way a pass install creates one (marked so it is never enrolled back), adopts
 * what the service holds. Serialised per phone with pass installs (the same lock).
 */
export const importServiceCustomerWorkflow = createWorkflow(
  importServiceCustomerWorkflowId,
  (input: WorkflowData<ImportServiceCustomerWorkflowInput>) => {
    const lockKey = transform({ input }, ({ input }) => `wallet-pass:phone:${input.phone}`)
    acquireLockStep({ key: lockKey, timeout: 20, ttl: 60, retryInterval: 0.05 })
    const target = resolveImportTargetStep({
      phone: input.phone,
      candidate_customer_ids: input.candidate_customer_ids,
      email: transform({ input }, ({ input }) => input.snapshot.profile.email ?? null),
    })
    // Flat conditions (when blocks do not nest): a customer is created only when the phone is
    // imported and no store customer has it; the holder and adoption only when imported.
    const created = when(
      "wallet-pass-import-creates-customer",
      { target },
      ({ target }) => !target.skip && !target.customer_id
    ).then(() => {
      const customersData = transform({ input, target }, ({ input, target }) => [
        {
          first_name: input.snapshot.profile.name ?? null,
          last_name: input.snapshot.profile.surname ?? null,
          email: target.email,
          phone: input.phone,
          metadata: { [CUSTOMER_SOURCE_METADATA_KEY]: "import" },
        },
      ])
      const customers = createCustomersWorkflow.runAsStep({ input: { customersData } })
      recordCustomerSourceStep(
        transform({ customers }, ({ customers }) => ({ customer_id: customers[0].id, source: "import" as const }))
      )
      return customers
    })
    const imported = when("wallet-pass-import-not-skipped", { target }, ({ target }) => !target.skip).then(() => {
      const customerId = transform({ target, created }, ({ target, created }) => target.customer_id ?? created![0].id)
      const holder = ensureImportHolderStep({
        phone: input.phone,
        customer_id: customerId,
        holder_id: target.holder_id,
        reuse_holder_id: target.reuse_holder_id,
        profile: transform({ input }, ({ input }) => input.snapshot.profile),
      })
      const adoption = adoptHolderStep({ holder_id: holder.holder_id, snapshot: input.snapshot })
      return transform({ holder, customerId, target, adoption }, ({ holder, customerId, target, adoption }) => ({
        holder_id: holder.holder_id,
        customer_id: customerId,
        outcome: (target.customer_id ? "linked" : "created") as "linked" | "created",
        adoption,
      }))
    })
    releaseLockStep({ key: lockKey })
    const result = transform({ target, imported }, ({ target, imported }) => ({
      skip: target.skip,
      holder_id: imported?.holder_id ?? null,
      customer_id: imported?.customer_id ?? null,
      outcome: imported?.outcome ?? null,
      adoption: imported?.adoption ?? null,
    }))
    return new WorkflowResponse<ImportServiceCustomerWorkflowOutput>(result)
  }
)
