import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { LedgerEntryRow } from "../types"
import type { AppliedEntryJson } from "../utils/ledger-entry"

/**
 * The ledger's SQL. Every balance change is written by the database function
 * wallet_pass_apply_entry (sql/wallet_pass_apply_entry.sql) or, for the service's own
 * credits, by wallet_pass_hook_batch, which calls it; the balance is wallet_pass_balance.
 * Runs on the caller's connection or transaction (the active manager's knex).
 */
export class LedgerRepository {
  constructor(private readonly knex: Knex) {}

  /** Locks a holder's row for the transaction: every change of one holder goes one at a time. */
  async lockHolder(holderId: string): Promise<void> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_holder WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [holderId]
    )
    if (!rows.length) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${holderId} was not found`)
    }
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
   * One statement (wallet_pass_apply_entry): the balance read after the holder's lock, the
   * INSERT that stops at an existing key, a debit's take from lifetime credits.
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

  /** The holder of an entry, or undefined when there is no such entry. */
  async holderOf(entryId: string): Promise<string | undefined> {
    const { rows } = await this.knex.raw<{ rows: { holder_id: string }[] }>(
      `SELECT holder_id FROM wallet_pass_ledger_entry WHERE id = ?`,
      [entryId]
    )
    return rows[0]?.holder_id
  }

  /** How much of an order's accrual was reversed so far, minor units (positive). */
  async reversedOfOrder(orderId: string): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { reversed: string }[] }>(
      `SELECT COALESCE(-SUM(amount), 0) AS reversed FROM wallet_pass_ledger_entry
        WHERE order_id = ? AND kind = 'accrual_reversal' AND state = 'applied' AND deleted_at IS NULL`,
      [orderId]
    )
    return Number(rows[0].reversed)
  }

  /**
   * Marks an applied entry canceled (it leaves the balance: the running sum's trigger takes
   * it out); `renameKeys` frees its dedupe key. The canceled row, or undefined when it was
   * not applied.
   */
  async cancelEntry(entryId: string, renameKeys: boolean): Promise<LedgerEntryRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: LedgerEntryRow[] }>(
      `UPDATE wallet_pass_ledger_entry
          SET state = 'canceled', updated_at = now(),
              dedupe_key = CASE WHEN ? THEN dedupe_key || ':void:' || id ELSE dedupe_key END
        WHERE id = ? AND state = 'applied'
        RETURNING *`,
      [renameKeys, entryId]
    )
    return rows[0]
  }

  /**
   * Gives `amount` back to a lifetime credit a canceled debit took it from, unless the credit
   * has expired since: answers the credit's expired_at (then nothing was given back).
   */
  async giveBackToCredit(creditId: string, amount: number): Promise<Date | null> {
    const { rows } = await this.knex.raw<{ rows: { expired_at: Date | null }[] }>(
      `UPDATE wallet_pass_ledger_entry
          SET remaining = CASE WHEN expired_at IS NULL THEN remaining + ? ELSE remaining END, updated_at = now()
        WHERE id = ? AND state = 'applied'
        RETURNING expired_at`,
      [amount, creditId]
    )
    return rows[0]?.expired_at ?? null
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

  /** Marks a credit expired; answers what was left of it, or undefined when another process marked it first. */
  async markExpired(creditId: string): Promise<number | undefined> {
    const { rows } = await this.knex.raw<{ rows: { remaining: number | null }[] }>(
      `UPDATE wallet_pass_ledger_entry AS e SET expired_at = now(), remaining = 0, updated_at = now()
         FROM (SELECT id, remaining FROM wallet_pass_ledger_entry WHERE id = ?) AS before
        WHERE e.id = before.id AND e.expired_at IS NULL
        RETURNING before.remaining`,
      [creditId]
    )
    return rows.length ? (rows[0].remaining ?? 0) : undefined
  }

  /** Writes an `expiry` entry (the caller holds the holder's lock); undefined when its dedupe key exists. */
  async insertExpiry(input: {
    holder_id: string
    amount: number
    reason: string
    dedupe_key: string
    metadata: Record<string, unknown>
    balance_after: number
  }): Promise<LedgerEntryRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: LedgerEntryRow[] }>(
      `INSERT INTO wallet_pass_ledger_entry
         (id, holder_id, amount, kind, state, reason, dedupe_key, overdraft, balance_after, metadata, created_at, updated_at)
       VALUES (?, ?, ?, 'expiry', 'applied', ?, ?, false, ?, ?::jsonb, now(), now())
       ON CONFLICT DO NOTHING
       RETURNING *`,
      [
        generateEntityId(undefined, "wple"),
        input.holder_id,
        -input.amount,
        input.reason,
        input.dedupe_key,
        input.balance_after,
        JSON.stringify(input.metadata),
      ]
    )
    return rows[0]
  }
}
