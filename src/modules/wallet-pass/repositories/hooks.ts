import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { ECHO_WINDOW_MINUTES } from "../constants"
import type { HookDeliveryInput } from "../types"
import { REFUSAL_SAMPLES_PER_MINUTE, type RefusalMinute } from "../utils/refusal-tally"

/** The logs the module keeps, with the column their age is read from (retention). */
const LOG_TABLES = {
  api_calls: ["wallet_pass_api_call", "started_at"],
  hook_deliveries: ["wallet_pass_hook_delivery", "created_at"],
  hook_refusals: ["wallet_pass_hook_refusal", "minute"],
} as const

/**
 * The SQL of the inbound hooks: the batches that answer readBalance and addBalance, the
 * delivery log, the refused-delivery tally and the logs' retention. Runs on the caller's
 * connection or transaction (the active manager's knex).
 */
export class HooksRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Answers a batch of readBalance and addBalance hooks in one statement
   * (db-functions/wallet_pass_hook_batch.ts): one round trip and one commit for all of them.
   */
  async runHookBatch<I, R>(items: I[]): Promise<R[]> {
    const { rows } = await this.knex.raw<{ rows: { results: R[] }[] }>(
      `SELECT wallet_pass_hook_batch(?::jsonb, ?::int) AS results`,
      [JSON.stringify(items), ECHO_WINDOW_MINUTES]
    )
    return rows[0].results
  }

  /** One INSERT for any number of delivery log lines (one array per column, so the statement text never changes). */
  async insertDeliveries(rows: HookDeliveryInput[]): Promise<void> {
    const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value))
    await this.knex.raw(
      // clock_timestamp() per row keeps a batch's lines in the order they were answered.
      `INSERT INTO wallet_pass_hook_delivery
         (id, method, holder_id, phone, transaction_id, status_code, outcome, error, duration_ms, request, response,
          dropped, created_at, updated_at)
       SELECT *, clock_timestamp(), clock_timestamp()
         FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::int[],
                     ?::jsonb[], ?::jsonb[], ?::jsonb[])`,
      [
        rows.map(() => generateEntityId(undefined, "wphook")),
        rows.map((r) => r.method),
        rows.map((r) => r.holder_id),
        rows.map((r) => r.phone),
        rows.map((r) => r.transaction_id),
        rows.map((r) => r.status_code),
        rows.map((r) => r.outcome),
        rows.map((r) => r.error),
        rows.map((r) => r.duration_ms),
        rows.map((r) => json(r.request)),
        rows.map((r) => json(r.response)),
        rows.map((r) => (r.dropped?.length ? JSON.stringify(r.dropped) : null)),
      ] as Knex.RawBinding[]
    )
  }

  /**
   * Adds minutes of refused hook deliveries to wallet_pass_hook_refusal in one statement: a
   * minute another process (or an earlier write) started gets its count added and keeps its
   * first samples, up to {@link REFUSAL_SAMPLES_PER_MINUTE}.
   */
  async upsertHookRefusals(minutes: RefusalMinute[]): Promise<void> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_hook_refusal AS r (id, minute, refused, samples, created_at, updated_at)
       SELECT t.id, t.minute, t.refused, t.samples, now(), now()
         FROM unnest(?::text[], ?::timestamptz[], ?::int[], ?::jsonb[]) AS t(id, minute, refused, samples)
       ON CONFLICT (minute) WHERE deleted_at IS NULL DO UPDATE
          SET refused = r.refused + excluded.refused,
              samples = (SELECT COALESCE(jsonb_agg(s.value ORDER BY s.n), '[]'::jsonb)
                           FROM jsonb_array_elements(r.samples || excluded.samples) WITH ORDINALITY AS s(value, n)
                          WHERE s.n <= ?),
              updated_at = now()`,
      [
        minutes.map(() => generateEntityId(undefined, "wphref")),
        minutes.map((m) => m.minute.toISOString()),
        minutes.map((m) => m.refused),
        minutes.map((m) => JSON.stringify(m.samples)),
        REFUSAL_SAMPLES_PER_MINUTE,
      ] as Knex.RawBinding[]
    )
  }

  /**
   * Deletes rows of one log older than `days` (database clock), `batchSize` at a time, each
   * batch its own statement so the log's writers are never held up for long.
   */
  async pruneLog(log: keyof typeof LOG_TABLES, days: number, batchSize: number): Promise<number> {
    const [table, column] = LOG_TABLES[log]
    let deleted = 0
    for (;;) {
      // Table and column names come from LOG_TABLES, never from input.
      const { rowCount } = await this.knex.raw<{ rowCount: number }>(
        `DELETE FROM ${table} WHERE id IN (
           SELECT id FROM ${table} WHERE ${column} < now() - make_interval(days => ?) LIMIT ?)`,
        [days, batchSize]
      )
      deleted += rowCount
      if (rowCount < batchSize) return deleted
    }
  }
}
