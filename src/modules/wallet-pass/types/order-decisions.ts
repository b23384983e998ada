import type { OrderDecisionOutcome, RatesSource } from "../constants"
import type { OrderBonusLineResult, OrderBonusResult } from "../rules/earning"

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
  /** What each line earned (docs/program.md, "Earn rules"); null: decided before earn rules. */
  breakdown?: OrderBreakdown | null
}

/**
 * An order's bonus line by line, as decided: the program version whose earning applied, each
 * line's base, effective rate (basis points, campaign included), deciding rule and campaign and
 * exact bonus (minor units, may be fractional), and each campaign's extra. `hook_base`: the
 * store's setOrderBonusBase hook answered `{ base }`, so the order earned the rate in force on
 * it, with no lines and no rules. Line "rest" is the part of the base on no line (shipping and
 * tax with `accrual.base: "total"`, cents of rounding).
 */
export type OrderBreakdown = {
  program_version: number
  hook_base?: boolean
  lines: Omit<OrderBonusLineResult, "redeemable">[]
  campaigns: OrderBonusResult["campaigns"]
}

/** A recorded decision. */
export type OrderDecisionRow = OrderDecisionInput & { id: string; created_at: Date }
