import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ListedPhone, SyncRunRow, SyncWindow } from "../types"
import { generateEntityId } from "@medusajs/framework/utils"
import { READ_CUSTOMERS_PAGE_SIZE } from "../../../lib/constants"
import { formatServiceDate } from "../../../lib/wallet-pass-client/dates"
import { OPERATION_PRIORITY, type SyncRunKind } from "../constants"
import { QueueRepository } from "./queue"
import { operationKeys } from "../keys"
import { reason, storedReason } from "../../../lib/reasons"

/**
 * Background sweeps over the service's base (docs/adoption.md): the import, the install-flag
 * sync and the drift check. A run is a row whose requests go through the queue at background
 * priority; each answer's effect records what it learned and queues the run's next request,
 * under keys that make a repeated answer (a restart between effect and settle) add nothing.
 * SQL over the caller's transaction, like queue.ts.
 */

/** Registration-date windows from `since` (yyyy-mm-dd) to `until`, `days` long, for read_customers. */
export function syncWindows(since: string, days: number, until: Date): SyncWindow[] {
  const windows: SyncWindow[] = []
  const dayMs = 86_400_000
  for (let start = Date.parse(`${since}T00:00:00Z`); start <= until.getTime(); start += days * dayMs) {
    const lastDay = start + (days - 1) * dayMs
    const isLast = lastDay + dayMs > until.getTime()
    windows.push({
      start: formatServiceDate(new Date(start)),
      end: isLast ? formatServiceDate(until, true) : formatServiceDate(new Date(lastDay)),
    })
    if (isLast) break
  }
  return windows
}

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class SyncRepository {
  constructor(protected readonly knex: Knex) {}

  /** Queues the read_customers page at `window`/`offset` of a run (once per key; `again` for a page that failed). */
  private async queuePage(run: SyncRunRow, window: number, offset: number, again = false): Promise<void> {
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
   * Starts a run of `kind`, or returns the one running (never two of a kind at once: the
   * kind's running row is locked by its starter; resumed, not doubled). A sweep that lists
   * the base starts at its first page; a drift check queues its reads.
   */
  async startRun(input: {
    kind: SyncRunKind
    requested_by: string | null
    since: string
    windowDays: number
    driftBatch?: number
  }): Promise<{ run: SyncRunRow; created: boolean }> {
    // One starter at a time per kind: a transaction-scoped advisory lock on the kind.
    await this.knex.raw(`SELECT pg_advisory_xact_lock(hashtextextended('wallet_pass_sync_run:' || ?, 0))`, [input.kind])
    const { rows: running } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `SELECT * FROM wallet_pass_sync_run WHERE kind = ? AND state = 'running' AND deleted_at IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE`,
      [input.kind]
    )
    if (running[0]) {
      await this.resumeRun(running[0])
      return { run: running[0], created: false }
    }
    const until = new Date(Math.floor(Date.now() / 1000) * 1000)
    const lists = input.kind !== "drift"
    const { rows } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `INSERT INTO wallet_pass_sync_run (id, kind, state, phase, cursor, counts, until, requested_by, created_at, updated_at)
       VALUES (?, ?, 'running', ?, ?::jsonb, '{}'::jsonb, ?, ?, now(), now()) RETURNING *`,
      [
        generateEntityId(undefined, "wpsync"),
        input.kind,
        lists ? "list" : "read",
        JSON.stringify(
          lists ? { windows: syncWindows(input.since, input.windowDays, until), window: 0, offset: 0, listed: 0 } : {}
        ),
        until,
        input.requested_by,
      ]
    )
    const run = rows[0]
    if (lists) {
      await this.queuePage(run, 0, 0)
    } else {
      await this.queueDriftReads(run, input.driftBatch ?? 200)
    }
    return { run, created: true }
  }

  /**
   * A running run whose next request is missing (its request failed for good, or an admin
   * resolved it) gets it again: a failed page is queued again under a new key.
   */
  private async resumeRun(run: SyncRunRow): Promise<void> {
    const { rows } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_operation
        WHERE payload->>'run_id' = ? AND state IN ('pending', 'sending', 'unknown') AND deleted_at IS NULL`,
      [run.id]
    )
    if (Number(rows[0].n) > 0) return
    if (run.phase === "list") {
      await this.queuePage(run, run.cursor?.window ?? 0, run.cursor?.offset ?? 0, true)
    } else {
      await this.settleRunPhase(run.id)
    }
  }

  /**
   * Records one read_customers page of a run and queues what follows: the next page, or the
   * end of listing. Import: each phone the store does not know becomes an item and gets its
   * read; a phone the store knows is an item skipped as "already in the store"; a phone that
   * is not one is skipped with its problem. Install sync: the phones seen are marked.
   */
  async recordListPage(input: {
    run_id: string
    window: number
    offset: number
    phones: ListedPhone[]
    operation_id: string
  }): Promise<void> {
    const run = await this.lockRun(input.run_id)
    if (!run || run.state !== "running" || run.phase !== "list") return
    if (run.kind === "import") {
      await this.recordImportPage(run, input.phones)
    } else if (run.kind === "installs") {
      const phones = input.phones.flatMap((p) => (p.phone ? [p.phone] : []))
      await this.knex.raw(
        `UPDATE wallet_pass_holder SET installs_seen_at = ? WHERE phone = ANY(?::text[]) AND deleted_at IS NULL`,
        [run.created_at, phones]
      )
    }
    const full = input.phones.length >= READ_CUSTOMERS_PAGE_SIZE
    const windows = run.cursor!.windows!
    const next = full
      ? { window: input.window, offset: input.offset + input.phones.length }
      : { window: input.window + 1, offset: 0 }
    const listed = (run.cursor?.listed ?? 0) + input.phones.length
    if (next.window < windows.length) {
      await this.knex.raw(
        `UPDATE wallet_pass_sync_run SET cursor = cursor || ?::jsonb, updated_at = now() WHERE id = ?`,
        [JSON.stringify({ ...next, listed }), run.id]
      )
      await this.queuePage({ ...run, cursor: { ...run.cursor, windows } }, next.window, next.offset)
      return
    }
    await this.knex.raw(
      `UPDATE wallet_pass_sync_run SET cursor = cursor || ?::jsonb, phase = 'read', updated_at = now() WHERE id = ?`,
      [JSON.stringify({ window: windows.length, offset: 0, listed }), run.id]
    )
    if (run.kind === "installs") await this.finishInstallSweep(run)
    await this.settleRunPhase(run.id, input.operation_id)
  }

  private async recordImportPage(run: SyncRunRow, phones: ListedPhone[]): Promise<void> {
    if (!phones.length) return
    // Known phones are skipped without a request; unknown ones (or holders still waiting for
    // their adoption) are read.
    const { rows: known } = await this.knex.raw<{ rows: { phone: string }[] }>(
      `SELECT phone FROM wallet_pass_holder WHERE phone = ANY(?::text[]) AND adoption_state <> 'pending' AND deleted_at IS NULL`,
      [phones.flatMap((p) => (p.phone ? [p.phone] : []))]
    )
    const knownSet = new Set(known.map((k) => k.phone))
    const items = phones.map((p) => ({
      id: generateEntityId(undefined, "wpimp"),
      phone: p.phone ?? p.raw.slice(0, 64),
      state: !p.phone ? "skipped" : knownSet.has(p.phone) ? "skipped" : "found",
      ...storedReason(
        !p.phone
          ? reason("import_invalid_phone", { problem: p.problem ?? "?" })
          : knownSet.has(p.phone)
            ? reason("import_in_store")
            : null
      ),
    }))
    const { rows: inserted } = await this.knex.raw<{ rows: { id: string; phone: string }[] }>(
      `INSERT INTO wallet_pass_import_item (id, run_id, phone, state, reason_code, reason_values, created_at, updated_at)
       SELECT i.id, ?, i.phone, i.state, i.reason_code, i.reason_values, now(), now()
         FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[]) AS i(id, phone, state, reason_code, reason_values)
       ON CONFLICT DO NOTHING
       RETURNING id, phone, state`,
      [
        run.id,
        items.map((i) => i.id),
        items.map((i) => i.phone),
        items.map((i) => i.state),
        items.map((i) => i.reason_code),
        items.map((i) => i.reason_values && JSON.stringify(i.reason_values)),
      ] as Knex.RawBinding[]
    )
    for (const item of inserted as { id: string; phone: string; state: string }[]) {
      if (item.state !== "found") continue
      await new QueueRepository(this.knex).insertOperation({
        method: "read_customer",
        payload: { type: "import", run_id: run.id, item_id: item.id, phone: item.phone },
        dedupe_key: operationKeys.syncRead(run.id, item.id),
        priority: OPERATION_PRIORITY.background,
      })
    }
  }

  /**
   * The end of an install sweep: holders with a card marked installed that the service did not
   * list as installed have removed it (every card of theirs is marked not installed); holders
   * it listed with no card known as installed get a read of their cards, to learn which one.
   */
  private async finishInstallSweep(run: SyncRunRow): Promise<void> {
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

  /**
   * Moves a run on once the requests of its phase are done: an import's reads end in `ready`
   * (waiting for the final refresh the admin starts), its refresh in `done`; an install sync or
   * a drift check ends `done`.
   */
  async settleRunPhase(runId: string, answering: string | null = null): Promise<void> {
    const run = await this.lockRun(runId)
    if (!run || run.state !== "running" || run.phase === "list" || run.phase === "ready") return
    // `answering`: the request whose answer is being recorded (still "sending" until then).
    const { rows } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_operation
        WHERE payload->>'run_id' = ? AND state IN ('pending', 'sending', 'unknown') AND deleted_at IS NULL
          AND id IS DISTINCT FROM ?`,
      [runId, answering]
    )
    if (Number(rows[0].n) > 0) return
    if (run.kind === "import" && run.phase === "read") {
      await this.knex.raw(`UPDATE wallet_pass_sync_run SET phase = 'ready', updated_at = now() WHERE id = ?`, [runId])
      return
    }
    await this.knex.raw(
      `UPDATE wallet_pass_sync_run SET phase = 'done', state = 'done', finished_at = now(), updated_at = now() WHERE id = ?`,
      [runId]
    )
  }

  /** Queues a drift check's reads: enrolled holders with nothing in flight, longest-unchecked first. */
  private async queueDriftReads(run: SyncRunRow, batch: number): Promise<void> {
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
      // moved while it was out (see recordDrift).
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
    await this.settleRunPhase(run.id)
  }

  /**
   * A drift read's answer for a holder, compared with what the store last sent (queue.ts
   * serviceVisibleBalance). Skipped when anything of the holder's moved since the read went
   * out (a request in flight or done since, a ledger entry since). A mismatch is recorded on
   * the holder and, when `heal`, healed by an absolute balance set (the ledger is the record).
   */
  async recordDrift(input: {
    run_id: string
    holder_id: string
    operation_id: string
    service_balance: number
    heal: boolean
    healPriority: number
  }): Promise<"match" | "mismatch" | "skipped"> {
    const { rows: h } = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_holder WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [input.holder_id]
    )
    // Counted, and the run moves on once this was its last read.
    const count = async (key: string) => {
      await this.knex.raw(
        `UPDATE wallet_pass_sync_run SET counts = counts || jsonb_build_object(?::text, COALESCE((counts->>?)::int, 0) + 1) WHERE id = ?`,
        [key, key, input.run_id]
      )
      await this.settleRunPhase(input.run_id, input.operation_id)
    }
    if (!h[0]) {
      await count("skipped")
      return "skipped"
    }
    const { rows } = await this.knex.raw<{ rows: { moved: boolean }[] }>(
      `SELECT EXISTS (SELECT 1 FROM wallet_pass_operation o, wallet_pass_operation r
                       WHERE r.id = ? AND o.holder_id = ? AND o.deleted_at IS NULL
                         AND (o.state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review') OR o.completed_at >= r.sending_at))
           OR EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e, wallet_pass_operation r
                       WHERE r.id = ? AND e.holder_id = ? AND e.deleted_at IS NULL AND e.updated_at >= r.sending_at) AS moved`,
      [input.operation_id, input.holder_id, input.operation_id, input.holder_id]
    )
    await this.knex.raw(`UPDATE wallet_pass_holder SET service_checked_at = now(), updated_at = now() WHERE id = ?`, [
      input.holder_id,
    ])
    if (rows[0].moved) {
      await count("skipped")
      return "skipped"
    }
    const store = await new QueueRepository(this.knex).serviceVisibleBalance(input.holder_id, null)
    if (store === input.service_balance) {
      await this.knex.raw(`UPDATE wallet_pass_holder SET drift = NULL WHERE id = ? AND drift IS NOT NULL`, [
        input.holder_id,
      ])
      await count("matched")
      return "match"
    }
    let healedBy: string | null = null
    if (input.heal) {
      const queued = await new QueueRepository(this.knex).insertOperation({
        method: "user_create_or_update",
        holder_id: input.holder_id,
        payload: { type: "balance_sync", reason: `drift found by ${input.run_id}` },
        dedupe_key: operationKeys.syncHeal(input.run_id, input.holder_id),
        priority: input.healPriority,
      })
      healedBy = queued.operation.id
    }
    await this.knex.raw(`UPDATE wallet_pass_holder SET drift = ?::jsonb WHERE id = ?`, [
      JSON.stringify({
        service: input.service_balance,
        store,
        at: new Date().toISOString(),
        run_id: input.run_id,
        healed_by: healedBy,
        ...(input.heal ? {} : { not_healed: reason("drift_import_waiting") }),
      }),
      input.holder_id,
    ])
    await count("mismatched")
    return "mismatch"
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
