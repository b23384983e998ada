import { shareOfAmount } from "../../../modules/wallet-pass"
import { bonusShare, refundBeyondReturns, returnedBonusShare, valueShare } from "../utils/order-shares"

// A return's share of an order's bonus (docs/program.md, "Returns"): figures worked by hand
// from the docs' example. A holder at 5 %: 2 T-shirts (New Arrivals ×2, 80.00: 8.00), a hoodie
// (Sale, none, 30.00: 0), socks (no rule, 7.99: 0.3995); the bonus 8.3995, credited 8.39.
const items = [
  { id: "tshirt", quantity: 2, unit_price: 40 },
  { id: "hoodie", quantity: 1, unit_price: 30 },
  { id: "socks", quantity: 1, unit_price: 7.99 },
]
const line = (id: string, bonus_exact: number) => ({
  id,
  base: 0,
  rate_bp: 0,
  rule_id: null,
  campaign_id: null,
  bonus_exact,
})
const lines = [line("tshirt", 800), line("hoodie", 0), line("socks", 39.95)]
const CREDITED = 839
const back = (returned: Array<{ item_id: string; quantity: number }>, of = lines) =>
  shareOfAmount(CREDITED, bonusShare(of, items, returned))

describe("a return's share of the bonus by what the returned lines earned", () => {
  it("the sale line that earned nothing takes nothing back; by value it took 2.13", () => {
    expect(back([{ item_id: "hoodie", quantity: 1 }])).toBe(0)
    expect(shareOfAmount(CREDITED, valueShare(items, [{ item_id: "hoodie", quantity: 1 }]))).toBe(213)
  })

  it("one T-shirt of the ×2 line takes back floor(8.39 × 4.00 / 8.3995) = 3.99; by value it took 2.84", () => {
    expect(back([{ item_id: "tshirt", quantity: 1 }])).toBe(399)
    expect(shareOfAmount(CREDITED, valueShare(items, [{ item_id: "tshirt", quantity: 1 }]))).toBe(284)
  })

  it("socks: floor(8.39 × 0.3995 / 8.3995) = 0.39; everything returned: all of it", () => {
    expect(back([{ item_id: "socks", quantity: 1 }])).toBe(39)
    const all = items.map((i) => ({ item_id: i.id, quantity: i.quantity }))
    expect(back(all)).toBe(CREDITED)
  })

  it("exact: a line of 3 whose bonus divides evenly gives back a third, not a hair less", () => {
    // 3 × 33.33 at 5 %: 4.9995, credited 4.99; one item back: floor(4.99 / 3) = 1.66 (docs/loyalty.md).
    const three = [{ id: "cup", quantity: 3, unit_price: 33.33 }]
    expect(shareOfAmount(499, bonusShare([line("cup", 499.95)], three, [{ item_id: "cup", quantity: 1 }]))).toBe(166)
    // 3.00 credited of a line earning 3.005 exactly: one of 3 items is 1.00, not 0.99.
    expect(shareOfAmount(300, bonusShare([line("cup", 300.5)], three, [{ item_id: "cup", quantity: 1 }]))).toBe(100)
  })

  it("the rest line (shipping) follows the items in proportion: a whole return gives all back; a quantity beyond the line's counts as the line", () => {
    const withRest = [...lines, line("rest", 40)] // shipping 8.00 at 5 %: 0.40; the bonus 8.7995, credited 8.79
    // The T-shirts earned 8.00 of the items' 8.3995: floor(8.79 × 8.00 / 8.3995) = 8.37.
    expect(shareOfAmount(879, bonusShare(withRest, items, [{ item_id: "tshirt", quantity: 2 }]))).toBe(837)
    expect(shareOfAmount(879, bonusShare(withRest, items, [{ item_id: "rest", quantity: 1 }]))).toBe(0)
    const everything = items.map((i) => ({ item_id: i.id, quantity: i.quantity }))
    expect(shareOfAmount(879, bonusShare(withRest, items, everything))).toBe(879)
    expect(back([{ item_id: "tshirt", quantity: 5 }])).toBe(back([{ item_id: "tshirt", quantity: 2 }]))
  })

  it("quantities of several lines on one denominator, and huge bonuses stay integers within 2^53", () => {
    const odd = [
      { id: "a", quantity: 3, unit_price: 1 },
      { id: "b", quantity: 7, unit_price: 1 },
    ]
    const share = bonusShare([line("a", 300), line("b", 700)], odd, [
      { item_id: "a", quantity: 1 },
      { item_id: "b", quantity: 1 },
    ])
    // (100 + 100) / 1000 = 1/5.
    expect(share).toEqual({ numerator: 1, denominator: 5 })
    const huge = bonusShare([line("a", 12_345_678.12345678), line("b", 9_876_543.21)], odd, [
      { item_id: "a", quantity: 1 },
    ])
    expect(Number.isSafeInteger(huge.numerator) && Number.isSafeInteger(huge.denominator)).toBe(true)
    // a's third of the whole, in 10^-8 minor units: a / 3 over a + b, of 2,222,222,133 minor units.
    const [a, b] = [1_234_567_812_345_678n, 987_654_321_000_000n]
    expect(shareOfAmount(2_222_222_133, huge)).toBe(Number((2_222_222_133n * a) / (3n * (a + b))))
  })
})

describe("which share a return takes", () => {
  const container = (breakdown: unknown) => ({
    resolve: (key: string) =>
      key === "query"
        ? {
            graph: async ({ entity }: { entity: string }) => ({
              data: entity === "order" ? [{ items }] : [{ items: [{ item_id: "hoodie", quantity: 1 }] }],
            }),
          }
        : { retrieveOrderDecision: async () => (breakdown === undefined ? null : { breakdown }) },
  })
  it("with lines: by bonus; decided before earn rules, on the hook's { base }, or undecided: by value", async () => {
    const share = (breakdown: unknown) => returnedBonusShare(container(breakdown), "order_1", "ret_1")
    expect(shareOfAmount(CREDITED, await share({ program_version: 1, lines, campaigns: [] }))).toBe(0)
    for (const old of [null, undefined, { program_version: 1, hook_base: true, lines: [], campaigns: [] }]) {
      expect(shareOfAmount(CREDITED, await share(old))).toBe(213)
    }
  })
})

// A refund of an order with lines (docs/loyalty.md, "Refunds"): only what it refunds beyond the
// items returned so far (as paid) is a paid share, counted against what refunds took.
describe("refundBeyondReturns", () => {
  const PAID = 12_799 // what the order paid: 80.00 + 30.00 + 7.99 + 10.00 shipping

  it("a refund of the returned hoodie's 30.00 is no share at all", () => {
    const share = refundBeyondReturns(3000, PAID, 3000)
    expect(share).toEqual({ upTo: { numerator: 0, denominator: PAID }, counting: "refunds" })
    expect(shareOfAmount(CREDITED, share.upTo)).toBe(0)
  })

  it("10.00 beyond the returns is its paid share: floor(8.39 × 10.00 / 127.99) = 0.65", () => {
    expect(shareOfAmount(CREDITED, refundBeyondReturns(4000, PAID, 3000).upTo)).toBe(65)
  })

  it("without returns the whole refund counts; never beyond what was paid, never below 0", () => {
    expect(refundBeyondReturns(1000, PAID, 0).upTo).toEqual({ numerator: 1000, denominator: PAID })
    expect(refundBeyondReturns(20_000, PAID, 3000).upTo).toEqual({ numerator: PAID - 3000, denominator: PAID })
    expect(refundBeyondReturns(1000, PAID, 3000).upTo.numerator).toBe(0)
    expect(refundBeyondReturns(1000, PAID, -50).upTo.numerator).toBe(1000)
  })
})
