import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { OperationRow } from "../types"
import { HELD_UNTIL } from "./queue"

/**
 * Changes to queued requests that are not the drain's (queue.ts): a request withdrawn before
 * it was sent (a step's compensation, a voided checkout reservation) and a held request
 * released (the checkout's order exists). SQL over the caller's transaction.
 */
export class OperationChangeRepository {
  constructor(private readonly knex: Knex) {}

  /** The live requests a ledger entry queued, of a state when given. */
  async ofEntry(entryId: string, state?: OperationRow["state"]): Promise<OperationRow[]> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation
        WHERE ledger_entry_id = ? AND (?::text IS NULL OR state = ?) AND deleted_at IS NULL
        ORDER BY created_at, id`,
      [entryId, state ?? null, state ?? null]
    )
    return rows
  }

  /** Withdraws a request: deleted, so never sent; `newKey` (keys.ts `voidedKey`) frees its dedupe key. */
  async withdraw(id: string, newKey: string | null = null): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation SET dedupe_key = COALESCE(?, dedupe_key), deleted_at = now(), updated_at = now()
        WHERE id = ? AND deleted_at IS NULL`,
      [newKey, id]
    )
  }

  /** Releases a ledger entry's held pending requests to the dispatcher (due now); answers their ids. */
  async releaseHeld(entryId: string): Promise<string[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>(
      `UPDATE wallet_pass_operation SET next_attempt_at = NULL, updated_at = now()
        WHERE ledger_entry_id = ? AND state = 'pending' AND next_attempt_at >= ? AND deleted_at IS NULL
        RETURNING id`,
      [entryId, HELD_UNTIL]
    )
    return rows.map((r) => r.id)
  }
}
