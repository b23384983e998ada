import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { QUEUE_CHANNEL } from "../constants"
import { lockHolders } from "./ledger"
import { NET_SPEND } from "./program"
import { PENDING_LEFT_SQL } from "./order-decisions"

/** A holder's facts for their card's texts, and what the card was last given. */
export type CardFactsRow = {
  holder_id: string
  customer_id: string | null
  level: string | null
  spend: number
  name: string | null
  promo: string | null
  member_since: Date | null
  expiring_amount: number | null
  expiring_at: Date | null
  /** The bonus of its orders still pending (docs/loyalty.md, "Pending bonus"). */
  pending: number
  card_texts: Record<string, string> | null
  card_level: string | null
  /**
   * Whether a request that sets the holder's values (an enrolment, a profile update, a balance
   * set) waits in the queue or is being sent (it carries the texts as built; once done, the
   * card's catch-up compares again). A profile update waiting out its spacing does not count:
   * what moved the texts takes it along now (OutboxService.enqueueProfileSync). A credit that
   * has lapsed but whose expiry is not written yet counts: the expiry's balance set carries the
   * texts (a catch-up in between would send them twice).
   */
  setting_waits: boolean
  /**
   * Whether a balance request of the holder (balance/add or deduct) waits or is being sent: the
   * card's catch-up follows it once done, as the service's balance then holds the change.
   */
  balance_waits: boolean
}

/** The reads and writes of the card's texts (docs/program.md, "On the card"). */
export class CardTextsRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Per holder: level and spend (as the level pass counts it, over `windowDays`), the credit
   * that lapses first (what is left of it), the bonus still pending, when they joined, their promo code, and what
   * their card was last given.
   */
  async facts(holderIds: string[], windowDays: number | null): Promise<CardFactsRow[]> {
    if (!holderIds.length) return []
    const { rows } = await this.knex.raw<{ rows: CardFactsRow[] }>(
      `SELECT h.id AS holder_id, h.customer_id, h.level, h.name, h.promo,
              COALESCE(h.enrolled_at, h.created_at) AS member_since, h.card_texts, h.card_level,
              CASE WHEN h.customer_id IS NULL THEN 0 ELSE
                COALESCE((SELECT sum(${NET_SPEND}) FROM wallet_pass_order_spend s
                           WHERE s.customer_id = h.customer_id AND s.canceled_at IS NULL AND s.deleted_at IS NULL
                             AND (CAST(:window AS integer) IS NULL
                                  OR s.placed_at >= now() - make_interval(days => CAST(:window AS integer)))), 0)
              END AS spend,
              x.remaining AS expiring_amount, x.expires_at AS expiring_at,
              COALESCE((SELECT sum(${PENDING_LEFT_SQL("d")}) FROM wallet_pass_order_decision d
                         WHERE d.holder_id = h.id AND d.deleted_at IS NULL
                           AND d.pending_until IS NOT NULL AND d.matured_at IS NULL), 0) AS pending,
              EXISTS (SELECT 1 FROM wallet_pass_operation o
                       WHERE o.holder_id = h.id AND o.method = 'user_create_or_update'
                         AND o.payload->>'type' IN ('enroll', 'profile', 'balance_sync') AND o.deleted_at IS NULL
                         AND (o.state = 'sending'
                              OR (o.state = 'pending'
                                  AND NOT (o.payload->>'type' = 'profile' AND o.attempts = 0
                                           AND o.next_attempt_at > clock_timestamp()))))
              OR EXISTS (SELECT 1 FROM wallet_pass_ledger_entry l
                          WHERE l.holder_id = h.id AND l.expires_at IS NOT NULL AND l.expires_at <= now()
                            AND l.expired_at IS NULL AND l.state = 'applied' AND l.remaining > 0
                            AND l.deleted_at IS NULL)
                AS setting_waits,
              EXISTS (SELECT 1 FROM wallet_pass_operation o
                       WHERE o.holder_id = h.id AND o.method IN ('balance_add', 'balance_deduct')
                         AND o.state IN ('pending', 'sending') AND o.deleted_at IS NULL) AS balance_waits
         FROM wallet_pass_holder h
         LEFT JOIN LATERAL (
           SELECT e.remaining, e.expires_at FROM wallet_pass_ledger_entry e
            WHERE e.holder_id = h.id AND e.expires_at IS NOT NULL AND e.expires_at > now() AND e.expired_at IS NULL
              AND e.state = 'applied' AND e.remaining > 0 AND e.deleted_at IS NULL
            ORDER BY e.expires_at, e.id LIMIT 1
         ) x ON true
        WHERE h.id = ANY(:holders) AND h.deleted_at IS NULL
        ORDER BY h.id`,
      { holders: holderIds, window: windowDays }
    )
    return rows.map((r) => ({
      ...r,
      spend: Number(r.spend),
      pending: Number(r.pending),
      expiring_amount: r.expiring_amount === null ? null : Number(r.expiring_amount),
    }))
  }

  /**
   * Marks the holders' cards due for a catch-up (docs/architecture.md, "One door for a balance
   * change"; the balance door alone calls it, in the transaction of the change), and wakes the
   * drain: QUEUE_CHANNEL is notified, delivered when the transaction commits.
   */
  async markDue(holderIds: string[]): Promise<void> {
    if (!holderIds.length) return
    await this.knex.raw(
      `WITH marked AS (
         UPDATE wallet_pass_holder SET card_due_at = COALESCE(card_due_at, now())
          WHERE id = ANY(:holders) AND deleted_at IS NULL
          RETURNING id
       )
       SELECT pg_notify('${QUEUE_CHANNEL}', '') FROM (SELECT 1 FROM marked LIMIT 1) one`,
      { holders: [...new Set(holderIds)] }
    )
  }

  /**
   * At most `limit` holders whose card is due, longest due first, row-locked for the
   * transaction (lockHolders); a holder another transaction holds (a change being written) is
   * left for the next look.
   */
  async lockDue(limit: number): Promise<string[]> {
    const rows = await lockHolders(
      this.knex,
      { where: "h.card_due_at IS NOT NULL", bindings: {}, limit },
      { order: "h.card_due_at", skipLocked: true }
    )
    return rows.map((r) => r.id)
  }

  /** Clears the mark of these holders (locked by lockDue). */
  async clearDue(holderIds: string[]): Promise<void> {
    if (!holderIds.length) return
    await this.knex.raw(`UPDATE wallet_pass_holder SET card_due_at = NULL WHERE id = ANY(:holders)`, {
      holders: holderIds,
    })
  }

  /** Keeps the mark of these holders (locked by lockDue), due from now: behind the others at the next look. */
  async deferDue(holderIds: string[]): Promise<void> {
    if (!holderIds.length) return
    await this.knex.raw(`UPDATE wallet_pass_holder SET card_due_at = clock_timestamp() WHERE id = ANY(:holders)`, {
      holders: holderIds,
    })
  }

  /** What a request applied gave the card: its texts (merged over the last), and the level of the design it gave. */
  async recordSent(input: { holder_id: string; texts: Record<string, string>; design_level?: string | null }) {
    await this.knex.raw(
      `UPDATE wallet_pass_holder
          SET card_texts = COALESCE(card_texts, '{}'::jsonb) || ?::jsonb,
              card_level = CASE WHEN ? THEN ? ELSE card_level END, updated_at = now()
        WHERE id = ?`,
      [JSON.stringify(input.texts), input.design_level !== undefined, input.design_level ?? null, input.holder_id]
    )
  }
}
