import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { SWEEP_PARTS, type SweepOutcome, type SweepPart, type SweepWork } from "../constants"
import { sweepItemKey } from "../keys"
import type { OrderSweepCandidate, OrderSweepItemInput, OrderSweepItemRow, OrderSweepStateRow } from "../types"
import { sweepCandidatesSql, type SweepQuery } from "./order-sweep-sql"

/** The order sweep's row: one, written by the migration that made it (or at first use). */
const STATE_ID = "orders"

type CandidateRow = { work: SweepWork; order_id: string; return_id: string | null; at: Date } & Record<
  SweepPart,
  boolean
>

/**
 * The order sweep's SQL (docs/operations.md, "The order sweep"): its row, the orders whose
 * events' work is missing (order-sweep-sql.ts), and what runs found. Runs in the caller's
 * transaction or manager.
 */
export class OrderSweepRepository {
  constructor(private readonly knex: Knex) {}

  /** The sweep's row and the database's clock; a missing row is written now (the plugin counts as installed from then). */
  async state(): Promise<OrderSweepStateRow & { now: Date }> {
    const { rows } = await this.knex.raw<{ rows: (OrderSweepStateRow & { now: Date })[] }>(
      `WITH made AS (
         INSERT INTO wallet_pass_order_sweep (id, installed_at) VALUES (?, now())
         ON CONFLICT (id) DO NOTHING RETURNING *)
       SELECT s.id, s.installed_at, s.last_run_at, s.last_run, s.placed_settled_until, now() AS now
         FROM (SELECT * FROM made UNION ALL SELECT * FROM wallet_pass_order_sweep WHERE id = ?) s
        LIMIT 1`,
      [STATE_ID, STATE_ID]
    )
    return rows[0]
  }

  /**
   * Starts a run when none started in the last `everySeconds` (in any process): answers
   * whether this caller runs. Two processes asking at once: the row's lock lets one through.
   */
  async claimRun(everySeconds: number): Promise<boolean> {
    await this.state()
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>(
      `UPDATE wallet_pass_order_sweep SET last_run_at = now(), updated_at = now()
        WHERE id = ? AND (last_run_at IS NULL OR last_run_at <= now() - make_interval(secs => ?))
        RETURNING id`,
      [STATE_ID, everySeconds]
    )
    return rows.length > 0
  }

  /** Each order event whose work is missing, as `SweepQuery` asks (order-sweep-sql.ts). */
  async candidates(query: SweepQuery): Promise<OrderSweepCandidate[]> {
    const { sql, bindings } = sweepCandidatesSql(query)
    const { rows } = await this.knex.raw<{ rows: CandidateRow[] }>(sql, bindings)
    return rows.map((r) => ({
      work: r.work,
      order_id: r.order_id,
      return_id: r.return_id,
      at: r.at,
      missing: SWEEP_PARTS.filter((p) => r[p]),
    }))
  }

  /** How many orders wait for their bonus, and since when; how many cancels and returns for their reversal. */
  async waiting(query: SweepQuery): Promise<{ bonus: number; bonus_since: Date | null; reversal: number }> {
    const { sql, bindings } = sweepCandidatesSql(query)
    const { rows } = await this.knex.raw<{ rows: { bonus: number; bonus_since: Date | null; reversal: number }[] }>(
      `SELECT CAST(count(*) FILTER (WHERE c.accrual) AS integer) AS bonus,
              min(c.at) FILTER (WHERE c.accrual) AS bonus_since,
              CAST(count(*) FILTER (WHERE c.reversal OR c.refund) AS integer) AS reversal
         FROM (${sql}) c`,
      bindings
    )
    return rows[0]
  }

  /** What a run found and did for each event, once per event (a failed one again counts an attempt). */
  async recordItems(items: OrderSweepItemInput[]): Promise<void> {
    for (const item of items) {
      await this.knex.raw(
        `INSERT INTO wallet_pass_order_sweep_item (id, key, work, order_id, return_id, outcome, found, wrote, error, attempts)
         VALUES (?, ?, ?, ?, ?, ?, CAST(? AS jsonb), CAST(? AS jsonb), ?, 1)
         ON CONFLICT (key) WHERE deleted_at IS NULL DO UPDATE
            SET outcome = excluded.outcome, found = excluded.found, wrote = excluded.wrote, error = excluded.error,
                attempts = wallet_pass_order_sweep_item.attempts + 1, updated_at = now()`,
        [
          generateEntityId(undefined, "wpsweep"),
          sweepItemKey(item.work, item.order_id, item.return_id),
          item.work,
          item.order_id,
          item.return_id,
          item.outcome,
          JSON.stringify(item.found),
          JSON.stringify(item.wrote),
          item.error,
        ]
      )
    }
  }

  /** The summary of the run that just ended, on the sweep's row, and how far the placing of orders is settled (when it moved). */
  async recordRun(summary: Record<string, unknown>, placedSettledUntil: Date | null): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_order_sweep
          SET last_run = CAST(? AS jsonb), updated_at = now(),
              placed_settled_until = COALESCE(CAST(? AS timestamptz), placed_settled_until)
        WHERE id = ?`,
      [JSON.stringify(summary), placedSettledUntil, STATE_ID]
    )
  }

  /** Recorded events, newest first, optionally of one outcome. */
  async listItems(input: {
    limit: number
    offset: number
    outcome?: SweepOutcome
  }): Promise<{ items: OrderSweepItemRow[]; count: number }> {
    const { rows } = await this.knex.raw<{ rows: (OrderSweepItemRow & { total: number })[] }>(
      `SELECT i.id, i.work, i.order_id, i.return_id, i.outcome, i.found, i.wrote, i.error, i.attempts,
              i.created_at, i.updated_at, CAST(count(*) OVER () AS integer) AS total
         FROM wallet_pass_order_sweep_item i
        WHERE i.deleted_at IS NULL AND (CAST(? AS text) IS NULL OR i.outcome = ?)
        ORDER BY i.created_at DESC, i.id DESC
        LIMIT ? OFFSET ?`,
      [input.outcome ?? null, input.outcome ?? null, input.limit, input.offset]
    )
    return { items: rows.map(({ total: _total, ...item }) => item), count: rows[0]?.total ?? 0 }
  }
}
