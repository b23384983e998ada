import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type ServiceCustomerSnapshot, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type EnsureImportHolderStepInput = {
  phone: string
  customer_id: string
  /** A holder of this phone waiting for adoption: adopted as it is. */
  holder_id: string | null
  /** An empty holder of the customer (no phone, no history) that takes the phone. */
  reuse_holder_id: string | null
  profile: ServiceCustomerSnapshot["profile"]
}

type Compensation = { created: string } | { reused: string } | null

export const ensureImportHolderStepId = "ensure-wallet-pass-import-holder"

/**
 * The holder an imported phone is adopted into: the waiting one, the customer's empty one
 * (given the phone), or a new one (source "import", enrolled: the service knows the phone),
 * waiting for its adoption. Compensation deletes a holder it created or takes the phone
 * back from one it reused.
 */
export const ensureImportHolderStep = createStep(
  ensureImportHolderStepId,
  async (input: EnsureImportHolderStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    if (input.holder_id) return new StepResponse({ holder_id: input.holder_id }, null as Compensation)
    const known = {
      phone: input.phone,
      customer_id: input.customer_id,
      source: "import" as const,
      enrollment_state: "enrolled" as const,
      enrollment_error: null,
      enrolled_at: new Date(),
      adoption_state: "pending" as const,
    }
    if (input.reuse_holder_id) {
      await walletPass.updateWalletPassHolders({ id: input.reuse_holder_id, ...known })
      return new StepResponse({ holder_id: input.reuse_holder_id }, { reused: input.reuse_holder_id } as Compensation)
    }
    const created = await walletPass.createWalletPassHolders({ ...known, discount_percent_bp: 0 })
    return new StepResponse({ holder_id: created.id }, { created: created.id } as Compensation)
  },
  async (compensation, { container }) => {
    if (!compensation) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    if ("created" in compensation) await walletPass.deleteWalletPassHolders([compensation.created])
    else await walletPass.updateWalletPassHolders({ id: compensation.reused, phone: null })
  }
)
