import { LEDGER_KINDS, MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from "../constants"
import type { ApplyLedgerEntryInput } from "../types"
import { formatBalanceAmount } from "../../../lib/amounts"

/**
 * What a balance change must be to enter the ledger (docs/architecture.md, "The ledger"): pure,
 * one problem per line. utils/ledger-entry.ts builds the row of a change that passes.
 */

/** The longest lifetime a credit may have. */
const MAX_LIFETIME_SECONDS = 100 * 366 * 24 * 3600

/** Kinds that carry a balance the service held into the ledger. */
const TAKEN_OVER = new Set<string>(["opening_balance", "sync_adjustment"])

/** A balance change without its holder: what wallet_pass_apply_entry writes once it has one. */
export type NewLedgerEntry = Omit<ApplyLedgerEntryInput, "holder_id" | "forbid_overdraft">

/** The problems of a balance change, each in words; empty when it may enter the ledger. A lifetime is a credit's only. */
export function ledgerEntryProblems(input: NewLedgerEntry): string[] {
  const problems: string[] = []
  // A balance taken over from the service (adoption's opening balance, an import's adjustment)
  // is bounded only by what a balance can be: the service's is the balance of record there.
  const largest = TAKEN_OVER.has(input.kind) ? MAX_BALANCE_MINOR : MAX_AMOUNT_MINOR
  if (!Number.isSafeInteger(input.amount) || input.amount === 0 || Math.abs(input.amount) > largest) {
    problems.push(`amount must not be zero and at most ${formatBalanceAmount(largest)} in size (two decimals at most)`)
  }
  if (!LEDGER_KINDS.includes(input.kind)) problems.push(`kind must be one of ${LEDGER_KINDS.join(", ")}`)
  if (!input.dedupe_key?.trim()) problems.push("dedupe_key is required")
  if (
    input.lifetime_seconds != null &&
    (!Number.isSafeInteger(input.lifetime_seconds) ||
      input.lifetime_seconds <= 0 ||
      input.lifetime_seconds > MAX_LIFETIME_SECONDS)
  ) {
    problems.push("lifetime_seconds must be a positive integer of at most 100 years")
  }
  return problems
}
