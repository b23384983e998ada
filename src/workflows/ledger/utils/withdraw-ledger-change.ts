import type { MedusaContainer } from "@medusajs/framework/types"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

/** What a ledger-changing step undoes: the entry it created and the request it queued. */
export type LedgerChangeCompensation = { entry_id: string; operation_id: string | null }

/** Compensation of a ledger change: the entry is canceled and its request withdrawn. */
export async function withdrawLedgerChange(
  container: MedusaContainer,
  created: LedgerChangeCompensation | undefined
): Promise<void> {
  if (!created) return
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  await walletPass.cancelLedgerEntry({ id: created.entry_id })
  if (created.operation_id) {
    await walletPass.withdrawOperations([created.operation_id])
  }
}
