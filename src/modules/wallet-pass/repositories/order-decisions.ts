import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { HolderRatesRow, OrderDecisionInput, OrderDecisionRow } from "../types/order-decisions"

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
         (id, order_id, holder_id, outcome, rate_bp, base, amount, currency_code, placed_at, rates_from, breakdown)
       VALUES (:id, :order_id, :holder_id, :outcome, :rate_bp, :base, :amount, :currency_code, :placed_at, :rates_from,
               CAST(:breakdown AS jsonb))
       ON CONFLICT (order_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING *`,
      {
        id: generateEntityId(undefined, "wpdec"),
        ...input,
        breakdown: input.breakdown ? JSON.stringify(input.breakdown) : null,
      }
    )
    return rows[0] ?? (await this.find(input.order_id))!
  }
}
