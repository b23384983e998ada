import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { CallRecord, EnqueueInput, GateDecision, OperationRow, SettleInput } from "../types"
import { generateEntityId } from "@medusajs/framework/utils"
import type { RateLimits } from "../../../lib/constants"
import { WALLET_PASS_PATHS } from "../../../lib/wallet-pass-client/client"
import {
  LATE_LANDING_METHODS,
  OPERATION_CLIENT_METHODS,
  OPERATION_METHODS,
  OPEN_PRIORITY,
  OPERATION_PRIORITY,
  type OperationMethod,
  QUEUE_CHANNEL,
} from "../constants"
import { STORE_EVENTS_SENT_TODAY, UTC_DAY_START } from "./event-cap"
import { HOLDS_HOLDER } from "./classes"

/**
 * SQL of the durable queue and the rate gate (docs/architecture.md, "The queue"). Every function runs inside the
 * caller's transaction; the service wraps them in @InjectTransactionManager methods.
 */

/**
 * Extra spacing over the plan's windows: clock granularity and rounding between the
 * database clock, the sending process and the service. The rest of the spacing is exact by
 * construction: a call counts from when its answer came back (send_delay_ms), the latest it
 * can have reached the service, and a call still unanswered counts as reaching it now (see
 * IN_FLIGHT_BOUND_SECONDS), so however late a request leaves after its reservation (a slow
 * commit, a busy 2-core machine), the next one is reserved a window after it arrived.
 * Before those two rules a 75 ms margin was needed and still let 429s through now and then;
 * 15 ms costs ~1.5% of the rate (1000 / 1015).
 */
export const GATE_MARGIN_MS = 15

/**
 * The longest a reserved request can take to reach the service: the client's connect
 * timeout (5 s) and some slack. Until it is answered, a request counts in the per-second
 * window as arriving now, for at most this long after its reservation (a process that died
 * mid-request holds the window that long, not until its recovery).
 */
export const IN_FLIGHT_BOUND_SECONDS = 10

/**
 * The advisory lock key of an operation being sent. The sending process holds it for the
 * whole call, so recovery can tell a slow process (lock held) from a dead one (its
 * connection, and so its lock, is gone). `idSql` is the SQL of the operation id.
 */
export const sendLockKey = (idSql: string) => `hashtextextended('wallet_pass_send:' || ${idSql}, 0)`

/** A request queued but held back until released (a checkout's redemption before its order exists). */
export const HELD_UNTIL = new Date(Date.UTC(2999, 0, 1))

/** Path of each method, relative to the API base: the client's, through OPERATION_CLIENT_METHODS. */
export const OPERATION_PATHS = Object.fromEntries(
  OPERATION_METHODS.map((method) => [method, WALLET_PASS_PATHS[OPERATION_CLIENT_METHODS[method]]])
) as Record<OperationMethod, string>

/** The SQL of this file, run on the caller's connection or transaction (the active manager's knex). */
export class QueueRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Inserts an operation once per dedupe key; returns the row (new or the one already there).
   * A new one notifies QUEUE_CHANNEL when its transaction commits, which wakes the dispatcher
   * (src/outbound/wake.ts) instead of leaving it to the next poll.
   */
  async insertOperation(input: EnqueueInput): Promise<{ operation: OperationRow; created: boolean }> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `WITH inserted AS (
         INSERT INTO wallet_pass_operation
           (id, method, holder_id, ledger_entry_id, payload, dedupe_key, priority, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?::jsonb, ?, ?, 'pending', 0, ?, clock_timestamp(), clock_timestamp())
         ON CONFLICT DO NOTHING
         RETURNING *)
       SELECT inserted.* FROM inserted, LATERAL (SELECT pg_notify('${QUEUE_CHANNEL}', '')) notified`,
      [
        generateEntityId(undefined, "wpop"),
        input.method,
        input.holder_id ?? null,
        input.ledger_entry_id ?? null,
        JSON.stringify(input.payload),
        input.dedupe_key,
        input.priority,
        input.next_attempt_at ?? null,
      ]
    )
    if (rows[0]) {
      return { operation: rows[0], created: true }
    }
    const existing = await this.knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation WHERE dedupe_key = ?`,
      [input.dedupe_key]
    )
    return { operation: existing.rows[0], created: false }
  }

  /**
   * Locks the gate and decides, on the database clock, whether one more request may go now:
   * the perSecond-th latest request must be over a second old and the perHour-th latest over
   * an hour old (sliding windows over the API call log), and no 429 may be holding the gate.
   */
  async checkGate(limits: RateLimits): Promise<GateDecision> {
    // The lock is its own statement: under READ COMMITTED a statement's snapshot is taken
    // before it waits for a lock, so counting in the same statement would miss the slot the
    // previous holder of the lock just reserved. The next statement sees it.
    const locked = await this.knex.raw<{ rows: unknown[] }>(
      `SELECT 1 FROM wallet_pass_gate WHERE id = 'service' FOR UPDATE`
    )
    if (!locked.rows.length) {
      await this.knex.raw(
        `INSERT INTO wallet_pass_gate (id, created_at, updated_at) VALUES ('service', now(), now()) ON CONFLICT DO NOTHING`
      )
      await this.knex.raw(`SELECT 1 FROM wallet_pass_gate WHERE id = 'service' FOR UPDATE`)
    }
    // Per second: the perSecond-th latest arrival, an unanswered call counting as arriving now
    // (up to IN_FLIGHT_BOUND_SECONDS after its reservation). Only recent calls can matter.
    const { rows } = await this.knex.raw<{ rows: { wait_ms: string | null }[] }>(
      `WITH recent AS (
              SELECT CASE WHEN outcome IS NULL THEN LEAST(clock_timestamp(), started_at + make_interval(secs => ?)) ELSE started_at END AS t
                FROM wallet_pass_api_call
               WHERE deleted_at IS NULL AND started_at > clock_timestamp() - make_interval(secs => ?)),
            sec AS (SELECT t FROM recent ORDER BY t DESC OFFSET ? LIMIT 1),
            hour AS (SELECT started_at FROM wallet_pass_api_call WHERE deleted_at IS NULL ORDER BY started_at DESC OFFSET ? LIMIT 1)
       SELECT GREATEST(
                0,
                EXTRACT(EPOCH FROM ((SELECT blocked_until FROM wallet_pass_gate WHERE id = 'service') - clock_timestamp())) * 1000,
                EXTRACT(EPOCH FROM ((SELECT t FROM sec) + make_interval(secs => ?) - clock_timestamp())) * 1000,
                EXTRACT(EPOCH FROM ((SELECT started_at FROM hour) + make_interval(secs => ?) - clock_timestamp())) * 1000
              ) AS wait_ms`,
      [
        IN_FLIGHT_BOUND_SECONDS,
        IN_FLIGHT_BOUND_SECONDS + 2,
        limits.perSecond - 1,
        limits.perHour - 1,
        1 + GATE_MARGIN_MS / 1000,
        3600 + GATE_MARGIN_MS / 1000,
      ]
    )
    const wait = Math.ceil(Number(rows[0]?.wait_ms ?? 0))
    return wait > 0 ? { allowed: false, wait_ms: wait } : { allowed: true }
  }

  /**
   * The next operation that may be sent: the head of its holder's queue (nothing of that
   * holder sending or unknown, no older pending one that holds it back: classes.ts
   * HOLDS_HOLDER), due, lowest priority value first (docs/architecture.md, "The queue").
   * Nothing goes for a holder not adopted yet but its adoption read (docs/adoption.md). Class c
   * goes only while under `openPerHour` in the last hour, background work only while under
   * `backgroundPerHour`, a store event only while fewer than `eventsPerDay` were sent today
   * (UTC) or when it is itself one of them, tried again (docs/store-events.md, "The daily cap").
   */
  async pickNextOperation({
    lock = true,
    backgroundPerHour,
    openPerHour = null,
    eventsPerDay = null,
  }: {
    lock?: boolean
    backgroundPerHour: number
    /** Class c's hourly share (dispatcher.openShare) and the store events' daily cap; null: none. */
    openPerHour?: number | null
    eventsPerDay?: number | null
  }): Promise<OperationRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `SELECT o.* FROM wallet_pass_operation o
        WHERE o.state = 'pending' AND o.deleted_at IS NULL
          AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= clock_timestamp())
          AND (o.holder_id IS NULL OR NOT EXISTS (
                SELECT 1 FROM wallet_pass_operation p
                 WHERE p.holder_id = o.holder_id AND p.deleted_at IS NULL AND p.id <> o.id
                   AND (p.state IN ('sending', 'unknown')
                        -- The adoption read is held back by nothing waiting: everything else of a
                        -- holder whose adoption is pending waits for it (below), so an earlier
                        -- request waiting behind it would hold both for ever (issue 41, no limbo).
                        OR (p.state = 'pending' AND ${HOLDS_HOLDER("p")} AND (p.created_at, p.id) < (o.created_at, o.id)
                            AND o.payload->>'type' IS DISTINCT FROM 'adopt'))))
          AND (o.holder_id IS NULL OR o.payload->>'type' = 'adopt'
               OR NOT EXISTS (SELECT 1 FROM wallet_pass_holder h WHERE h.id = o.holder_id AND h.adoption_state = 'pending'))
          AND (o.priority < :open OR :openCap < 0 OR :openCap > (
                SELECT count(*) FROM wallet_pass_api_call c JOIN wallet_pass_operation b ON b.id = c.operation_id
                 WHERE c.deleted_at IS NULL AND c.started_at > clock_timestamp() - interval '1 hour' AND b.priority >= :open))
          AND (o.priority < :background OR :cap > (
                SELECT count(*) FROM wallet_pass_api_call c JOIN wallet_pass_operation b ON b.id = c.operation_id
                 WHERE c.deleted_at IS NULL AND c.started_at > clock_timestamp() - interval '1 hour' AND b.priority >= :background))
          AND (o.method <> 'event_send' OR o.dedupe_key NOT LIKE 'event:%' OR :eventCap < 0
               OR o.sending_at >= ${UTC_DAY_START}
               OR :eventCap > (${STORE_EVENTS_SENT_TODAY}))
        ORDER BY o.priority, o.created_at, o.id
        LIMIT 1
        ${lock ? "FOR UPDATE OF o SKIP LOCKED" : ""}`,
      {
        open: OPEN_PRIORITY,
        openCap: openPerHour ?? -1,
        background: OPERATION_PRIORITY.background,
        cap: backgroundPerHour,
        eventCap: eventsPerDay ?? -1,
      }
    )
    return rows[0]
  }

  /** Marks an operation as being sent and writes its API call row (the gate's reservation). */
  async reserveSend(operation: OperationRow, path: string): Promise<{ operation: OperationRow; api_call_id: string }> {
    const apiCallId = generateEntityId(undefined, "wpcall")
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `WITH reserved AS (
         INSERT INTO wallet_pass_api_call (id, operation_id, path, duration_ms, started_at, created_at, updated_at)
         VALUES (:call, :operation, :path, 0, clock_timestamp(), clock_timestamp(), clock_timestamp()))
       UPDATE wallet_pass_operation
          SET state = 'sending', sending_at = clock_timestamp(), attempts = attempts + 1, updated_at = clock_timestamp()
        WHERE id = :operation RETURNING *`,
      { call: apiCallId, operation: operation.id, path }
    )
    return { operation: rows[0], api_call_id: apiCallId }
  }

  async completeApiCall(apiCallId: string, record: CallRecord): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_api_call
          SET status = ?, outcome = ?, duration_ms = ?, request = ?::jsonb, response = ?::jsonb, error = ?, updated_at = clock_timestamp(),
              started_at = started_at + make_interval(secs => ?::float8 / 1000)
        WHERE id = ?`,
      [
        record.status,
        record.outcome,
        record.duration_ms,
        record.request === undefined ? null : JSON.stringify(record.request),
        record.response === undefined ? null : JSON.stringify(record.response),
        record.error,
        Math.max(0, record.send_delay_ms ?? 0),
        apiCallId,
      ]
    )
  }

  /** Pushes the gate forward after a 429 (Retry-After). */
  async blockGate(seconds: number): Promise<void> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_gate (id, blocked_until, created_at, updated_at)
       VALUES ('service', clock_timestamp() + make_interval(secs => ?), now(), now())
       ON CONFLICT (id) DO UPDATE SET blocked_until = GREATEST(wallet_pass_gate.blocked_until, EXCLUDED.blocked_until), updated_at = now()`,
      [seconds]
    )
  }

  /** Moves a sending operation to its outcome state; a repeat attempt's attempts counter stays. */
  async settleOperation(id: string, input: SettleInput): Promise<OperationRow> {
    const final = ["done", "failed", "resolved", "needs_review"].includes(input.state)
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `UPDATE wallet_pass_operation
          SET state = :state,
              result = CASE WHEN CAST(:result AS jsonb) IS NULL AND CAST(:hold AS float8) IS NULL THEN result
                            ELSE COALESCE(result, '{}'::jsonb) || COALESCE(CAST(:result AS jsonb), '{}'::jsonb)
                                 || CASE WHEN CAST(:hold AS float8) IS NULL THEN '{}'::jsonb
                                         ELSE jsonb_build_object('not_before', clock_timestamp() + make_interval(secs => CAST(:hold AS float8))) END
                       END,
              last_error = :last_error,
              next_attempt_at = CASE WHEN CAST(:retry AS float8) IS NULL AND CAST(:hold AS float8) IS NULL THEN next_attempt_at
                                     ELSE clock_timestamp()
                                          + make_interval(secs => GREATEST(COALESCE(CAST(:retry AS float8), 0), COALESCE(CAST(:hold AS float8), 0))) END,
              completed_at = CASE WHEN :final THEN clock_timestamp() ELSE completed_at END,
              updated_at = clock_timestamp()
        WHERE id = :id RETURNING *`,
      {
        state: input.state,
        result: input.result ? JSON.stringify(input.result) : null,
        hold: input.hold_seconds ?? null,
        last_error: input.last_error ?? null,
        retry: input.retry_in_seconds ?? null,
        final,
        id,
      }
    )
    return rows[0]
  }

  /**
   * How many times an operation has now failed because of the service (5xx, reset, timeout,
   * refused connection), counting a failure only when it is the operation's first or the
   * service answered some other request well since its previous one: a long outage is one
   * failure, a request the service keeps failing while it works for others adds up. Returns
   * the new count and the database time of this failure.
   */
  async countServiceFailure(operationId: string, apiCallId: string): Promise<{ failures: number; at: Date }> {
    const { rows } = await this.knex.raw<{ rows: { failures: number; at: Date }[] }>(
      `SELECT COALESCE((o.result->>'service_failures')::int, 0)
              + CASE WHEN o.result->>'last_service_failure_at' IS NULL THEN 1
                     WHEN EXISTS (SELECT 1 FROM wallet_pass_api_call c
                                   WHERE c.outcome = 'applied' AND c.deleted_at IS NULL AND c.id <> ?
                                     AND c.started_at > (o.result->>'last_service_failure_at')::timestamptz) THEN 1
                     ELSE 0 END AS failures,
              clock_timestamp() AS at
         FROM wallet_pass_operation o WHERE o.id = ?`,
      [apiCallId, operationId]
    )
    return { failures: Number(rows[0]?.failures ?? 1), at: rows[0]?.at ?? new Date() }
  }

  /**
   * The service answered a request well: requests waiting out a backoff because the service
   * was in trouble are due again now (or at the end of their hold), so the queue resumes as
   * soon as the service is back instead of after the longest backoff. Returns how many were
   * released.
   *
   * Only requests with at most one failure of their own (see countServiceFailure): every
   * victim of an outage, which counts once. One that the service has failed again while it
   * answered others (an outage of its endpoint, or a request the service cannot take) waits
   * out its own growing backoff: released by every good answer it would be sent again after
   * each, spending the plan's budget (a request a second at most) on a request that fails,
   * and would reach its give-up count within minutes of a short outage of one endpoint.
   */
  async releaseServiceBackoffs(): Promise<number> {
    const { rowCount } = await this.knex.raw<{ rowCount: number }>(
      // Due now, or once its hold is over (SettleInput.hold_seconds) if that is later.
      `UPDATE wallet_pass_operation
          SET next_attempt_at = GREATEST(clock_timestamp(), (result->>'not_before')::timestamptz), updated_at = clock_timestamp()
        WHERE state = 'pending' AND deleted_at IS NULL AND result->>'retry' = 'service'
          AND COALESCE((result->>'service_failures')::int, 1) <= 1
          AND next_attempt_at > GREATEST(clock_timestamp(), (result->>'not_before')::timestamptz) AND next_attempt_at < ?`,
      [HELD_UNTIL]
    )
    return rowCount ?? 0
  }

  /**
   * Operations left `sending` by a process that died. With no API call row answered, whether
   * the request reached the service is unknown: balance requests become `unknown` (resolved
   * by evidence), everything else is safe to send again and goes back to `pending` (after
   * `holdSeconds` for LATE_LANDING_METHODS).
   */
  async recoverStaleSends(leaseSeconds: number, holdSeconds: number): Promise<OperationRow[]> {
    // Past the lease and with nobody holding its send lock: the lease alone would take a
    // process stalled for a moment (a busy machine) for a dead one and send twice.
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `WITH stale AS MATERIALIZED (
         SELECT id FROM wallet_pass_operation
          WHERE state = 'sending' AND sending_at < clock_timestamp() - make_interval(secs => ?)
       ), orphaned AS MATERIALIZED (
         SELECT id FROM stale WHERE pg_try_advisory_xact_lock(${sendLockKey("stale.id")})
       )
       UPDATE wallet_pass_operation o
          SET state = CASE WHEN o.method IN ('balance_add', 'balance_deduct') AND o.result->>'echo_transaction_id' IS NULL
                           THEN 'unknown'
                           WHEN o.method IN ('balance_add', 'balance_deduct') THEN 'resolved'
                           ELSE 'pending' END,
              last_error = 'the process sending it stopped before the answer arrived',
              -- A request that sets values may still land late: held (LATE_LANDING_METHODS).
              next_attempt_at = clock_timestamp()
                + CASE WHEN o.method = ANY(?::text[]) THEN make_interval(secs => ?) ELSE interval '0' END,
              completed_at = CASE WHEN o.method IN ('balance_add', 'balance_deduct') AND o.result->>'echo_transaction_id' IS NOT NULL
                                  THEN clock_timestamp() ELSE o.completed_at END,
              updated_at = clock_timestamp()
        WHERE o.id IN (SELECT id FROM orphaned) AND o.state = 'sending'
        RETURNING o.*`,
      [leaseSeconds, [...LATE_LANDING_METHODS], holdSeconds]
    )
    // The call rows of the recovered operations, and direct calls (no operation) never answered.
    // Such a request may still reach the service up to IN_FLIGHT_BOUND_SECONDS after its
    // reservation (the service may count it then): it keeps counting as arriving that late,
    // as it did while unanswered, so the next request does not follow it within the second.
    await this.knex.raw(
      `UPDATE wallet_pass_api_call SET outcome = 'ambiguous', error = 'no answer recorded: the sending process stopped',
              started_at = started_at + make_interval(secs => ?)
        WHERE outcome IS NULL
          AND (operation_id = ANY(?) OR (operation_id IS NULL AND started_at < clock_timestamp() - make_interval(secs => ?)))`,
      [IN_FLIGHT_BOUND_SECONDS, rows.map((r) => r.id), leaseSeconds]
    )
    return rows
  }

  /**
   * Unknown balance requests whose echo did not come in time: they are resolved by an
   * absolute balance set (idempotent, so safe whether or not the original was applied).
   * Returns the holders that need that set.
   */
  async expireUnknownBalanceSends(): Promise<{ id: string; holder_id: string }[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string; holder_id: string }[] }>(
      `UPDATE wallet_pass_operation
          SET state = 'resolved',
              result = COALESCE(result, '{}'::jsonb) || '{"resolution":"balance_sync"}'::jsonb,
              completed_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE state = 'unknown' AND next_attempt_at <= clock_timestamp() AND holder_id IS NOT NULL
        RETURNING id, holder_id`
    )
    return rows
  }

  /**
   * The balance the service should show for a holder: entries it knows of (no request of
   * ours needed, or our request done or resolved), plus the entry of the operation being sent.
   * Entries whose requests are still queued are left out: they reach the service on their own.
   */
  async serviceVisibleBalance(holderId: string, sendingOperationId: string | null): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { balance: string }[] }>(
      `SELECT COALESCE(SUM(e.amount), 0) AS balance
         FROM wallet_pass_ledger_entry e
        WHERE e.holder_id = ? AND e.state = 'applied' AND e.deleted_at IS NULL
          AND NOT EXISTS (
            SELECT 1 FROM wallet_pass_operation o
             WHERE o.ledger_entry_id = e.id AND o.deleted_at IS NULL
               AND o.state NOT IN ('done', 'resolved') AND o.id IS DISTINCT FROM ?)`,
      [holderId, sendingOperationId]
    )
    return Number(rows[0]?.balance ?? 0)
  }

  /** An operation as it is now, or undefined; `forUpdate` locks it for the transaction. */
  async operation(id: string, { forUpdate = false }: { forUpdate?: boolean } = {}): Promise<OperationRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation WHERE id = ? AND deleted_at IS NULL${forUpdate ? " FOR UPDATE" : ""}`,
      [id]
    )
    return rows[0]
  }

  /** A holder's profile update or enrolment still waiting to be sent (a new one would repeat it). */
  async pendingProfileUpdate(holderId: string): Promise<OperationRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation
        WHERE holder_id = ? AND method = 'user_create_or_update' AND state = 'pending'
          AND payload->>'type' IN ('profile', 'enroll') AND deleted_at IS NULL
        LIMIT 1`,
      [holderId]
    )
    return rows[0]
  }

  /** Puts an operation's state back as it was (an admin review taken back). */
  async restoreState(
    before: Pick<OperationRow, "id" | "state" | "next_attempt_at" | "completed_at" | "result">
  ): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation SET state = ?, next_attempt_at = ?, completed_at = ?, result = ?::jsonb, updated_at = now() WHERE id = ?`,
      [
        before.state,
        before.next_attempt_at,
        before.completed_at,
        before.result ? JSON.stringify(before.result) : null,
        before.id,
      ]
    )
  }

  /** Queue and rate-gate figures for the admin (see OutboxService.getQueueHealth). */
  async health(): Promise<{
    states: { state: string; count: string }[]
    oldest_age: string | null
    calls: { hour: string; second: string } | undefined
    blocked_until: Date | null
  }> {
    const [states, oldest, calls, gate] = await Promise.all([
      // A checkout's redemption waits as a pending request held far in the future: "held", not backlog.
      this.knex.raw<{ rows: { state: string; count: string }[] }>(
        `SELECT CASE WHEN state = 'pending' AND next_attempt_at >= ? THEN 'held' ELSE state END AS state, count(*)
           FROM wallet_pass_operation WHERE deleted_at IS NULL GROUP BY 1`,
        [HELD_UNTIL]
      ),
      this.knex.raw<{ rows: { age: string | null }[] }>(
        `SELECT EXTRACT(EPOCH FROM clock_timestamp() - min(created_at)) AS age
           FROM wallet_pass_operation
          WHERE state = 'pending' AND deleted_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at < ?)`,
        [HELD_UNTIL]
      ),
      this.knex.raw<{ rows: { hour: string; second: string }[] }>(
        `SELECT count(*) FILTER (WHERE started_at > clock_timestamp() - interval '1 hour') AS hour,
                count(*) FILTER (WHERE started_at > clock_timestamp() - interval '1 second') AS second
           FROM wallet_pass_api_call WHERE deleted_at IS NULL AND started_at > clock_timestamp() - interval '1 hour'`
      ),
      this.knex.raw<{ rows: { blocked_until: Date | null }[] }>(
        `SELECT blocked_until FROM wallet_pass_gate WHERE id = 'service'`
      ),
    ])
    return {
      states: states.rows,
      oldest_age: oldest.rows[0]?.age ?? null,
      calls: calls.rows[0],
      blocked_until: gate.rows[0]?.blocked_until ?? null,
    }
  }
}
