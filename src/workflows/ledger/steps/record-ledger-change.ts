import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type ApplyLedgerEntryInput, type EnqueueInput, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { type LedgerChangeCompensation, withdrawLedgerChange } from "../utils/withdraw-ledger-change"

/** A ledger change and the request that tells the service, or null when there is nothing to record. */
export type RecordLedgerChangeStepInput = {
  entry: ApplyLedgerEntryInput
  operation: Omit<EnqueueInput, "ledger_entry_id" | "holder_id">
} | null

export const recordLedgerChangeStepId = "record-ledger-change"

type Output = { created: boolean; entry_id: string | null; amount: number }
type Compensation = LedgerChangeCompensation

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
