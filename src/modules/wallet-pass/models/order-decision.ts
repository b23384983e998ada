import { model } from "@medusajs/framework/utils"
import { ORDER_DECISION_OUTCOMES } from "../constants"

/**
 * What an order's bonus was decided to be (docs/loyalty.md, "Decided once, at placement"): one
 * row per order, written by the first path that decides it (the accrual event's subscriber, or
 * the order sweep for an event that never came), from the rates in force when the order was
 * placed (`rates_from`: the holder's rates row used, wallet_pass_holder_rates). `order_id` is
 * unique: no later path decides the order again, whatever the rates are by then. A credited
 * decision is followed by its accrual entry (`order:<id>:accrual`); `rate_bp`, `base` and
 * `amount` are minor units and basis points; `breakdown` what each line and campaign gave
 * (docs/program.md, "Earn rules"), null for decisions made before earn rules.
 */
export const WalletPassOrderDecision = model
  .define("wallet_pass_order_decision", {
    id: model.id({ prefix: "wpdec" }).primaryKey(),
    order_id: model.text(),
    holder_id: model.text(),
    outcome: model.enum([...ORDER_DECISION_OUTCOMES]),
    rate_bp: model.number(),
    base: model.number(),
    amount: model.number(),
    currency_code: model.text(),
    placed_at: model.dateTime(),
    rates_from: model.dateTime().nullable(),
    // What each line earned under the program's earn rules (OrderBreakdown, types/order-decisions.ts).
    breakdown: model.json().nullable(),
  })
  .indexes([{ on: ["order_id"], unique: true }])
