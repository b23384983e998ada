import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { HolderPending, HolderRatesRow, OrderDecisionInput, OrderDecisionRow } from "../types/order-decisions"

/**
 * SQL of what is left pending of a decision `d` (docs/loyalty.md, "Pending bonus"): its amount
 * less what cancels, returns and refunds took (`pending_taken`), while it has not matured; 0 else.
 */
export const PENDING_LEFT_SQL = (d: string) =>
  `CASE WHEN ${d}.pending_until IS NOT NULL AND ${d}.matured_at IS NULL
        THEN GREATEST(0, ${d}.amount - (SELECT COALESCE(sum(CAST(t.value AS integer)), 0)
                                        FROM jsonb_each_text(${d}.pending_taken) t))
        ELSE 0 END`

/**
 * SQL of a column (or `*`) of a holder's rates row in force at `at` (both SQL expressions): the latest
 * from `at` or before; for a holder created after `at`, its first row (an order placed while its
 * enrolment was being written).
 */
export function ratesInForceSql(column: string, holderId: string, at: string): string {
  return `SELECT r.${column} FROM wallet_pass_holder_rates r
           WHERE r.holder_id = ${holderId} AND r.deleted_at IS NULL
           ORDER BY (r.valid_from <= ${at}) DESC, CASE WHEN r.valid_from <= ${at} THEN r.valid_from END DESC NULLS LAST,
                    r.valid_from ASC
           LIMIT 1`
}

/**
 * An order's bonus decided once (docs/loyalty.md, "Decided once, at placement"): the holder's
 * rates in force at a moment (wallet_pass_holder_rates, kept by its trigger), and the decisions,
 * one per order by the table's unique order id. Runs in the caller's transaction or manager.
 */
export class OrderDecisionRepository {
  constructor(private readonly knex: Knex) {}

  /** The holder's rates row in force at `at` (ratesInForceSql). */
  async ratesAt(holderId: string, at: Date): Promise<HolderRatesRow | null> {
    const { rows } = await this.knex.raw<{ rows: HolderRatesRow[] }>(
      ratesInForceSql("*", ":holder", "CAST(:at AS timestamptz)"),
      { holder: holderId, at }
    )
    return rows[0] ?? null
  }

  /** The order's decision, if one was made. */
  async find(orderId: string): Promise<OrderDecisionRow | null> {
    const { rows } = await this.knex.raw<{ rows: OrderDecisionRow[] }>(
      `SELECT * FROM wallet_pass_order_decision WHERE order_id = ? AND deleted_at IS NULL`,
      [orderId]
    )
    return rows[0] ?? null
  }

  /**
   * What each campaign added over credited orders (their decisions' `breakdown.campaigns`): how
   * many orders, and the exact extras summed, rounded down once to minor units.
   */
  async campaignTotals(): Promise<Map<string, { orders: number; cost: number }>> {
    const { rows } = await this.knex.raw<{ rows: { id: string; orders: string; cost: string }[] }>(
      `SELECT c->>'id' AS id, count(DISTINCT d.order_id) AS orders,
              floor(sum(CAST(c->>'extra_exact' AS numeric))) AS cost
         FROM wallet_pass_order_decision d
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(d.breakdown->'campaigns', '[]'::jsonb)) c
        WHERE d.deleted_at IS NULL AND d.outcome = 'credited'
        GROUP BY 1`
    )
    return new Map(rows.map((r) => [r.id, { orders: Number(r.orders), cost: Number(r.cost) }]))
  }

  /** Records the decision unless the order has one: answers the one that stands (the first). */
  async insert(input: OrderDecisionInput): Promise<OrderDecisionRow> {
    const { rows } = await this.knex.raw<{ rows: OrderDecisionRow[] }>(
      `INSERT INTO wallet_pass_order_decision
         (id, order_id, holder_id, outcome, rate_bp, base, amount, currency_code, placed_at, rates_from, breakdown, pending_until)
       VALUES (:id, :order_id, :holder_id, :outcome, :rate_bp, :base, :amount, :currency_code, :placed_at, :rates_from,
               CAST(:breakdown AS jsonb),
               CASE WHEN :outcome = 'credited' AND CAST(:pending_days AS integer) > 0
                    THEN CAST(:placed_at AS timestamptz) + make_interval(days => CAST(:pending_days AS integer)) END)
       ON CONFLICT (order_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING *`,
      {
        id: generateEntityId(undefined, "wpdec"),
        ...input,
        breakdown: input.breakdown ? JSON.stringify(input.breakdown) : null,
        pending_days: input.pending_days ?? 0,
      }
    )
    return rows[0] ?? (await this.find(input.order_id))!
  }

  /**
   * The order's decision locked for the transaction (a pending bonus taken from or matured one
   * at a time), and whether its pending time is over by the database's clock (`due`).
   */
  async lock(orderId: string): Promise<(OrderDecisionRow & { due: boolean }) | null> {
    const { rows } = await this.knex.raw<{ rows: (OrderDecisionRow & { due: boolean })[] }>(
      `SELECT *, COALESCE(pending_until <= now(), false) AS due
         FROM wallet_pass_order_decision WHERE order_id = ? AND deleted_at IS NULL FOR UPDATE`,
      [orderId]
    )
    return rows[0] ?? null
  }

  /** Records what a cancel, return or refund (its ledger key) took of the order's pending bonus. */
  async recordTaken(orderId: string, key: string, amount: number): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_order_decision
          SET pending_taken = pending_taken || jsonb_build_object(CAST(:key AS text), CAST(:amount AS integer)),
              updated_at = now()
        WHERE order_id = :order AND deleted_at IS NULL`,
      { order: orderId, key, amount }
    )
  }

  /** Marks the order's pending bonus matured, crediting `amount` (what was left of it). */
  async recordMatured(orderId: string, amount: number): Promise<OrderDecisionRow> {
    const { rows } = await this.knex.raw<{ rows: OrderDecisionRow[] }>(
      `UPDATE wallet_pass_order_decision SET matured_at = now(), matured_amount = :amount, updated_at = now()
        WHERE order_id = :order AND deleted_at IS NULL RETURNING *`,
      { order: orderId, amount }
    )
    return rows[0]
  }

  /**
   * Orders whose pending bonus is due by the database's clock, oldest first, at most `limit`:
   * not matured yet, or matured to an amount whose accrual entry is missing (a process that
   * died between the two writes; `accrual_key` is the ledger key with `{order}` for the order id).
   */
  async due(limit: number, accrualKey: string): Promise<string[]> {
    const [before, after] = accrualKey.split("{order}")
    const { rows } = await this.knex.raw<{ rows: { order_id: string }[] }>(
      `SELECT d.order_id FROM wallet_pass_order_decision d
        WHERE d.deleted_at IS NULL AND d.pending_until IS NOT NULL AND d.pending_until <= now()
          AND (d.matured_at IS NULL
               OR (d.matured_amount > 0 AND d.matured_at > now() - interval '7 days'
                   AND NOT EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e
                                    WHERE e.dedupe_key = :before || d.order_id || :after)))
        ORDER BY d.pending_until, d.order_id LIMIT :limit`,
      { limit, before, after }
    )
    return rows.map((r) => r.order_id)
  }

  /** Each holder's bonus still pending (PENDING_LEFT_SQL), and when the next of it matures. */
  async pendingOf(holderIds: string[]): Promise<HolderPending[]> {
    if (!holderIds.length) return []
    const { rows } = await this.knex.raw<{ rows: HolderPending[] }>(
      `SELECT d.holder_id, CAST(COALESCE(sum(${PENDING_LEFT_SQL("d")}), 0) AS integer) AS amount,
              min(d.pending_until) FILTER (WHERE ${PENDING_LEFT_SQL("d")} > 0) AS next_until
         FROM wallet_pass_order_decision d
        WHERE d.holder_id = ANY(:holders) AND d.deleted_at IS NULL
          AND d.pending_until IS NOT NULL AND d.matured_at IS NULL
        GROUP BY d.holder_id`,
      { holders: holderIds }
    )
    return rows
  }
}
