import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { operationKeys } from "../keys"
import type { OperationRow } from "../types"
import type { WaitingRequest } from "../rules/coalescing"

/**
 * Coalescing under backlog (docs/architecture.md, "Coalescing"): when a holder's balance
 * changes wait behind each other, one absolute balance set carries them instead of one
 * request each. The decision is pure (rules/coalescing.ts `coalescingPlan`, unit-tested) and
 * OutboxService applies it; the SQL here reads the holder's waiting requests when a request
 * is prepared and takes them over when it is claimed.
 */

/** The most waiting changes one request carries (bounds the read). */
export const MAX_COALESCED = 200

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

  /** Locks the followers still pending behind `head` in its holder's queue; answers how many were locked. */
  async lockPendingFollowers(head: Pick<OperationRow, "holder_id">, followerIds: string[]): Promise<number> {
    const locked = await this.knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_operation
        WHERE id = ANY(:ids) AND holder_id = :holder AND state = 'pending' AND deleted_at IS NULL
        FOR UPDATE`,
      { ids: followerIds, holder: head.holder_id }
    )
    return locked.rows.length
  }

  /**
   * Marks an enrolment or profile update as setting the balance from now on, whenever it is
   * sent again (after an ambiguous outcome): the changes it carries were taken over for good.
   */
  async markSetsBalance(headId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation SET payload = payload || '{"sets_balance": true}'::jsonb WHERE id = ?`,
      [headId]
    )
  }

  /**
   * Queues a balance set in `head`'s place in the queue (its position: `head`'s created_at),
   * once (its key); null when it was queued already.
   */
  async insertSetInPlaceOf(headId: string): Promise<OperationRow | null> {
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
        key: operationKeys.coalescedSet(headId),
        head: headId,
      }
    )
    return rows[0] ?? null
  }

  /** Resolves the carried requests as coalesced into `carrierId`: never sent, so no echo of them is expected. */
  async resolveCoalesced(carriedIds: string[], carrierId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_operation
          SET state = 'resolved', completed_at = clock_timestamp(), updated_at = clock_timestamp(),
              result = COALESCE(result, '{}'::jsonb) || jsonb_build_object('resolution', 'coalesced', 'coalesced_into', CAST(:into AS text))
        WHERE id = ANY(:ids)`,
      { ids: carriedIds, into: carrierId }
    )
  }
}
