import { programSchema } from "../../../modules/wallet-pass"
import type { OrderBonusBaseHookInput } from "../order-bonus-base"
import { hookLine } from "./hook-line"
import { decideEarning, earnLinesOf } from "../order-earning"

// An order's decision under earn rules (docs/program.md, "Earn rules"): figures worked by hand.
const line = hookLine
// Two lines with 20 % tax: a New Arrivals shirt 40.00 (48.00 with tax) and a gift card 25.00 (no tax).
const items = [
  line("shirt", 4000, 4800, { product_collection_id: "pcol_new" }),
  line("gift", 2500, 2500, { is_giftcard: true }),
]
const input = (base: number): OrderBonusBaseHookInput => ({
  order: { id: "order_1", display_id: 1, currency_code: "eur", customer_id: "cus_1", created_at: "", items },
  holder: { id: "h", customer_id: "cus_1" },
  base,
  max_base: base,
})
const program = {
  version: 3,
  program: programSchema.parse({
    earning: { rules: [{ id: "er_new", target: { kind: "collection", id: "pcol_new" }, earn: { multiplier: 2 } }] },
  }),
}
const decide = (
  hookInput: OrderBonusBaseHookInput,
  accrual_base: "subtotal" | "total",
  choice: Parameters<typeof decideEarning>[0]["choice"] = { kind: "plugin" }
) =>
  decideEarning({ hook_input: hookInput, choice, accrual_base, rate_bp: 500, program, placed_at: new Date(), step: 1 })

describe("an order's decision under earn rules (order-earning.ts)", () => {
  it('"subtotal": lines without tax; the shirt ×2 at 5 % = 4.00, the gift card 0', () => {
    const result = decide(input(6500), "subtotal")
    expect(result).toMatchObject({ amount: 400, base: 6500, excluded: false })
    expect(result.breakdown).toMatchObject({
      program_version: 3,
      lines: [{ id: "shirt", rule_id: "er_new" }, { id: "gift" }],
    })
  })

  it('"total": lines with tax and shipping 5.00 (6.00 with tax) as a line no rule matches: 48.00 × 10 % + 6.00 × 5 % = 5.10', () => {
    // The plugin's base with "total": 48.00 + 25.00 + 6.00 = 79.00.
    expect(earnLinesOf(input(7900), { kind: "plugin" }, "total").map((l) => [l.id, l.base])).toEqual([
      ["shirt", 4800],
      ["gift", 2500],
      ["rest", 600],
    ])
    expect(decide(input(7900), "total")).toMatchObject({ amount: 510, base: 7900 })
  })

  it("the hook's { lines } replaces those lines' bases; { base } earns the rate on it with no rules", () => {
    // Shirt at 10.00 × 10 % = 1.00.
    expect(decide(input(6500), "subtotal", { kind: "lines", lines: { shirt: 1000 } })).toMatchObject({
      amount: 100,
      base: 3500,
    })
    // 65.00 × 5 % = 3.25, the gift card not left out, no ×2.
    const byBase = decide(input(6500), "subtotal", { kind: "base", base: 6500 })
    expect(byBase).toMatchObject({ amount: 325, base: 6500 })
    expect(byBase.breakdown).toMatchObject({ hook_base: true, lines: [] })
  })

  it("only excluded lines with a base: excluded; nothing with a base at all: not excluded", () => {
    expect(decide(input(6500), "subtotal", { kind: "lines", lines: { shirt: 0 } })).toMatchObject({
      amount: 0,
      excluded: true,
    })
    expect(decide(input(0), "subtotal", { kind: "lines", lines: { shirt: 0, gift: 0 } })).toMatchObject({
      amount: 0,
      excluded: false,
    })
  })
})
