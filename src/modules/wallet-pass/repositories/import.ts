import { OPERATION_PRIORITY } from "../constants"
import { QueueRepository } from "./queue"
import { SyncRepository } from "./sync"
import { lockHolders } from "./ledger"
import { operationKeys } from "../keys"
import { type Reason, storedReason } from "../../../lib/reasons"

/**
 * The import's own steps over a sync run (docs/adoption.md, "The import of the service's
 * base"): how each customer ended, and the final refresh before the switch to external CRM.
 * SQL over the caller's transaction, like the other repositories.
 */
export class ImportRepository extends SyncRepository {
  /** Records how an import item still found ended (adopted, skipped, review); answers its run, none when it was not found. */
  async finishImportItem(input: {
    item_id: string
    state: "adopted" | "skipped" | "review"
    outcome?: string | null
    holder_id?: string | null
    customer_id?: string | null
    reason?: Reason | null
    service_balance?: number | null
    /** The other CRM's id the service links the pass to (read_customer `remoteId`). */
    remote_id?: string | null
    operation_id: string | null
  }): Promise<string | undefined> {
    const why = storedReason(input.reason)
    const { rows } = await this.knex.raw<{ rows: { run_id: string }[] }>(
      `UPDATE wallet_pass_import_item
          SET state = ?, outcome = ?, holder_id = COALESCE(?, holder_id), customer_id = COALESCE(?, customer_id),
              reason = ?, reason_code = ?, reason_values = ?::jsonb,
              service_balance = COALESCE(?::int, service_balance), remote_id = COALESCE(?, remote_id),
              updated_at = now()
        WHERE id = ? AND state = 'found'
        RETURNING run_id`,
      [
        input.state,
        input.outcome ?? null,
        input.holder_id ?? null,
        input.customer_id ?? null,
        why.reason,
        why.reason_code,
        why.reason_values && JSON.stringify(why.reason_values),
        input.service_balance ?? null,
        input.remote_id ?? null,
        input.item_id,
      ]
    )
    return rows[0]?.run_id
  }

  /**
   * Finds again an item the import skipped because the service links it to another CRM
   * (docs/adoption.md, "Passes of another CRM"); none when it was not skipped for that reason.
   */
  async reopenRemoteCrmItem(itemId: string): Promise<{ run_id: string; phone: string } | undefined> {
    const { rows } = await this.knex.raw<{ rows: { run_id: string; phone: string }[] }>(
      `UPDATE wallet_pass_import_item
          SET state = 'found', reason = NULL, reason_code = NULL, reason_values = NULL, updated_at = now()
        WHERE id = ? AND state = 'skipped' AND reason_code = 'import_remote_crm'
        RETURNING run_id, phone`,
      [itemId]
    )
    return rows[0]
  }

  /** Queues the read of an item taken over, marked so that its adoption ignores the other CRM's id. */
  async queueTakeOverRead(item: { run_id: string; phone: string }, itemId: string): Promise<void> {
    await new QueueRepository(this.knex).insertOperation({
      method: "read_customer",
      payload: { type: "import", run_id: item.run_id, item_id: itemId, phone: item.phone, take_over: true },
      dedupe_key: operationKeys.importTakeOver(item.run_id, itemId),
      // The merchant asked for it (class b, docs/architecture.md "The queue").
      priority: OPERATION_PRIORITY.interactive,
    })
  }

  /** An import's adopted items, for its final refresh. */
  async adoptedItems(runId: string): Promise<{ id: string; holder_id: string; phone: string }[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string; holder_id: string; phone: string }[] }>(
      `SELECT id, holder_id, phone FROM wallet_pass_import_item WHERE run_id = ? AND state = 'adopted' AND holder_id IS NOT NULL`,
      [runId]
    )
    return rows
  }

  /** Queues the final refresh's read of an adopted item. */
  async queueRefreshRead(runId: string, item: { id: string; holder_id: string; phone: string }): Promise<void> {
    await new QueueRepository(this.knex).insertOperation({
      method: "read_customer",
      payload: {
        type: "import_refresh",
        run_id: runId,
        item_id: item.id,
        holder_id: item.holder_id,
        phone: item.phone,
      },
      dedupe_key: operationKeys.importRefreshRead(runId, item.id),
      priority: OPERATION_PRIORITY.background,
    })
  }

  async markRefreshPhase(runId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_sync_run SET phase = 'refresh', updated_at = now() WHERE id = ?`, [runId])
  }

  /** Locks a holder, deleted or not, and reads an import item's run and whether it was refreshed. */
  async lockForRefresh(
    holderId: string,
    itemId: string
  ): Promise<{ run_id: string; refreshed_at: Date | null } | undefined> {
    await lockHolders(this.knex, { id: holderId }, { withDeleted: true })
    const { rows } = await this.knex.raw<{ rows: { run_id: string; refreshed_at: Date | null }[] }>(
      `SELECT run_id, refreshed_at FROM wallet_pass_import_item WHERE id = ?`,
      [itemId]
    )
    return rows[0]
  }

  /** Records an item's refresh: the service's balance read, and its new state and reason (null: kept). */
  async markRefreshed(
    itemId: string,
    serviceBalance: number | null,
    fields: { state?: string; reason?: Reason }
  ): Promise<void> {
    const why = storedReason(fields.reason)
    await this.knex.raw(
      `UPDATE wallet_pass_import_item SET refreshed_balance = ?, refreshed_at = now(), state = COALESCE(?, state),
              reason_code = COALESCE(?, reason_code), reason_values = COALESCE(?::jsonb, reason_values),
              updated_at = now() WHERE id = ?`,
      [
        serviceBalance,
        fields.state ?? null,
        why.reason_code,
        why.reason_values && JSON.stringify(why.reason_values),
        itemId,
      ]
    )
  }

  /**
   * A holder's balance, whether the store changed it since adoption (an entry other than the
   * opening one or an adjustment) and whether a request of its is unfinished.
   */
  async balanceSinceAdoption(holderId: string): Promise<{ balance: number; changed: boolean; busy: boolean }> {
    const { rows } = await this.knex.raw<{ rows: { balance: string; changed: boolean; busy: boolean }[] }>(
      `SELECT wallet_pass_balance(?) AS balance,
              EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = ? AND e.deleted_at IS NULL
                       AND e.kind NOT IN ('opening_balance', 'sync_adjustment')) AS changed,
              EXISTS (SELECT 1 FROM wallet_pass_operation o WHERE o.holder_id = ? AND o.deleted_at IS NULL
                       AND o.state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review')) AS busy`,
      [holderId, holderId, holderId]
    )
    return { balance: Number(rows[0].balance), changed: rows[0].changed, busy: rows[0].busy }
  }
}
