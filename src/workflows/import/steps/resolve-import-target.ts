import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { type Reason, reason } from "../../../lib/reasons"

export type ResolveImportTargetStepInput = {
  /** E.164 */
  phone: string
  /** Store customers whose phone is this one once normalised, registered accounts first. */
  candidate_customer_ids: string[]
  email?: string | null
}

export type ResolveImportTargetStepOutput = {
  /** Why this phone is not imported (it is known already, its customer has another pass), else null. */
  skip: Reason | null
  /** A holder of this phone waiting for its adoption (a store signup), else null. */
  holder_id: string | null
  /** The store customer to link, null when one must be created. */
  customer_id: string | null
  /** A holder of that customer without a phone or history (a failed enrolment) to reuse. */
  reuse_holder_id: string | null
  /** An email the new customer may take (no other customer has it), else null. */
  email: string | null
}

export const resolveImportTargetStepId = "resolve-wallet-pass-import-target"

/**
 * Where an imported phone goes: the holder of that phone if it still waits for adoption,
 * else the first store customer with that phone who has no pass (one with an empty holder
 * — a failed enrolment — too), else a new store customer. A phone the store knows already,
 * or whose customer holds a pass of another phone, is skipped with the reason.
 */
export const resolveImportTargetStep = createStep(
  resolveImportTargetStepId,
  async (input: ResolveImportTargetStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const out: ResolveImportTargetStepOutput = {
      skip: null,
      holder_id: null,
      customer_id: null,
      reuse_holder_id: null,
      email: null,
    }
    const [holder] = await walletPass.listWalletPassHolders(
      { phone: input.phone },
      { select: ["id", "customer_id", "adoption_state"] }
    )
    if (holder) {
      if (holder.adoption_state !== "pending") return new StepResponse({ ...out, skip: reason("import_in_store") })
      return new StepResponse({ ...out, holder_id: holder.id, customer_id: holder.customer_id })
    }
    const customers = container.resolve(Modules.CUSTOMER)
    const existing = input.candidate_customer_ids.length
      ? await customers.listCustomers({ id: input.candidate_customer_ids }, { select: ["id"] })
      : []
    const alive = new Set(existing.map((c) => c.id))
    let passOfAnotherPhone: Reason | null = null
    for (const id of input.candidate_customer_ids.filter((c) => alive.has(c))) {
      const [own] = await walletPass.listWalletPassHolders({ customer_id: id }, { select: ["id", "phone"] })
      if (!own) return new StepResponse({ ...out, customer_id: id })
      const entries = await walletPass.listWalletPassLedgerEntries({ holder_id: own.id }, { select: ["id"], take: 1 })
      if (!own.phone && !entries.length) return new StepResponse({ ...out, customer_id: id, reuse_holder_id: own.id })
      passOfAnotherPhone ??= reason("import_pass_of_other_phone", { customer_id: id, phone: own.phone ?? "—" })
    }
    if (passOfAnotherPhone) return new StepResponse({ ...out, skip: passOfAnotherPhone })
    let email: string | null = null
    if (input.email) {
      const taken = await customers.listCustomers({ email: input.email }, { select: ["id"], take: 1 })
      email = taken.length ? null : input.email
    }
    return new StepResponse({ ...out, email })
  }
)
