import type { OrderDecisionOutcome, RatesSource } from "../constants"

/** A holder's rates from `valid_from` on (models/holder-rates.ts): what decides the rate an order earns. */
export type HolderRatesRow = {
  holder_id: string
  bonus_percent_bp: number | null
  discount_percent_bp: number
  rates_source: RatesSource
  customer_id: string | null
  verified_customer_id: string | null
  level: string | null
  valid_from: Date
}

/** An order's bonus as decided (models/order-decision.ts); amounts in minor units, the rate in basis points. */
export type OrderDecisionInput = {
  order_id: string
  holder_id: string
  outcome: OrderDecisionOutcome
  rate_bp: number
  base: number
  amount: number
  currency_code: string
  placed_at: Date
  /** The holder's rates row the rate came from (its `valid_from`). */
  rates_from: Date | null
}

/** A recorded decision. */
export type OrderDecisionRow = OrderDecisionInput & { id: string; created_at: Date }
