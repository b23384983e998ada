import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

/** Holder fields a pass install can set; undefined leaves a field as it is. */
export type PassHolderFields = {
  name?: string
  surname?: string
  middlename?: string
  email?: string
  birthday?: string
  extra?: Record<string, unknown>
  promo?: string
  user_hash?: string
  referrer_phone?: string
}

export type UpsertPassHolderStepInput = {
  phone: string
  customer_id: string
  fields: PassHolderFields
  /** Rates the service sent with the install: they fill rates not set yet (setPrivileges changes rates). */
  bonus_percent_bp?: number
  discount_percent_bp?: number
}

export const upsertPassHolderStepId = "upsert-pass-holder"

const RESTORABLE = [
  "customer_id",
  "bonus_percent_bp",
  "discount_percent_bp",
  "name",
  "surname",
  "middlename",
  "email",
  "birthday",
  "extra",
  "promo",
  "user_hash",
  "referrer_phone",
  "enrollment_state",
  "enrollment_error",
  "enrolled_at",
] as const

type Compensation = { created: string } | { restore: Record<string, unknown> & { id: string } }

/**
 * Creates the holder of a phone, or updates it with what the service sent: linked to the
 * customer and marked enrolled (the service issued a pass). Compensation deletes a holder
 * it created or restores the fields it changed.
 */
export const upsertPassHolderStep = createStep(
  upsertPassHolderStepId,
  async (input: UpsertPassHolderStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const defined = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== undefined))
    const [existing] = await walletPass.listWalletPassHolders({ phone: input.phone })
    if (!existing) {
      const created = await walletPass.createWalletPassHolders({
        phone: input.phone,
        customer_id: input.customer_id,
        source: "hook",
        enrollment_state: "enrolled",
        enrolled_at: new Date(),
        bonus_percent_bp: input.bonus_percent_bp ?? null,
        discount_percent_bp: input.discount_percent_bp ?? 0,
        ...defined,
      })
      return new StepResponse({ holder_id: created.id, created: true }, { created: created.id } as Compensation)
    }
    const previous = Object.fromEntries(RESTORABLE.map((k) => [k, existing[k]]))
    // Rates the install carries fill rates not set yet (a store signup makes the holder
    // first); rates already set stay: setPrivileges is how the service changes them.
    const rates = {
      ...(input.bonus_percent_bp !== undefined && existing.bonus_percent_bp === null
        ? { bonus_percent_bp: input.bonus_percent_bp }
        : {}),
      ...(input.discount_percent_bp !== undefined && existing.discount_percent_bp === 0
        ? { discount_percent_bp: input.discount_percent_bp }
        : {}),
    }
    await walletPass.updateWalletPassHolders({
      id: existing.id,
      customer_id: input.customer_id,
      enrollment_state: "enrolled",
      enrollment_error: null,
      enrolled_at: existing.enrolled_at ?? new Date(),
      ...defined,
      ...rates,
    })
    return new StepResponse({ holder_id: existing.id, created: false }, {
      restore: { id: existing.id, ...previous },
    } as Compensation)
  },
  async (compensation: Compensation | undefined, { container }) => {
    if (!compensation) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    if ("created" in compensation) {
      await walletPass.deleteWalletPassHolders([compensation.created])
    } else {
      await walletPass.updateWalletPassHolders(compensation.restore)
    }
  }
)
