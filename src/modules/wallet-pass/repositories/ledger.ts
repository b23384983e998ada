import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { LedgerEntryRow, OrderBonus } from "../types"
import { type Reason, storedReason } from "../../../lib/reasons"
import { type AppliedEntryJson, type ConsumedCredit, entryFromJson } from "../utils/ledger-entry"

/**
 * Which holder rows {@link lockHolders} locks: one by its id or its customer's, or (`where`,
 * over alias `h`, with named bindings) the first `limit` by id of a selection.
 */
export type HolderLockSelection =
  { id: string } | { customer_id: string } | { where: string; bindings: Knex.ValueDict; limit?: number }

/**
 * The holder row lock, the one place it is taken (docs/architecture.md, "The ledger"): every
 * change of one holder (its ledger, its queue, its level, its account) goes one at a time
 * under it, in the caller's transaction. Answers the locked rows (`columns` of alias `h`,
 * `h.id` by default), by id (`order`: by these columns first). A soft-deleted holder is not
 * locked unless `withDeleted`; `skipLocked`: a holder another transaction holds is left out
 * instead of waited for (the card's catch-up, which comes back for it).
 */
export async function lockHolders<Row = { id: string }>(
  knex: Knex,
  selection: HolderLockSelection,
  {
    columns = "h.id",
    withDeleted = false,
    order = null,
    skipLocked = false,
  }: { columns?: string; withDeleted?: boolean; order?: string | null; skipLocked?: boolean } = {}
): Promise<Row[]> {
  const where = withDeleted ? [] : ["h.deleted_at IS NULL"]
  let bindings: Knex.ValueDict = {}
  let limit = ""
  if ("where" in selection) {
    where.push(selection.where)
    bindings = selection.bindings
    if (selection.limit) limit = `LIMIT ${Math.floor(selection.limit)}`
  } else if ("id" in selection) {
    where.push("h.id = :lock_id")
    bindings = { lock_id: selection.id }
  } else {
    where.push("h.customer_id = :lock_customer")
    bindings = { lock_customer: selection.customer_id }
  }
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `SELECT ${columns} FROM wallet_pass_holder h WHERE ${where.join(" AND ")}
      ORDER BY ${order ? `${order}, ` : ""}h.id ${limit} FOR UPDATE OF h${skipLocked ? " SKIP LOCKED" : ""}`,
    bindings
  )
  return rows
}

/**
 * The ledger's SQL. Every balance change goes through the database functions of db-functions/: an
 * entry is written by wallet_pass_apply_entry (directly, through wallet_pass_expire_credit
 * for an expiry, or through wallet_pass_hook_batch for the service's own credits), and an
 * applied entry is canceled by wallet_pass_cancel_entry; the balance is wallet_pass_balance.
 * Runs on the caller's connection or transaction (the active manager's knex).
 */
export class LedgerRepository {
  constructor(private readonly knex: Knex) {}

  /** Locks a live holder's row for the transaction (see {@link lockHolders}); false without one. */
  async lockHolder(holderId: string): Promise<boolean> {
    return (await lockHolders(this.knex, { id: holderId })).length > 0
  }

  /** Balances of holders, minor units (wallet_pass_balance); holders without entries get 0. */
  async balances(holderIds: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>(holderIds.map((id) => [id, 0]))
    if (!holderIds.length) {
      return result
    }
    const { rows } = await this.knex.raw<{ rows: { holder_id: string; balance: string }[] }>(
      `SELECT holder_id, wallet_pass_balance(holder_id) AS balance FROM unnest(?::text[]) AS holder_id`,
      [holderIds]
    )
    for (const row of rows) {
      result.set(row.holder_id, Number(row.balance))
    }
    return result
  }

  /**
   * One statement (wallet_pass_apply_entry), its one call: the balance read after the holder's
   * lock (the caller holds it), the INSERT that stops at an existing key, a debit's take from
   * lifetime credits. `entry` is built by newLedgerEntry (utils/ledger-entry.ts, its checks)
   * or expiryEntry, with the holder's id.
   */
  async applyEntry(entry: Record<string, unknown>, forbidOverdraft: boolean): Promise<AppliedEntryJson> {
    const { rows } = await this.knex.raw<{ rows: { result: AppliedEntryJson }[] }>(
      `SELECT wallet_pass_apply_entry(?::jsonb, ?) AS result`,
      [JSON.stringify(entry), forbidOverdraft]
    )
    return rows[0].result
  }

  /** The entry with a dedupe key or transaction id (wallet_pass_entry_by_keys). */
  async findByKeys(dedupeKey: string, transactionId: string | null): Promise<LedgerEntryRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: LedgerEntryRow[] }>(`SELECT * FROM wallet_pass_entry_by_keys(?, ?)`, [
      dedupeKey,
      transactionId,
    ])
    return rows[0]
  }

  /** A live entry by its id or its dedupe key, undefined when none; `appliedOnly`: only an applied one. */
  async entry(by: { id: string } | { dedupe_key: string }, appliedOnly = false): Promise<LedgerEntryRow | undefined> {
    const [column, value] = "id" in by ? ["id", by.id] : ["dedupe_key", by.dedupe_key]
    const { rows } = await this.knex.raw<{ rows: LedgerEntryRow[] }>(
      `SELECT * FROM wallet_pass_ledger_entry
        WHERE ${column} = ? AND deleted_at IS NULL${appliedOnly ? " AND state = 'applied'" : ""}`,
      [value]
    )
    return rows[0]
  }

  /** Gives an entry its order (a checkout's reservation once the order exists) and the reason that names it. */
  async attachOrder(entryId: string, orderId: string, why: Reason): Promise<void> {
    const stored = storedReason(why)
    await this.knex.raw(
      `UPDATE wallet_pass_ledger_entry SET order_id = ?, reason = ?, reason_code = ?, reason_values = ?::jsonb,
              updated_at = now()
        WHERE id = ?`,
      [
        orderId,
        stored.reason,
        stored.reason_code,
        stored.reason_values && JSON.stringify(stored.reason_values),
        entryId,
      ]
    )
  }

  /** Checkout reservations (applied redemptions without an order) created before `before`, oldest first. */
  async reservationsBefore(before: Date, limit: number): Promise<LedgerEntryRow[]> {
    const { rows } = await this.knex.raw<{ rows: LedgerEntryRow[] }>(
      `SELECT * FROM wallet_pass_ledger_entry
        WHERE kind = 'redemption' AND state = 'applied' AND order_id IS NULL AND created_at < ? AND deleted_at IS NULL
        ORDER BY created_at
        LIMIT ?`,
      [before, limit]
    )
    return rows
  }

  /** The holder of an entry, or undefined when there is no such entry. */
  async holderOf(entryId: string): Promise<string | undefined> {
    const { rows } = await this.knex.raw<{ rows: { holder_id: string }[] }>(
      `SELECT holder_id FROM wallet_pass_ledger_entry WHERE id = ?`,
      [entryId]
    )
    return rows[0]?.holder_id
  }

  /** An order's entries, oldest first, each with the latest request it queued (null when none). */
  async orderEntries(orderId: string): Promise<OrderBonus["entries"]> {
    const { rows } = await this.knex.raw<{
      rows: (Omit<OrderBonus["entries"][number], "operation"> & { operation: any })[]
    }>(
      `SELECT e.id, e.kind, e.amount, e.state, e.reason, e.reason_code, e.reason_values, e.created_at,
              (SELECT jsonb_build_object('id', o.id, 'method', o.method, 'state', o.state, 'last_error', o.last_error)
                 FROM wallet_pass_operation o
                WHERE o.ledger_entry_id = e.id AND o.deleted_at IS NULL
                ORDER BY o.created_at DESC LIMIT 1) AS operation
         FROM wallet_pass_ledger_entry e
        WHERE e.order_id = ? AND e.deleted_at IS NULL
        ORDER BY e.created_at, e.id`,
      [orderId]
    )
    return rows
  }

  /** How much of an order's accrual was reversed so far (by reversals of that reason only, if given), minor units (positive). */
  async reversedOfOrder(orderId: string, reasonCode?: string): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { reversed: string }[] }>(
      `SELECT COALESCE(-SUM(amount), 0) AS reversed FROM wallet_pass_ledger_entry
        WHERE order_id = ? AND kind = 'accrual_reversal' AND state = 'applied' AND deleted_at IS NULL
          AND (?::text IS NULL OR reason_code = ?)`,
      [orderId, reasonCode ?? null, reasonCode ?? null]
    )
    return Number(rows[0].reversed)
  }

  /** Lifetime credits that have lapsed and are not marked expired, holder by holder (the lock order). */
  async lapsedCredits(limit: number): Promise<{ id: string; holder_id: string }[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string; holder_id: string }[] }>(
      `SELECT id, holder_id FROM wallet_pass_ledger_entry
        WHERE expires_at <= now() AND expired_at IS NULL AND state = 'applied' AND deleted_at IS NULL
        ORDER BY holder_id, expires_at, id
        LIMIT ?`,
      [limit]
    )
    return rows
  }

  /**
   * Marks a lapsed lifetime credit expired and writes the `expiry` entry of what it had left,
   * in one statement (wallet_pass_expire_credit; the caller holds the holder's lock). `entry`
   * carries the expiry's id, dedupe key, reason and metadata. "taken": another process marked
   * it first; "consumed": nothing was left of it.
   */
  async expireCredit(
    creditId: string,
    entry: Record<string, unknown>
  ): Promise<AppliedEntryJson | { status: "taken" } | { status: "consumed" }> {
    const { rows } = await this.knex.raw<{
      rows: { result: AppliedEntryJson | { status: "taken" } | { status: "consumed" } }[]
    }>(`SELECT wallet_pass_expire_credit(?, ?::jsonb) AS result`, [creditId, JSON.stringify(entry)])
    return rows[0].result
  }

  /**
   * Cancels an applied entry (wallet_pass_cancel_entry; the caller holds the holder's lock):
   * it leaves the balance, and what a debit took from lifetime credits goes back to them.
   * `renameKeys` frees its dedupe key. Answers the canceled entry and the parts whose credit
   * has expired since (nothing was given back to those); undefined when it was not applied.
   */
  async cancelEntry(
    entryId: string,
    renameKeys: boolean
  ): Promise<{ entry: LedgerEntryRow; lapsed: ConsumedCredit[] } | undefined> {
    const { rows } = await this.knex.raw<{
      rows: { result: { entry: Record<string, unknown>; lapsed: ConsumedCredit[] } | null }[]
    }>(`SELECT wallet_pass_cancel_entry(?, ?) AS result`, [entryId, renameKeys])
    const result = rows[0].result
    return result ? { entry: entryFromJson(result.entry), lapsed: result.lapsed } : undefined
  }
}
