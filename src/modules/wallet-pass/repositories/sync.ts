import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { SyncRunRow } from "../types"
import { generateEntityId } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY, type SyncRunKind } from "../constants"
import { QueueRepository } from "./queue"
import { operationKeys } from "../keys"

/**
 * Background sweeps over the service's base (docs/adoption.md): the import, the install-flag
 * sync and the drift check. A run is a row whose requests go through the queue at background
 * priority; each answer's effect records what it learned and queues the run's next request,
 * under keys that make a repeated answer (a restart between effect and settle) add nothing.
 * SQL over the caller's transaction, like queue.ts; SyncService (services/sync.ts) decides the
 * steps.
 */

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class SyncRepository {
  constructor(protected readonly knex: Knex) {}

  /** Queues the read_customers page at `window`/`offset` of a run (once per key; `again` for a page that failed). */
  async queuePage(run: SyncRunRow, window: number, offset: number, again = false): Promise<void> {
    const w = run.cursor!.windows![window]
    await new QueueRepository(this.knex).insertOperation({
      method: "read_customers",
      payload: {
        run_id: run.id,
        window,
        offset,
        start_date: w.start,
        end_date: w.end,
        ...(run.kind === "installs" ? { installed: true } : {}),
      },
      dedupe_key: again
        ? operationKeys.syncPageAgain(run.id, window, offset)
        : operationKeys.syncPage(run.id, window, offset),
      priority: OPERATION_PRIORITY.background,
    })
  }

  async lockRun(runId: string): Promise<SyncRunRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `SELECT * FROM wallet_pass_sync_run WHERE id = ? FOR UPDATE`,
      [runId]
    )
    return rows[0]
  }

  /**
   * Takes the transaction-scoped lock of a kind's starter (one starter at a time per kind) and
   * locks and reads the kind's running run, if any.
   */
  async lockRunningRun(kind: SyncRunKind): Promise<SyncRunRow | undefined> {
    await this.knex.raw(`SELECT pg_advisory_xact_lock(hashtextextended('wallet_pass_sync_run:' || ?, 0))`, [kind])
    const { rows } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `SELECT * FROM wallet_pass_sync_run WHERE kind = ? AND state = 'running' AND deleted_at IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE`,
      [kind]
    )
    return rows[0]
  }

  /** Records a new running run. */
  async insertRun(input: {
    kind: SyncRunKind
    phase: "list" | "read"
    cursor: NonNullable<SyncRunRow["cursor"]>
    until: Date
    requested_by: string | null
  }): Promise<SyncRunRow> {
    const { rows } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `INSERT INTO wallet_pass_sync_run (id, kind, state, phase, cursor, counts, until, requested_by, created_at, updated_at)
       VALUES (?, ?, 'running', ?, ?::jsonb, '{}'::jsonb, ?, ?, now(), now()) RETURNING *`,
      [
        generateEntityId(undefined, "wpsync"),
        input.kind,
        input.phase,
        JSON.stringify(input.cursor),
        input.until,
        input.requested_by,
      ]
    )
    return rows[0]
  }

  /** How many of a run's requests are unfinished (pending, sending, unknown). */
  async openRequests(runId: string): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_operation
        WHERE payload->>'run_id' = ? AND state IN ('pending', 'sending', 'unknown') AND deleted_at IS NULL`,
      [runId]
    )
    return Number(rows[0].n)
  }

  /** The same, but for the request `answering` (its answer being recorded: still "sending" until then). */
  async openRequestsBut(runId: string, answering: string | null): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_operation
        WHERE payload->>'run_id' = ? AND state IN ('pending', 'sending', 'unknown') AND deleted_at IS NULL
          AND id IS DISTINCT FROM ?`,
      [runId, answering]
    )
    return Number(rows[0].n)
  }

  /** An import whose reads are done waits for the final refresh the admin starts. */
  async markReady(runId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_sync_run SET phase = 'ready', updated_at = now() WHERE id = ?`, [runId])
  }

  async markDone(runId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_sync_run SET phase = 'done', state = 'done', finished_at = now(), updated_at = now() WHERE id = ?`,
      [runId]
    )
  }

  /** Marks the holders of the phones an install sweep's page listed as seen by the run. */
  async markInstallsSeen(run: SyncRunRow, phones: string[]): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_holder SET installs_seen_at = ? WHERE phone = ANY(?::text[]) AND deleted_at IS NULL`,
      [run.created_at, phones]
    )
  }

  /** Moves a run's listing cursor on (`cursor` merged into it); with `endListing`, to the read phase. */
  async moveCursor(
    runId: string,
    cursor: { window: number; offset: number; listed: number },
    endListing: boolean
  ): Promise<void> {
    await this.knex.raw(
      endListing
        ? `UPDATE wallet_pass_sync_run SET cursor = cursor || ?::jsonb, phase = 'read', updated_at = now() WHERE id = ?`
        : `UPDATE wallet_pass_sync_run SET cursor = cursor || ?::jsonb, updated_at = now() WHERE id = ?`,
      [JSON.stringify(cursor), runId]
    )
  }

  /** Of `phones`, those of holders the store has adopted or met (not waiting for their adoption). */
  async knownPhones(phones: string[]): Promise<Set<string>> {
    const { rows } = await this.knex.raw<{ rows: { phone: string }[] }>(
      `SELECT phone FROM wallet_pass_holder WHERE phone = ANY(?::text[]) AND adoption_state <> 'pending' AND deleted_at IS NULL`,
      [phones]
    )
    return new Set(rows.map((k) => k.phone))
  }

  /** Records an import page's items (once per run and phone); returns those written. */
  async insertImportItems(
    runId: string,
    items: { id: string; phone: string; state: string; reason_code: string | null; reason_values: unknown }[]
  ): Promise<{ id: string; phone: string; state: string }[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string; phone: string; state: string }[] }>(
      `INSERT INTO wallet_pass_import_item (id, run_id, phone, state, reason_code, reason_values, created_at, updated_at)
       SELECT i.id, ?, i.phone, i.state, i.reason_code, i.reason_values, now(), now()
         FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[]) AS i(id, phone, state, reason_code, reason_values)
       ON CONFLICT DO NOTHING
       RETURNING id, phone, state`,
      [
        runId,
        items.map((i) => i.id),
        items.map((i) => i.phone),
        items.map((i) => i.state),
        items.map((i) => i.reason_code),
        items.map((i) => i.reason_values && JSON.stringify(i.reason_values)),
      ] as Knex.RawBinding[]
    )
    return rows
  }

  /** Queues an import item's read. */
  async queueImportRead(runId: string, item: { id: string; phone: string }): Promise<void> {
    await new QueueRepository(this.knex).insertOperation({
      method: "read_customer",
      payload: { type: "import", run_id: runId, item_id: item.id, phone: item.phone },
      dedupe_key: operationKeys.syncRead(runId, item.id),
      priority: OPERATION_PRIORITY.background,
    })
  }

  /**
   * The end of an install sweep: holders with a card marked installed that the service did not
   * list as installed have removed it (every card of theirs is marked not installed); holders
   * it listed with no card known as installed get a read of their cards, to learn which one.
   */
  async finishInstallSweep(run: SyncRunRow): Promise<void> {
    const { rowCount } = await this.knex.raw<{ rowCount: number }>(
      `UPDATE wallet_pass_card c SET installed = false, installed_checked_at = now(), updated_at = now()
         FROM wallet_pass_holder h
        WHERE c.holder_id = h.id AND c.deleted_at IS NULL AND c.installed IS DISTINCT FROM false
          AND h.deleted_at IS NULL AND h.phone IS NOT NULL AND h.enrollment_state = 'enrolled'
          AND (h.installs_seen_at IS NULL OR h.installs_seen_at < ?)`,
      [run.created_at]
    )
    const { rows: unknown } = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT h.id FROM wallet_pass_holder h
        WHERE h.installs_seen_at >= ? AND h.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM wallet_pass_card c WHERE c.holder_id = h.id AND c.installed AND c.deleted_at IS NULL)`,
      [run.created_at]
    )
    for (const holder of unknown) {
      await new QueueRepository(this.knex).insertOperation({
        method: "read_customer",
        payload: { type: "cards", run_id: run.id, holder_id: holder.id },
        dedupe_key: operationKeys.syncCards(run.id, holder.id),
        priority: OPERATION_PRIORITY.background,
      })
    }
    const { rows: installed } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_holder WHERE installs_seen_at >= ? AND deleted_at IS NULL`,
      [run.created_at]
    )
    await this.knex.raw(`UPDATE wallet_pass_sync_run SET counts = counts || ?::jsonb WHERE id = ?`, [
      JSON.stringify({
        installed: Number(installed[0].n),
        uninstalled_cards: rowCount ?? 0,
        card_reads: unknown.length,
      }),
      run.id,
    ])
  }

  /** Queues a drift check's reads: enrolled holders with nothing in flight, longest-unchecked first. */
  async queueDriftReads(run: SyncRunRow, batch: number): Promise<void> {
    const { rows } = await this.knex.raw<{ rows: { id: string; phone: string }[] }>(
      `SELECT h.id, h.phone FROM wallet_pass_holder h
        WHERE h.deleted_at IS NULL AND h.phone IS NOT NULL AND h.enrollment_state = 'enrolled' AND h.adoption_state <> 'pending'
          AND NOT EXISTS (SELECT 1 FROM wallet_pass_operation o WHERE o.holder_id = h.id AND o.deleted_at IS NULL
                           AND o.state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review'))
        ORDER BY h.service_checked_at NULLS FIRST, h.id
        LIMIT ?`,
      [batch]
    )
    for (const holder of rows) {
      // Not in the holder's own queue (holder_id empty): a background read must never hold
      // back the holder's live requests. Its answer is used only if nothing of the holder's
      // moved while it was out (SyncService.recordDrift).
      await new QueueRepository(this.knex).insertOperation({
        method: "read_customer",
        payload: { type: "drift", run_id: run.id, holder_id: holder.id, phone: holder.phone },
        dedupe_key: operationKeys.syncDrift(run.id, holder.id),
        priority: OPERATION_PRIORITY.background,
      })
    }
    await this.knex.raw(`UPDATE wallet_pass_sync_run SET counts = counts || ?::jsonb WHERE id = ?`, [
      JSON.stringify({ holders: rows.length }),
      run.id,
    ])
  }

  /** Adds one to a run's count `key`. */
  async countInRun(runId: string, key: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_sync_run SET counts = counts || jsonb_build_object(?::text, COALESCE((counts->>?)::int, 0) + 1) WHERE id = ?`,
      [key, key, runId]
    )
  }

  /**
   * Whether anything of the holder's moved since the read `operationId` went out: a request in
   * flight or done since, a ledger entry since.
   */
  async movedSinceRead(operationId: string, holderId: string): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: { moved: boolean }[] }>(
      `SELECT EXISTS (SELECT 1 FROM wallet_pass_operation o, wallet_pass_operation r
                       WHERE r.id = ? AND o.holder_id = ? AND o.deleted_at IS NULL
                         AND (o.state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review') OR o.completed_at >= r.sending_at))
           OR EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e, wallet_pass_operation r
                       WHERE r.id = ? AND e.holder_id = ? AND e.deleted_at IS NULL AND e.updated_at >= r.sending_at) AS moved`,
      [operationId, holderId, operationId, holderId]
    )
    return rows[0].moved
  }

  async markServiceChecked(holderId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_holder SET service_checked_at = now(), updated_at = now() WHERE id = ?`, [
      holderId,
    ])
  }

  /** Records a holder's drift (null: none). */
  async setDrift(holderId: string, drift: Record<string, unknown> | null): Promise<void> {
    if (drift === null) {
      await this.knex.raw(`UPDATE wallet_pass_holder SET drift = NULL WHERE id = ? AND drift IS NOT NULL`, [holderId])
      return
    }
    await this.knex.raw(`UPDATE wallet_pass_holder SET drift = ?::jsonb WHERE id = ?`, [
      JSON.stringify(drift),
      holderId,
    ])
  }

  /** Cancels a run and withdraws its queued requests. */
  async cancelRun(runId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation SET deleted_at = now() WHERE payload->>'run_id' = ? AND state = 'pending'`,
      [runId]
    )
    await this.knex.raw(
      `UPDATE wallet_pass_sync_run SET state = 'canceled', finished_at = now(), updated_at = now() WHERE id = ?`,
      [runId]
    )
  }
}
