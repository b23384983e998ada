import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { OPEN_PRIORITY, OPERATION_PRIORITY, QUEUE_CHANNEL } from "../constants"
import type { OperationRow } from "../types"

/**
 * The queue's classes (docs/architecture.md, "The queue"): money, then what a customer with a
 * stake asked for, then what anyone can cause (class c, "open"), which keeps within
 * `dispatcher.openShare` of each hour (QueueRepository.pickNextOperation; the share's count is
 * `openPerHour` in rules/plan.ts). Here: which requests hold their holder's later ones back, a signup's enrolment moving up
 * when its customer gets a stake, and the spacing of a holder's profile updates.
 */

/**
 * SQL true for a pending operation `p` that holds back its holder's later requests. A store
 * event never does (docs/store-events.md), nor a class-c profile update that carries no
 * balance: it is built from the holder's data when it goes, so it may go after later requests,
 * and one waiting out its spacing (dispatcher.profileSpacingSeconds) must not hold a credit.
 */
export const HOLDS_HOLDER = (p: string) =>
  `(${p}.method <> 'event_send'
    AND NOT (${p}.method = 'user_create_or_update' AND ${p}.payload->>'type' = 'profile'
             AND ${p}.priority >= ${OPEN_PRIORITY} AND COALESCE(${p}.payload->>'sets_balance', '') <> 'true'))`

/** The SQL of the classes, on the caller's connection or transaction. */
export class QueueClassRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * A holder's customer now has a stake (an order, a proven phone): its class-c enrolment and
   * adoption read still waiting move up to class b (OPERATION_PRIORITY.enrolment), so its
   * credits, which wait behind them, do not wait for the open share. Returns how many moved.
   */
  async promoteHolder(holderId: string): Promise<number> {
    return this.promote("holder_id = :holder", { holder: holderId })
  }

  /**
   * promoteHolder for the holder of a store customer whose order was placed, whatever the
   * order earned (none moves for a customer without a holder).
   */
  async promoteCustomer(customerId: string): Promise<number> {
    return this.promote(
      "holder_id IN (SELECT id FROM wallet_pass_holder WHERE customer_id = :customer AND deleted_at IS NULL)",
      { customer: customerId }
    )
  }

  private async promote(holders: string, bindings: Record<string, string>): Promise<number> {
    const { rowCount } = await this.knex.raw<{ rowCount: number }>(
      `UPDATE wallet_pass_operation
          SET priority = :enrolment, updated_at = clock_timestamp()
        WHERE ${holders} AND state = 'pending' AND deleted_at IS NULL AND priority >= :open
          AND ((method = 'user_create_or_update' AND payload->>'type' = 'enroll')
               OR (method = 'read_customer' AND payload->>'type' IN ('adopt', 'cards')))`,
      { ...bindings, enrolment: OPERATION_PRIORITY.enrolment, open: OPEN_PRIORITY }
    )
    return rowCount ?? 0
  }

  /**
   * A waiting profile update (never an enrolment) moves up to `priority` and, when it was only
   * waiting out its spacing (never tried), is due now; a backoff after a failure stands.
   * Answers the row, or undefined when it is no longer a waiting profile update.
   */
  async hastenProfile(operationId: string, priority: number): Promise<OperationRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `WITH hastened AS (
         UPDATE wallet_pass_operation
            SET priority = LEAST(priority, :priority),
                next_attempt_at = CASE WHEN attempts = 0 THEN NULL ELSE next_attempt_at END,
                updated_at = clock_timestamp()
          WHERE id = :id AND state = 'pending' AND method = 'user_create_or_update'
            AND payload->>'type' = 'profile' AND deleted_at IS NULL
          RETURNING *)
       SELECT hastened.* FROM hastened, LATERAL (SELECT pg_notify('${QUEUE_CHANNEL}', '')) notified`,
      { id: operationId, priority }
    )
    return rows[0]
  }

  /**
   * When a new profile update of a holder may go: `spacingSeconds` after the holder's last
   * profile update was sent (database clock), or null when that is past.
   */
  async profileDueAt(holderId: string, spacingSeconds: number): Promise<Date | null> {
    if (spacingSeconds <= 0) return null
    const { rows } = await this.knex.raw<{ rows: { due: Date | null }[] }>(
      `SELECT CASE WHEN max(sending_at) + make_interval(secs => :spacing) > clock_timestamp()
                   THEN max(sending_at) + make_interval(secs => :spacing) END AS due
         FROM wallet_pass_operation
        WHERE holder_id = :holder AND method = 'user_create_or_update' AND payload->>'type' = 'profile'
          AND sending_at IS NOT NULL AND deleted_at IS NULL`,
      { spacing: spacingSeconds, holder: holderId }
    )
    return rows[0]?.due ?? null
  }
}
