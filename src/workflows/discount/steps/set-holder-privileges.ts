import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { OPERATION_PRIORITY, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type SetHolderPrivilegesStepInput = {
  holder_id: string
  /** Basis points; absent leaves the rate unchanged. */
  bonus_percent_bp?: number
  discount_percent_bp?: number
}

export type SetHolderPrivilegesStepOutput = {
  holder_id: string
  customer_id: string | null
  bonus_percent_bp: number | null
  discount_percent_bp: number
  discount_changed: boolean
  bonus_changed: boolean
}

export const setHolderPrivilegesStepId = "set-holder-privileges"

/**
 * Stores the rates that were sent and only those; compensation puts the old rates back (a
 * profile update it queued stays: it sends the rates the holder has when it goes).
 */
export const setHolderPrivilegesStep = createStep(
  setHolderPrivilegesStepId,
  async (input: SetHolderPrivilegesStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const before = await walletPass.retrieveWalletPassHolder(input.holder_id)
    const changes = {
      ...(input.bonus_percent_bp !== undefined ? { bonus_percent_bp: input.bonus_percent_bp } : {}),
      ...(input.discount_percent_bp !== undefined ? { discount_percent_bp: input.discount_percent_bp } : {}),
      // Rates the program's level set are overridden until the next level change (docs/program.md).
      ...(before.rates_source === "level" ? { rates_source: "override" as const } : {}),
    }
    const after = await walletPass.updateWalletPassHolders({ id: input.holder_id, ...changes })
    if (after.rates_source === "override") {
      // The program owns the rates, and a request carrying the level's may still land after
      // the service's change (in flight, or sent while this hook was): one more profile
      // update sets the card to what the store now holds (docs/program.md).
      await walletPass.enqueueProfileSync(after.id, OPERATION_PRIORITY.follows)
    }
    const output: SetHolderPrivilegesStepOutput = {
      holder_id: after.id,
      customer_id: after.customer_id,
      bonus_percent_bp: after.bonus_percent_bp,
      discount_percent_bp: after.discount_percent_bp,
      bonus_changed: after.bonus_percent_bp !== before.bonus_percent_bp,
      discount_changed: after.discount_percent_bp !== before.discount_percent_bp,
    }
    return new StepResponse(output, {
      id: before.id,
      bonus_percent_bp: before.bonus_percent_bp,
      discount_percent_bp: before.discount_percent_bp,
      rates_source: before.rates_source,
    })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve(WALLET_PASS_MODULE).updateWalletPassHolders(previous)
  }
)
