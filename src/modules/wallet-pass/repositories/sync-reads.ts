import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { SyncRunProgress, SyncRunRow } from "../types"
import type { SyncRunKind } from "../constants"
import { presentReason, type StoredReason } from "../../../lib/reasons"

/** Reads of the sweeps for the admin and the background scheduler (their writes: sync.ts). */
export class SyncReadsRepository {
  constructor(private readonly knex: Knex) {}

  /** True while an import has not finished its final refresh: then the drift check reports but does not heal. */
  async importAwaitingRefresh(): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: unknown[] }>(
      `SELECT 1 FROM wallet_pass_sync_run WHERE kind = 'import' AND state = 'running' AND deleted_at IS NULL LIMIT 1`
    )
    return rows.length > 0
  }

  /** Where a run stands: what its items came to, requests spent and still needed. */
  async runProgress(run: SyncRunRow): Promise<SyncRunProgress> {
    const [items, reasons, spent, queued] = await Promise.all([
      this.knex.raw<{ rows: { state: string; outcome: string | null; n: string }[] }>(
        `SELECT state, outcome, count(*) AS n FROM wallet_pass_import_item WHERE run_id = ? AND deleted_at IS NULL GROUP BY state, outcome`,
        [run.id]
      ),
      this.knex.raw<{ rows: (StoredReason & { n: string })[] }>(
        `SELECT reason, reason_code, reason_values, count(*) AS n FROM wallet_pass_import_item
          WHERE run_id = ? AND state IN ('skipped', 'review') AND (reason IS NOT NULL OR reason_code IS NOT NULL)
            AND deleted_at IS NULL
          GROUP BY reason, reason_code, reason_values ORDER BY count(*) DESC, reason_code, reason LIMIT 10`,
        [run.id]
      ),
      this.knex.raw<{ rows: { n: string }[] }>(
        `SELECT count(*) AS n FROM wallet_pass_api_call c JOIN wallet_pass_operation o ON o.id = c.operation_id
          WHERE o.payload->>'run_id' = ? AND c.deleted_at IS NULL`,
        [run.id]
      ),
      this.knex.raw<{ rows: { n: string }[] }>(
        `SELECT count(*) AS n FROM wallet_pass_operation
          WHERE payload->>'run_id' = ? AND state IN ('pending', 'sending', 'unknown') AND deleted_at IS NULL`,
        [run.id]
      ),
    ])
    const counts = { found: 0, adopted: 0, linked: 0, created: 0, skipped: 0, review: 0 }
    for (const row of items.rows) {
      const n = Number(row.n)
      counts[row.state as "found" | "adopted" | "skipped" | "review"] += n
      if (row.state === "adopted" && (row.outcome === "linked" || row.outcome === "created")) counts[row.outcome] += n
    }
    const windows = run.cursor?.windows?.length ?? 0
    const windowsDone = run.phase === "list" ? Math.min(run.cursor?.window ?? 0, windows) : windows
    return {
      run,
      items: counts,
      reasons: reasons.rows.map(({ n, ...r }) => ({ ...presentReason(r), count: Number(n) })),
      requests: {
        spent: Number(spent.rows[0].n),
        // Queued requests, plus one page for each window not listed yet (at least).
        remaining: Number(queued.rows[0].n) + (run.phase === "list" ? Math.max(0, windows - windowsDone - 1) : 0),
      },
      windows: { total: windows, done: windowsDone },
    }
  }

  /** The latest run of a kind (running first), if any. */
  async latestRun(kind: SyncRunKind): Promise<SyncRunRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: SyncRunRow[] }>(
      `SELECT * FROM wallet_pass_sync_run WHERE kind = ? AND deleted_at IS NULL
        ORDER BY (state = 'running') DESC, created_at DESC LIMIT 1`,
      [kind]
    )
    return rows[0]
  }

  /** Holders by install state (any card installed, none, never checked) and holders with a recorded drift. */
  async installAndDriftCounts(): Promise<{ installed: number; not_installed: number; unknown: number; drift: number }> {
    const { rows } = await this.knex.raw<{
      rows: { installed: string; not_installed: string; unknown: string; drift: string }[]
    }>(
      `SELECT count(*) FILTER (WHERE s.any_installed) AS installed,
              count(*) FILTER (WHERE NOT s.any_installed AND s.checked) AS not_installed,
              count(*) FILTER (WHERE NOT s.any_installed AND NOT s.checked) AS unknown,
              count(*) FILTER (WHERE s.drift) AS drift
         FROM (SELECT h.id,
                      EXISTS (SELECT 1 FROM wallet_pass_card c WHERE c.holder_id = h.id AND c.installed AND c.deleted_at IS NULL) AS any_installed,
                      EXISTS (SELECT 1 FROM wallet_pass_card c WHERE c.holder_id = h.id AND c.installed IS NOT NULL AND c.deleted_at IS NULL) AS checked,
                      h.drift IS NOT NULL AS drift
                 FROM wallet_pass_holder h
                WHERE h.deleted_at IS NULL AND h.enrollment_state = 'enrolled') s`
    )
    const r = rows[0]
    return {
      installed: Number(r.installed),
      not_installed: Number(r.not_installed),
      unknown: Number(r.unknown),
      drift: Number(r.drift),
    }
  }

  /**
   * Whether a background run of a kind is due: none running, and the last one started
   * `seconds` ago or more (with none yet: the first holder enrolled that long ago).
   */
  async isDue(kind: SyncRunKind, seconds: number): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: { due: boolean }[] }>(
      `SELECT NOT EXISTS (SELECT 1 FROM wallet_pass_sync_run WHERE kind = :kind AND state = 'running' AND deleted_at IS NULL)
          AND COALESCE((SELECT max(created_at) FROM wallet_pass_sync_run WHERE kind = :kind AND deleted_at IS NULL),
                       (SELECT min(enrolled_at) FROM wallet_pass_holder WHERE enrolled_at IS NOT NULL AND deleted_at IS NULL))
              <= now() - make_interval(secs => :seconds) AS due`,
      { kind, seconds }
    )
    return rows[0]?.due === true
  }
}
