import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import type { ApplyLedgerEntryInput, EnqueueInput } from "../../../modules/wallet-pass/types"

/** A ledger change and the request that tells the service, or null when there is nothing to record. */
export type RecordLedgerChangeStepInput = {
  entry: ApplyLedgerEntryInput
  operation: Omit<EnqueueInput, "ledger_entry_id" | "holder_id">
} | null

export const recordLedgerChangeStepId = "record-ledger-change"

type Output = { created: boolean; entry_id: string | null; amount: number }
/** What a ledger-changing step undoes: the entry it created and the request it queued. */
export type LedgerChangeCompensation = { entry_id: string; operation_id: string | null }
type Compensation = LedgerChangeCompensation

/** Compensation of a ledger change: the entry is canceled and its request withdrawn. */
export async function withdrawLedgerChange(
  container: MedusaContainer,
  created: LedgerChangeCompensation | undefined
): Promise<void> {
  if (!created) return
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  await walletPass.cancelLedgerEntry({ id: created.entry_id })
  if (created.operation_id) {
    await walletPass.softDeleteWalletPassOperations([created.operation_id])
  }
}

/**
 * Applies a balance change once (by its dedupe key) and queues its request in the same
 * transaction. Compensation cancels an entry this run created and withdraws its request.
 */
export const recordLedgerChangeStep = createStep(
  recordLedgerChangeStepId,
  async (input: RecordLedgerChangeStepInput, { container }) => {
    if (!input) {
      return new StepResponse<Output, Compensation>({ created: false, entry_id: null, amount: 0 })
    }
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const result = await walletPass.applyLedgerEntryAndEnqueue(input.entry, input.operation)
    const output: Output = { created: result.created, entry_id: result.entry.id, amount: result.entry.amount }
    if (!result.created) {
      return new StepResponse<Output, Compensation>(output)
    }
    return new StepResponse<Output, Compensation>(output, {
      entry_id: result.entry.id,
      operation_id: result.operation?.id ?? null,
    })
  },
  (created: Compensation | undefined, { container }) => withdrawLedgerChange(container, created)
)
