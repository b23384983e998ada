import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"

/**
 * SQL of the connection check's own requests (src/outbound/connection-check.ts, docs/operations.md
 * "Checking the connection"): their rows of the request log, which count against the plan as
 * the queue's do (the gate is the queue's: queue.ts `checkGate`), the 429s the log shows, and
 * the database's clock.
 */
export class CheckCallRepository {
  constructor(private readonly knex: Knex) {}

  /** A request log row for a check request to `path` (no operation), its slot from now: its id. */
  async insertCall(path: string): Promise<string> {
    const id = generateEntityId(undefined, "wpcall")
    await this.knex.raw(
      `INSERT INTO wallet_pass_api_call (id, operation_id, path, duration_ms, started_at, created_at, updated_at)
       VALUES (?, NULL, ?, 0, clock_timestamp(), clock_timestamp(), clock_timestamp())`,
      [id, path]
    )
    return id
  }

  /** How many requests the service answered with 429 in the last `hours`. */
  async countRateLimited(hours: number): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM wallet_pass_api_call
        WHERE status = 429 AND deleted_at IS NULL AND started_at > now() - make_interval(hours => ?)`,
      [hours]
    )
    return Number(rows[0]?.n ?? 0)
  }

  /** The database's clock now. */
  async clock(): Promise<Date> {
    const { rows } = await this.knex.raw<{ rows: { now: Date }[] }>(`SELECT clock_timestamp() AS now`)
    return new Date(rows[0].now)
  }
}
