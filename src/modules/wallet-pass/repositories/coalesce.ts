import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { BALANCE_METHODS, type OperationMethod } from "../constants"
import { operationKeys } from "../keys"
import type { OperationRow } from "../types"

/**
 * Coalescing under backlog (docs/architecture.md, "Coalescing"): when a holder's balance
 * changes wait behind each other, one absolute balance set carries them instead of one
 * request each. The decision is pure ({@link coalescingPlan}, unit-tested); the SQL reads the
 * holder's waiting requests when a request is prepared and takes them over when it is claimed.
 */

/** The most waiting changes one request carries (bounds the read). */
export const MAX_COALESCED = 200

/** A holder's request waiting behind the one about to go, as the plan reads it. */
export type WaitingRequest = {
  id: string
  method: OperationMethod
  /** Due now: not backing off and not held (a checkout's redemption waits for its order). */
  due: boolean
  /** Its ledger entry's signed amount while the entry is applied; null otherwise. */
  amount: number | null
}

export type CoalescingPlan = {
  /** The waiting balance changes the request carries, in their order. */
  operation_ids: string[]
  /** Their signed sum, minor units. */
  amount: number
}

/**
 * Whether `head`, the holder's request about to go, can carry the balance changes waiting
 * right behind it, and which. A balance change carries the following ones when at least one
 * follows (two or more changes: they go as one set, a lone change goes as today); a request
 * that sets the customer's values anyway (an enrolment, a profile update, a balance set)
 * carries one or more. Never a push, a text or anything else: a push must not share a
 * request with a balance change. The followers are taken in order while they are balance
 * changes that are due and whose entry is applied; anything else ends the run (a request
 * behind it keeps its place).
 */
export function coalescingPlan(
  head: Pick<OperationRow, "method" | "payload">,
  waiting: WaitingRequest[]
): CoalescingPlan | null {
  const carrier = BALANCE_METHODS.includes(head.method)
    ? "change"
    : head.method === "user_create_or_update" && SETTING_TYPES.includes(String(head.payload?.type))
      ? "set"
      : null
  if (!carrier) return null
  const carried: WaitingRequest[] = []
  for (const request of waiting) {
    if (!BALANCE_METHODS.includes(request.method) || !request.due || request.amount === null) break
    carried.push(request)
  }
  if (!carried.length) return null
  return { operation_ids: carried.map((r) => r.id), amount: carried.reduce((sum, r) => sum + r.amount!, 0) }
}

/** user_create_or_update requests that set the customer's values and may set the balance too. */
const SETTING_TYPES = ["enroll", "profile", "balance_sync"]

/** The SQL of coalescing, on the caller's connection or transaction. */
export class CoalesceRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * The holder's pending requests behind `head`, in queue order. Store events are left out:
   * they never hold a holder's other requests back (QueueRepository.pickNextOperation).
   */
  async waitingBehind(head: Pick<OperationRow, "id" | "holder_id">): Promise<WaitingRequest[]> {
    if (!head.holder_id) return []
    const { rows } = await this.knex.raw<{ rows: WaitingRequest[] }>(
      `SELECT o.id, o.method,
              (o.next_attempt_at IS NULL OR o.next_attempt_at <= clock_timestamp()) AS due,
              CASE WHEN e.state = 'applied' AND e.deleted_at IS NULL THEN e.amount END AS amount
         FROM wallet_pass_operation o
         LEFT JOIN wallet_pass_ledger_entry e ON e.id = o.ledger_entry_id
        WHERE o.holder_id = :holder AND o.state = 'pending' AND o.deleted_at IS NULL
          AND o.method <> 'event_send' AND o.id <> :head
          AND (o.created_at, o.id) > (SELECT h.created_at, h.id FROM wallet_pass_operation h WHERE h.id = :head)
        ORDER BY o.created_at, o.id
        LIMIT :max`,
      { holder: head.holder_id, head: head.id, max: MAX_COALESCED }
    )
    return rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount) }))
  }

  /**
   * Takes over the planned followers of `head` in the claim's transaction: the request that
   * goes is `head` itself when it sets values anyway, else a new balance set in `head`'s
   * place in the queue (its position: `head`'s created_at). The carried requests are resolved
   * as coalesced into it: never sent, so no echo of them is expected. Null when the plan is
   * stale (a follower is no longer pending): the caller prepares again.
   */
  async takeOver(head: OperationRow, followerIds: string[]): Promise<OperationRow | null> {
    const locked = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_operation
        WHERE id = ANY(:ids) AND holder_id = :holder AND state = 'pending' AND deleted_at IS NULL
        FOR UPDATE`,
      { ids: followerIds, holder: head.holder_id }
    )
    if (locked.rows.length !== followerIds.length) return null
    let carrier = head
    let carried = followerIds
    if (!BALANCE_METHODS.includes(head.method)) {
      // An enrolment or profile update sets the balance from now on, whenever it is sent
      // again (after an ambiguous outcome): the changes it carries were taken over for good.
      await this.knex.raw(
        `UPDATE wallet_pass_operation SET payload = payload || '{"sets_balance": true}'::jsonb WHERE id = ?`,
        [head.id]
      )
    } else {
      const { rows } = await this.knex.raw<{ rows: OperationRow[] }>(
        `INSERT INTO wallet_pass_operation
           (id, method, holder_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at)
         SELECT :id, 'user_create_or_update', holder_id, :payload::jsonb, :key, priority, 'pending', 0, created_at, clock_timestamp()
           FROM wallet_pass_operation WHERE id = :head
         ON CONFLICT DO NOTHING
         RETURNING *`,
        {
          id: generateEntityId(undefined, "wpop"),
          payload: JSON.stringify({ type: "balance_sync", reason: "coalesced" }),
          key: operationKeys.coalescedSet(head.id),
          head: head.id,
        }
      )
      if (!rows[0]) return null
      carrier = rows[0]
      carried = [head.id, ...followerIds]
    }
    await this.knex.raw(
      `UPDATE wallet_pass_operation
          SET state = 'resolved', completed_at = clock_timestamp(), updated_at = clock_timestamp(),
              result = COALESCE(result, '{}'::jsonb) || jsonb_build_object('resolution', 'coalesced', 'coalesced_into', CAST(:into AS text))
        WHERE id = ANY(:ids)`,
      { ids: carried, into: carrier.id }
    )
    return carrier
  }
}
