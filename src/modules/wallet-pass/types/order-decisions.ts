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
  /** Days the bonus waits as pending (option accrual.pendingDays); 0 or absent: credited at once. */
  pending_days?: number
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
export type OrderDecisionRow = Omit<OrderDecisionInput, "pending_days"> & {
  id: string
  created_at: Date
  /** Until when the bonus is pending (docs/loyalty.md, "Pending bonus"); null: credited at once. */
  pending_until: Date | null
  /** What cancels, returns and refunds took of the pending bonus, by their ledger key. */
  pending_taken: Record<string, number>
  matured_at: Date | null
  /** What the accrual entry credits once matured: `amount` less what was taken. */
  matured_amount: number | null
}

/**
 * How a cancel, return or refund reduces a pending bonus (the shares of docs/loyalty.md, "Pending
 * bonus"). `upTo` with `counting: "refunds"` counts only what refunds took so far (an order with
 * lines: its returns took their lines' bonus, docs/loyalty.md "Refunds").
 */
export type PendingShare =
  | "rest"
  | { numerator: number; denominator: number }
  | { upTo: { numerator: number; denominator: number }; counting?: "refunds" }

/** A holder's bonus still pending: its total and the orders' decisions it is made of (minor units). */
export type HolderPending = { holder_id: string; amount: number; next_until: Date | null }
