import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { OPERATION_PRIORITY, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import type { EnrollmentProfile } from "../enrollment-profile"

export const syncHolderProfileStepId = "sync-holder-profile"

const FIELDS = ["name", "surname", "email"] as const

type Previous = { id: string } & Partial<Record<(typeof FIELDS)[number], string | null>>

/**
 * Copies a store customer's name and email to their holder and, when something changed,
 * queues one profile update (coalesced with any update still waiting). For a pass the service
 * held before, of an account that has not proven the phone, the update is withheld when it
 * would go (rules/service-record.ts, where every such request is built) and the holder's
 * fields go once the phone is proven. `profile`: what the setHolderProfile hook left, over the
 * customer's (docs/loyalty.md, "Extending: workflow hooks"). Compensation puts the old fields back.
 */
export const syncHolderProfileStep = createStep(
  syncHolderProfileStepId,
  async ({ customer_id, profile }: { customer_id: string; profile?: EnrollmentProfile | null }, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const [holder] = await walletPass.listWalletPassHolders({ customer_id })
    if (!holder?.phone || holder.enrollment_state === "failed") {
      return new StepResponse<{ queued: boolean }, Previous>({ queued: false })
    }
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "customer",
      fields: ["first_name", "last_name", "email", "has_account"],
      filters: { id: customer_id },
    })
    const c = data[0]
    if (!c) return new StepResponse<{ queued: boolean }, Previous>({ queued: false })
    const own = { name: c.first_name ?? null, surname: c.last_name ?? null, email: c.email ?? null }
    const next = profile ? { ...own, ...profile } : own
    const changed = FIELDS.filter((f) => next[f] !== null && next[f] !== holder[f])
    if (!changed.length) {
      return new StepResponse<{ queued: boolean }, Previous>({ queued: false })
    }
    const previous = Object.fromEntries(changed.map((f) => [f, holder[f]]))
    await walletPass.updateWalletPassHolders({ id: holder.id, ...Object.fromEntries(changed.map((f) => [f, next[f]])) })
    await walletPass.enqueueProfileSync(holder.id, OPERATION_PRIORITY.profile)
    return new StepResponse<{ queued: boolean }, Previous>({ queued: true }, { id: holder.id, ...previous })
  },
  async (previous: Previous | undefined, { container }) => {
    if (!previous) return
    await container.resolve(WALLET_PASS_MODULE).updateWalletPassHolders(previous)
  }
)
