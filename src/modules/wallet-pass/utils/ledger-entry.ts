import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { ApplyLedgerEntryResult, LedgerEntryRow } from "../types"
import { ledgerEntryProblems, type NewLedgerEntry } from "../rules/ledger-entry"
import { type Reason, storedReason } from "../../../lib/reasons"

/**
 * Checks a balance change (INVALID_DATA naming each problem: rules/ledger-entry.ts) and gives it
 * as wallet_pass_apply_entry takes it, with a new entry id. A lifetime is a credit's only.
 */
export function newLedgerEntry(input: NewLedgerEntry): Record<string, unknown> {
  const problems = ledgerEntryProblems(input)
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
