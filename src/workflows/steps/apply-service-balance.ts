import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import type WalletPassModuleService from "../../modules/wallet-pass/service"

export type ApplyServiceBalanceStepInput = {
  holder_id: string
  /** Signed minor units. */
  amount: number
  transaction_id: string
  lifetime_seconds?: number | null
}

export const applyServiceBalanceStepId = "apply-service-balance"

/**
 * Applies an addBalance from the service once (see the module's applyServiceBalanceChange).
 * Compensation cancels the entry only if this run created it; a repeat or an attached echo
 * changed nothing and leaves nothing to undo.
 */
export const applyServiceBalanceStep = createStep(
  applyServiceBalanceStepId,
  async (input: ApplyServiceBalanceStepInput, { container }) => {
    const walletPass = container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
    const result = await walletPass.applyServiceBalanceChange(input)
    return new StepResponse(
      {
        entry_id: result.entry.id,
        created: result.created,
        echo_of_operation_id: result.echo_of_operation_id,
        balance: result.balance,
      },
      result.created ? result.entry.id : undefined
    )
  },
  async (createdEntryId: string | undefined, { container }) => {
    if (!createdEntryId) return
    const walletPass = container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
    await walletPass.cancelLedgerEntry({ id: createdEntryId })
  }
)
