import {
  type CurrentProgram,
  DEFAULT_EARNING,
  earnLine,
  type EarnLine,
  type OrderBreakdown,
  orderBonus,
} from "../../modules/wallet-pass"
import type { OrderBonusBaseChoice, OrderBonusBaseHookInput } from "./order-bonus-base"

/** The line of an order's base on no line: shipping and its tax with `accrual.base: "total"`, cents of rounding. */
export const REST_LINE_ID = "rest"

/**
 * The lines an order earns on (docs/program.md, "Earn rules"): each line's base (after its own
 * discounts, without tax; with tax under `accrual.base: "total"`), or the hook's for the lines
 * it answered, and the rest of the plugin's base that is on no line (shipping with "total"),
 * as a line no rule matches: it earns the rate in force, and campaigns for every line.
 */
export function earnLinesOf(
  input: OrderBonusBaseHookInput,
  choice: OrderBonusBaseChoice,
  accrualBase: "subtotal" | "total"
): EarnLine[] {
  const answered = choice.kind === "lines" ? choice.lines : {}
  let onLines = 0
  const lines = input.order.items.map((item): EarnLine => {
    const own = accrualBase === "total" ? item.total : item.base
    onLines += own
    const { id, is_giftcard, product_collection_id, product_category_ids, product_type_id, product_tag_ids } = item
    return {
      id,
      base: Object.hasOwn(answered, id) ? answered[id] : own,
      is_giftcard,
      product_collection_id,
      product_category_ids,
      product_type_id,
      product_tag_ids,
    }
  })
  const rest = Math.max(0, input.base - onLines)
  return rest > 0 ? [...lines, earnLine(REST_LINE_ID, rest)] : lines
}

/**
 * An order's bonus under the program in force at its placement (docs/program.md, "Earn
 * rules"): the lines' bonuses by the earn rules and campaigns, rounded once; or, when the
 * store's hook answered `{ base }`, the rate in force on that base with no rules. `excluded`:
 * nothing earned because the rules exclude every line that has a base (rate in force above 0).
 */
export function decideEarning(input: {
  hook_input: OrderBonusBaseHookInput
  choice: OrderBonusBaseChoice
  accrual_base: "subtotal" | "total"
  rate_bp: number
  program: Pick<CurrentProgram, "program" | "version">
  placed_at: Date
  step: number
}): { amount: number; base: number; breakdown: OrderBreakdown; excluded: boolean } {
  const { choice, rate_bp, program, placed_at, step } = input
  const hookBase = choice.kind === "base"
  const lines = hookBase ? [earnLine("order", choice.base)] : earnLinesOf(input.hook_input, choice, input.accrual_base)
  const result = orderBonus({
    lines,
    rate_bp,
    earning: hookBase ? DEFAULT_EARNING : program.program.earning,
    time_zone: program.program.timeZone,
    placed_at,
    step,
  })
  const base = lines.reduce((sum, line) => sum + line.base, 0)
  const excluded =
    result.amount === 0 && rate_bp > 0 && base > 0 && result.lines.every((l) => l.base === 0 || l.rate_bp === 0)
  return {
    amount: result.amount,
    base,
    excluded,
    breakdown: {
      program_version: program.version,
      ...(hookBase
        ? { hook_base: true, lines: [] }
        : { lines: result.lines.map(({ redeemable: _r, ...line }) => line) }),
      campaigns: result.campaigns,
    },
  }
}
