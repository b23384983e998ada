import { generateEntityId } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY } from "../constants"
import type { SyncRunRow } from "../types"
import { QueueRepository } from "./queue"
import { SyncRepository } from "./sync"
import { ledgerKeys, operationKeys } from "../keys"
import { type Reason, reason, storedReason } from "../../../lib/reasons"

/**
 * The import's own steps over a sync run (docs/adoption.md, "The import of the service's
 * base"): how each customer ended, and the final refresh before the switch to external CRM.
 * SQL over the caller's transaction, like the other repositories.
 */
export class ImportRepository extends SyncRepository {
  /** Records how an import item ended (adopted, skipped, review) and moves the run on. */
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
  }): Promise<void> {
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
    if (rows[0]) await this.settleRunPhase(rows[0].run_id, input.operation_id)
  }

  /**
   * The merchant takes over a pass the import skipped because the service links it to another
   * CRM (docs/adoption.md, "Passes of another CRM"): the item is found again and read once
   * more, marked so that its adoption ignores the other CRM's id. Answers false for an item
   * that was not skipped for that reason (nothing written).
   */
  async takeOverImportItem(itemId: string): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: { run_id: string; phone: string }[] }>(
      `UPDATE wallet_pass_import_item
          SET state = 'found', reason = NULL, reason_code = NULL, reason_values = NULL, updated_at = now()
        WHERE id = ? AND state = 'skipped' AND reason_code = 'import_remote_crm'
        RETURNING run_id, phone`,
      [itemId]
    )
    const item = rows[0]
    if (!item) return false
    await new QueueRepository(this.knex).insertOperation({
      method: "read_customer",
      payload: { type: "import", run_id: item.run_id, item_id: itemId, phone: item.phone, take_over: true },
      dedupe_key: operationKeys.importTakeOver(item.run_id, itemId),
      // The merchant asked for it (class b, docs/architecture.md "The queue").
      priority: OPERATION_PRIORITY.interactive,
    })
    return true
  }

  /**
   * The import's final refresh (docs/adoption.md, the gap before the switch): every adopted
   * item's phone is read once more. Only from `ready`.
   */
  async startImportRefresh(runId: string): Promise<SyncRunRow | undefined> {
    const run = await this.lockRun(runId)
    if (!run || run.kind !== "import" || run.state !== "running" || run.phase !== "ready") return run
    const { rows: items } = await this.knex.raw<{ rows: { id: string; holder_id: string; phone: string }[] }>(
      `SELECT id, holder_id, phone FROM wallet_pass_import_item WHERE run_id = ? AND state = 'adopted' AND holder_id IS NOT NULL`,
      [runId]
    )
    for (const item of items) {
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
    await this.knex.raw(`UPDATE wallet_pass_sync_run SET phase = 'refresh', updated_at = now() WHERE id = ?`, [runId])
    await this.settleRunPhase(runId)
    return this.lockRun(runId)
  }

  /**
   * A refreshed import item: a difference between the service's balance and the store's, for
   * a holder the store has not changed since adoption (only its opening entry), is a change
   * the service made on its own and becomes a `sync_adjustment` entry (the service has it
   * already: nothing is sent). Any other difference is left for review.
   */
  async recordImportRefresh(input: {
    item_id: string
    holder_id: string
    service_balance: number | null
    operation_id: string
  }): Promise<"same" | "adjusted" | "review" | "gone"> {
    await this.knex.raw(`SELECT id FROM wallet_pass_holder WHERE id = ? FOR UPDATE`, [input.holder_id])
    const { rows: items } = await this.knex.raw<{ rows: { run_id: string; refreshed_at: Date | null }[] }>(
      `SELECT run_id, refreshed_at FROM wallet_pass_import_item WHERE id = ?`,
      [input.item_id]
    )
    const item = items[0]
    if (!item || item.refreshed_at) return "same"
    const done = async (fields: { state?: string; reason?: Reason }) => {
      const why = storedReason(fields.reason)
      await this.knex.raw(
        `UPDATE wallet_pass_import_item SET refreshed_balance = ?, refreshed_at = now(), state = COALESCE(?, state),
                reason_code = COALESCE(?, reason_code), reason_values = COALESCE(?::jsonb, reason_values),
                updated_at = now() WHERE id = ?`,
        [
          input.service_balance,
          fields.state ?? null,
          why.reason_code,
          why.reason_values && JSON.stringify(why.reason_values),
          input.item_id,
        ]
      )
      await this.settleRunPhase(item.run_id, input.operation_id)
    }
    if (input.service_balance === null) {
      await done({ state: "review", reason: reason("import_unknown_phone") })
      return "gone"
    }
    const { rows } = await this.knex.raw<{ rows: { balance: string; changed: boolean; busy: boolean }[] }>(
      `SELECT wallet_pass_balance(?) AS balance,
              EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.holder_id = ? AND e.deleted_at IS NULL
                       AND e.kind NOT IN ('opening_balance', 'sync_adjustment')) AS changed,
              EXISTS (SELECT 1 FROM wallet_pass_operation o WHERE o.holder_id = ? AND o.deleted_at IS NULL
                       AND o.state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review')) AS busy`,
      [input.holder_id, input.holder_id, input.holder_id]
    )
    const store = Number(rows[0].balance)
    const difference = input.service_balance - store
    if (difference === 0) {
      await done({})
      return "same"
    }
    if (rows[0].changed || rows[0].busy) {
      await done({
        state: "review",
        reason: reason("import_changed_on_both", { service: input.service_balance / 100, store: store / 100 }),
      })
      return "review"
    }
    await this.knex.raw(`SELECT wallet_pass_apply_entry(?::jsonb, false)`, [
      JSON.stringify({
        id: generateEntityId(undefined, "wple"),
        holder_id: input.holder_id,
        amount: difference,
        kind: "sync_adjustment",
        ...storedReason(reason("import_refresh")),
        dedupe_key: ledgerKeys.importRefresh(item.run_id, input.holder_id),
        metadata: { run_id: item.run_id, service_balance: input.service_balance },
      }),
    ])
    await done({})
    return "adjusted"
  }
}
