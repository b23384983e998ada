import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { OPEN_PRIORITY, OPERATION_PRIORITY } from "../constants"
import { HOLD_RULES, type HoldRule } from "../constants"
import type { ForecastCounts } from "../rules/plan"
import { HOLDS_HOLDER } from "./classes"
import { HELD_UNTIL } from "./queue"

/**
 * SQL of the rule that holds a waiting live request `o` back now, or NULL when it may go as
 * soon as its turn comes (docs/operations.md, "Forecast"): a profile update waiting out its
 * spacing, a request waiting out its retry (or queued for later), one behind such a request of its holder (or behind
 * one whose outcome is not known yet), one of a holder without a phone (it goes once the
 * customer has one of their own), one waiting for its holder's adoption read, and class c
 * over its share of the hour
 * (pickNextOperation's conditions, read as reasons).
 */
const HOLD_RULE = `CASE
    WHEN o.next_attempt_at > clock_timestamp() AND o.attempts = 0
         AND o.method = 'user_create_or_update' AND o.payload->>'type' = 'profile' THEN 'spacing'
    WHEN o.next_attempt_at > clock_timestamp() AND o.attempts > 0 THEN 'retry'
    WHEN o.next_attempt_at > clock_timestamp() THEN 'scheduled'
    WHEN behind.blocked THEN 'holder'
    WHEN o.holder_id IS NOT NULL AND h.id IS NOT NULL AND h.phone IS NULL THEN 'no_phone'
    WHEN o.holder_id IS NOT NULL AND h.adoption_state = 'pending' AND o.payload->>'type' IS DISTINCT FROM 'adopt'
         THEN 'adoption'
    WHEN o.priority >= :open AND (SELECT at FROM open_free) IS NOT NULL THEN 'open_share'
  END`

/** When the rule lets the request go; NULL when no time is known (an outcome still awaited). */
const HOLD_DUE = `CASE
    WHEN o.next_attempt_at > clock_timestamp() THEN o.next_attempt_at
    WHEN behind.blocked THEN behind.due
    WHEN o.priority >= :open THEN (SELECT at FROM open_free)
  END`

/** The counts the queue's forecast is worked out from (rules/plan.ts), in one statement. */
export class ForecastRepository {
  constructor(private readonly knex: Knex) {}

  /** `openPerHour`: class c's hourly share (rules/plan.ts openPerHour). */
  async counts(openPerHour: number): Promise<ForecastCounts> {
    const { rows } = await this.knex.raw<{ rows: (Record<string, string> & { held: unknown })[] }>(
      `WITH open_calls AS (
         SELECT c.started_at FROM wallet_pass_api_call c JOIN wallet_pass_operation b ON b.id = c.operation_id
          WHERE c.deleted_at IS NULL AND c.started_at > clock_timestamp() - interval '1 hour' AND b.priority >= :open
       ), open_free AS (
         -- When class c may send again: the call that brings its hour under the share ages out.
         SELECT (SELECT started_at + interval '1 hour' FROM open_calls ORDER BY started_at
                  OFFSET GREATEST(0, (SELECT count(*) FROM open_calls) - :openCap) LIMIT 1) AS at
          WHERE (SELECT count(*) FROM open_calls) >= :openCap
       ), waiting AS (
         SELECT o.priority, ${HOLD_RULE} AS rule, ${HOLD_DUE} AS due
           FROM wallet_pass_operation o
           LEFT JOIN wallet_pass_holder h ON h.id = o.holder_id AND h.deleted_at IS NULL
           LEFT JOIN LATERAL (
             SELECT true AS blocked, max(p.next_attempt_at) FILTER (WHERE p.state = 'pending') AS due
               FROM wallet_pass_operation p
              WHERE o.holder_id IS NOT NULL AND p.holder_id = o.holder_id AND p.deleted_at IS NULL AND p.id <> o.id
                AND (p.state = 'unknown'
                     OR (p.state = 'pending' AND ${HOLDS_HOLDER("p")} AND p.next_attempt_at > clock_timestamp()
                         AND (p.created_at, p.id) < (o.created_at, o.id)))
             HAVING count(*) > 0
           ) behind ON true
          WHERE o.state = 'pending' AND o.deleted_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at < :held)
       ), arrived AS (
         SELECT result FROM wallet_pass_operation
          WHERE created_at > clock_timestamp() - interval '1 hour' AND deleted_at IS NULL AND priority < :background
       )
       SELECT (SELECT count(*) FROM waiting WHERE priority < :background AND rule IS NULL) AS backlog,
              (SELECT count(*) FROM waiting WHERE priority >= :background) AS background_backlog,
              (SELECT COALESCE(json_agg(json_build_object('rule', rule, 'count', n, 'next_due_at', due) ORDER BY rule), '[]')
                 FROM (SELECT rule, count(*) AS n, min(due) AS due FROM waiting
                        WHERE priority < :background AND rule IS NOT NULL GROUP BY rule) r) AS held,
              (SELECT count(*) FROM arrived) AS arrived_last_hour,
              (SELECT count(*) FROM arrived WHERE result->>'coalesced_into' IS NOT NULL) AS carried_last_hour,
              (SELECT count(*) FROM wallet_pass_api_call
                WHERE started_at > clock_timestamp() - interval '1 hour' AND deleted_at IS NULL) AS sent_last_hour`,
      {
        held: HELD_UNTIL,
        background: OPERATION_PRIORITY.background,
        open: OPEN_PRIORITY,
        openCap: openPerHour,
      }
    )
    const r = rows[0]
    const held = (r.held as { rule: HoldRule; count: number | string; next_due_at: string | null }[])
      .filter((h) => HOLD_RULES.includes(h.rule))
      .map((h) => ({
        rule: h.rule,
        count: Number(h.count),
        next_due_at: h.next_due_at ? new Date(h.next_due_at) : null,
      }))
    return {
      backlog: Number(r.backlog),
      background_backlog: Number(r.background_backlog),
      held,
      arrived_last_hour: Number(r.arrived_last_hour),
      carried_last_hour: Number(r.carried_last_hour),
      sent_last_hour: Number(r.sent_last_hour),
    }
  }
}
