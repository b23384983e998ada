import { LoyaltyModel } from "../loyalty-model"

// The model's pending bonus, from docs/loyalty.md, "Pending bonus" and its worked example
// (14 days, 5 %, 3 × 33.33). Amounts in hundredths.

const DAY = 86_400_000
const T0 = Date.UTC(2026, 0, 1)

function model(pendingDays: number) {
  const m = new LoyaltyModel({
    defaultBonusPercent: 5,
    maxOrderPercent: 50,
    pendingDays,
    program: { ratesOwner: "service", levels: [], windowDays: null },
  })
  m.apply({ type: "signup", at: T0, holder: "h" })
  // 3 items of 33.33: 5 % of 99.99 = 4.99.
  m.apply({ type: "order", at: T0 + 1, holder: "h", order: "o1", base: 9999, total: 9999, items: 9999 })
  return m
}
const kinds = (m: LoyaltyModel) => m.ledger("h").map((e) => [e.kind, e.amount])

describe("the loyalty model: pending bonus", () => {
  it("docs' example: 4.99 pending; a return of one item on day 3 leaves 3.33; day 14 credits 3.33; a cancel on day 20 takes it back", () => {
    const m = model(14)
    expect(kinds(m)).toEqual([])
    expect(m.pending("h")).toBe(499)
    expect(m.balance("h", T0 + DAY)).toBe(0)
    expect(m.spendable("h", T0 + DAY)).toBe(0)

    m.apply({ type: "return", at: T0 + 3 * DAY, order: "o1", share: 3333 })
    expect(kinds(m)).toEqual([])
    expect(m.pending("h")).toBe(333)

    // Not due a moment before its days are over.
    m.apply({ type: "mature", at: T0 + 1 + 14 * DAY - 1 })
    expect(m.pending("h")).toBe(333)
    m.apply({ type: "mature", at: T0 + 1 + 14 * DAY })
    expect(kinds(m)).toEqual([["accrual", 333]])
    expect(m.pending("h")).toBe(0)
    expect(m.spendable("h", T0 + 15 * DAY)).toBe(333)
    m.apply({ type: "mature", at: T0 + 16 * DAY }) // once
    expect(kinds(m)).toEqual([["accrual", 333]])

    m.apply({ type: "cancel", at: T0 + 20 * DAY, order: "o1" })
    expect(kinds(m)).toEqual([
      ["accrual", 333],
      ["accrual_reversal", -333],
    ])
  })

  it("a cancel inside the days takes all that waits: nothing written, then or at maturity", () => {
    const m = model(14)
    m.apply({ type: "cancel", at: T0 + DAY, order: "o1" })
    expect(m.pending("h")).toBe(0)
    m.apply({ type: "mature", at: T0 + 30 * DAY })
    expect(kinds(m)).toEqual([])
  })

  it("with 0 days, credited at placement as before", () => {
    const m = model(0)
    expect(kinds(m)).toEqual([["accrual", 499]])
    expect(m.pending("h")).toBe(0)
  })
})
