import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { OPERATION_PRIORITY } from "../constants"
import type { ForecastCounts } from "../../../lib/plan"
import { HELD_UNTIL } from "./queue"

/** The counts the queue's forecast is worked out from (src/lib/plan.ts), in one statement. */
export class ForecastRepository {
  constructor(private readonly knex: Knex) {}

  async counts(): Promise<ForecastCounts> {
    const { rows } = await this.knex.raw<{ rows: Record<keyof ForecastCounts, string>[] }>(
      `WITH waiting AS (
         SELECT priority FROM wallet_pass_operation
          WHERE state = 'pending' AND deleted_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at < :held)
       ), arrived AS (
         SELECT result FROM wallet_pass_operation
          WHERE created_at > clock_timestamp() - interval '1 hour' AND deleted_at IS NULL AND priority < :background
       )
       SELECT (SELECT count(*) FROM waiting WHERE priority < :background) AS backlog,
              (SELECT count(*) FROM waiting WHERE priority >= :background) AS background_backlog,
              (SELECT count(*) FROM arrived) AS arrived_last_hour,
              (SELECT count(*) FROM arrived WHERE result->>'coalesced_into' IS NOT NULL) AS carried_last_hour,
              (SELECT count(*) FROM wallet_pass_api_call
                WHERE started_at > clock_timestamp() - interval '1 hour' AND deleted_at IS NULL) AS sent_last_hour`,
      { held: HELD_UNTIL, background: OPERATION_PRIORITY.background }
    )
    const r = rows[0]
    return {
      backlog: Number(r.backlog),
      background_backlog: Number(r.background_backlog),
      arrived_last_hour: Number(r.arrived_last_hour),
      carried_last_hour: Number(r.carried_last_hour),
      sent_last_hour: Number(r.sent_last_hour),
    }
  }
}
