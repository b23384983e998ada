import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import { LEDGER_KINDS, MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR } from "../constants"
import type { ApplyLedgerEntryInput, ApplyLedgerEntryResult, LedgerEntryRow } from "../types"
import { formatBalanceAmount } from "../../../lib/amounts"
import { type Reason, storedReason } from "../../../lib/reasons"

/** The longest lifetime a credit may have. */
const MAX_LIFETIME_SECONDS = 100 * 366 * 24 * 3600

/** Kinds that carry a balance the service held into the ledger. */
const TAKEN_OVER = new Set<string>(["opening_balance", "sync_adjustment"])

/** A balance change without its holder: what wallet_pass_apply_entry writes once it has one. */
export type NewLedgerEntry = Omit<ApplyLedgerEntryInput, "holder_id" | "forbid_overdraft">

/**
 * Checks a balance change (INVALID_DATA naming each problem) and gives it as
 * wallet_pass_apply_entry takes it, with a new entry id. A lifetime is a credit's only.
 */
export function newLedgerEntry(input: NewLedgerEntry): Record<string, unknown> {
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
  if (problems.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ledger entry: ${problems.join("; ")}`)
  }
  return {
    id: generateEntityId(undefined, "wple"),
    amount: input.amount,
    kind: input.kind,
    ...storedReason(input.reason),
    order_id: input.order_id ?? null,
    dedupe_key: input.dedupe_key,
    transaction_id: input.transaction_id ?? null,
    lifetime_seconds: input.amount > 0 ? (input.lifetime_seconds ?? null) : null,
    metadata: input.metadata ?? null,
  }
}

/** What a debit took from one lifetime credit (minor units); kept in the debit's metadata (wallet_pass_apply_entry). */
export type ConsumedCredit = { credit_id: string; amount: number }

/** What wallet_pass_apply_entry answers for a change it wrote or found written (JSON). */
export type AppliedEntryJson =
  | {
      status: "created" | "repeat"
      entry: Record<string, unknown>
      balance: number
      conflicting?: boolean
      echo_of_operation_id?: string | null
    }
  | { status: "refused"; balance: number }
  | { status: "out_of_range"; balance: number }

/** A ledger row as a database function answers it (to_jsonb): its timestamps, text there, are Dates again. */
export function entryFromJson(json: Record<string, unknown>): LedgerEntryRow {
  const row = { ...json }
  for (const key of ["expires_at", "expired_at", "created_at", "updated_at", "deleted_at"]) {
    if (typeof row[key] === "string") row[key] = new Date(row[key] as string)
  }
  return row as LedgerEntryRow
}

/**
 * An `expiry` entry without its amount and holder (the lapsed credit, or the canceled debit's
 * part of it, gives them), as wallet_pass_apply_entry takes it.
 */
export function expiryEntry({
  reason,
  ...input
}: {
  reason: Reason
  dedupe_key: string
  metadata: Record<string, unknown>
}): Record<string, unknown> {
  return {
    id: generateEntityId(undefined, "wple"),
    kind: "expiry",
    order_id: null,
    transaction_id: null,
    ...storedReason(reason),
    ...input,
  }
}

/**
 * A change written or found written, as the database functions answer it: the entry's
 * timestamps (to_jsonb gives text) become Dates again.
 */
export function appliedEntry(result: {
  status: string
  entry: Record<string, unknown>
  balance: number
  conflicting?: boolean
}): ApplyLedgerEntryResult {
  return {
    entry: entryFromJson(result.entry),
    created: result.status === "created",
    conflicting: result.conflicting ?? false,
    balance: Number(result.balance),
  }
}
