import fs from "fs"
import path from "path"
import { LoyaltyModel, type ModelConfig, type ModelProgram, percentOf } from "../loyalty-model"

// The model's own checks, from the docs' worked examples and rules (docs/program.md,
// docs/loyalty.md, docs/adoption.md). Amounts in hundredths.

const DAY = 86_400_000
const T0 = Date.UTC(2026, 0, 1)

/** docs/program.md's example program (thresholds 0, 100, 300). */
const LEVELS: ModelProgram["levels"] = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 10_000, bonusPercent: 5, discountPercent: 5 },
  { name: "Gold", threshold: 30_000, bonusPercent: 10, discountPercent: 10 },
]

function model(program: Partial<ModelProgram> = {}, config: Partial<ModelConfig> = {}) {
  return new LoyaltyModel({
    defaultBonusPercent: 5,
    maxOrderPercent: 50,
    program: { ratesOwner: "service", levels: [], windowDays: null, ...program },
    ...config,
  })
}

const kinds = (m: LoyaltyModel, holder: string) => m.ledger(holder).map((e) => [e.kind, e.amount])

describe("the loyalty model", () => {
  it("imports nothing of the plugin", () => {
    const dir = path.join(__dirname, "..")
    const sources = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))
    expect(sources.length).toBeGreaterThan(0)
    for (const file of sources) {
      const text = fs.readFileSync(path.join(dir, file), "utf8")
      expect(text).not.toMatch(/from\s+["'][^"']*\/src\//)
      expect(text).not.toMatch(/require\(["'][^"']*\/src\//)
    }
  })

  it("an order earns the rate in force, rounded down to the minor unit (5% of 33.33 is 1.66)", () => {
    expect(percentOf(3333, 5)).toBe(166)
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "order", at: T0 + 1, holder: "h", order: "o1", base: 3333, total: 4333, items: 3333 })
    expect(kinds(m, "h")).toEqual([["accrual", 166]])
    expect(m.balance("h", T0 + 2)).toBe(166)
  })

  it("a return of an order with lines takes back what they earned (docs/program.md, 'Returns'); the spend loses the value share", () => {
    const earning = {
      rules: [
        { id: "er_1", kind: "collection" as const, target: "pcol_sale", earn: { none: true as const } },
        { id: "er_2", kind: "collection" as const, target: "pcol_new", earn: { multiplier: 2 } },
      ],
      giftCards: { earn: false, redeem: false },
      campaigns: [],
      timeZone: "UTC",
    }
    const lines = [
      { base: 8000, quantity: 2, collection: "pcol_new" },
      { base: 3000, collection: "pcol_sale" },
      { base: 799 },
    ]
    for (const pendingDays of [0, 14]) {
      const m = model({ earning }, { pendingDays })
      m.apply({ type: "signup", at: T0, holder: "h" })
      m.apply({ type: "order", at: T0 + 1, holder: "h", order: "o", base: 11_799, total: 12_799, items: 11_799, lines })
      m.apply({ type: "return", at: T0 + 2, order: "o", share: 3000, lines: [{ line: 1, quantity: 1 }] })
      m.apply({ type: "return", at: T0 + 3, order: "o", share: 4000, lines: [{ line: 0, quantity: 1 }] })
      // 8.39 earned; the hoodie 0 back, one T-shirt 3.99; the spend 127.99 less 32.54 and 43.39.
      if (pendingDays) {
        expect(m.pending("h")).toBe(440)
        m.apply({ type: "mature", at: T0 + 15 * DAY })
        expect(kinds(m, "h")).toEqual([["accrual", 440]])
      } else
        expect(kinds(m, "h")).toEqual([
          ["accrual", 839],
          ["accrual_reversal", -399],
        ])
      expect(m.spend("h", T0 + 4)).toBe(
        12_799 - Math.floor((12_799 * 3000) / 11_799) - Math.floor((12_799 * 4000) / 11_799)
      )
      expect(() => m.apply({ type: "return", at: T0 + 5, order: "o", share: 799 })).toThrow(/names none/)
    }
  })

  it("an unproven account earns the default rate whatever the service sets; proven, the service's", () => {
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "setPrivileges", at: T0 + 1, holder: "h", bonus: 10 })
    m.apply({ type: "order", at: T0 + 2, holder: "h", order: "o1", base: 10_000, total: 11_000, items: 10_000 })
    m.apply({ type: "prove", at: T0 + 3, holder: "h" })
    m.apply({ type: "order", at: T0 + 4, holder: "h", order: "o2", base: 10_000, total: 11_000, items: 10_000 })
    expect(kinds(m, "h")).toEqual([
      ["accrual", 500],
      ["accrual", 1000],
    ])
  })

  it("an order is decided at its placement: a rate set afterwards changes nothing of it", () => {
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "prove", at: T0, holder: "h" })
    m.apply({ type: "setPrivileges", at: T0 + 1, holder: "h", bonus: 0 })
    m.apply({ type: "order", at: T0 + 2, holder: "h", order: "o1", base: 10_000, total: 11_000, items: 10_000 })
    m.apply({ type: "setPrivileges", at: T0 + 3, holder: "h", bonus: 5 })
    m.apply({ type: "cancel", at: T0 + 4, order: "o1" })
    expect(kinds(m, "h")).toEqual([])
  })

  it("the order that reaches a level earns at the rate of the level it was placed on; a cancel takes bonus and level back", () => {
    const m = model({ ratesOwner: "program", levels: LEVELS })
    m.apply({ type: "signup", at: T0, holder: "h" })
    expect(m.level("h")).toBe("Base")
    m.apply({ type: "order", at: T0 + 1, holder: "h", order: "o1", base: 15_000, total: 15_000, items: 15_000 })
    expect(kinds(m, "h")).toEqual([["accrual", 450]]) // 3 % of 150, the Base rate
    expect(m.level("h")).toBe("Silver")
    expect(m.rates("h")).toMatchObject({ bonus: 5, discount: 5, source: "level" })
    m.apply({ type: "order", at: T0 + 2, holder: "h", order: "o2", base: 2_000, total: 2_000, items: 2_000 })
    expect(kinds(m, "h")).toEqual([
      ["accrual", 450],
      ["accrual", 100],
    ])
    m.apply({ type: "cancel", at: T0 + 3, order: "o1" })
    m.apply({ type: "cancel", at: T0 + 4, order: "o1" }) // once
    expect(kinds(m, "h")).toEqual([
      ["accrual", 450],
      ["accrual", 100],
      ["accrual_reversal", -450],
    ])
    expect(m.level("h")).toBe("Base")
    expect(m.cardTexts("h", T0 + 5)).toMatchObject({
      level: "Base",
      nextLevel: "Silver",
      toNextLevel: 8_000,
      spend: 2_000,
    })
  })

  it("a return takes back the returned share's bonus, never more than was credited", () => {
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "order", at: T0, holder: "h", order: "o1", base: 20_000, total: 21_000, items: 20_000 })
    m.apply({ type: "return", at: T0 + 1, order: "o1", share: 10_000 })
    m.apply({ type: "return", at: T0 + 2, order: "o1", share: 10_000 })
    m.apply({ type: "cancel", at: T0 + 3, order: "o1" })
    expect(kinds(m, "h")).toEqual([
      ["accrual", 1000],
      ["accrual_reversal", -500],
      ["accrual_reversal", -500],
    ])
    expect(m.spend("h", T0 + 4)).toBe(0)
  })

  it("a service override stands until the next level change (ratesOwner program)", () => {
    const m = model({ ratesOwner: "program", levels: LEVELS })
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "prove", at: T0, holder: "h" })
    m.apply({ type: "setPrivileges", at: T0 + 1, holder: "h", bonus: 8 })
    m.apply({ type: "order", at: T0 + 2, holder: "h", order: "o1", base: 1_000, total: 1_000, items: 1_000 })
    expect(kinds(m, "h")).toEqual([["accrual", 80]])
    expect(m.rates("h")).toMatchObject({ bonus: 8, source: "override" }) // same level: kept
    m.apply({ type: "order", at: T0 + 3, holder: "h", order: "o2", base: 10_000, total: 10_000, items: 10_000 })
    expect(m.rates("h")).toMatchObject({ bonus: 5, discount: 5, source: "level" })
  })

  it("an unproven account does not get the service's override, but does get its level's rates (ratesOwner program)", () => {
    const m = model({ ratesOwner: "program", levels: LEVELS }, { defaultBonusPercent: 4 })
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "order", at: T0 + 1, holder: "h", order: "o1", base: 10_000, total: 10_000, items: 10_000 })
    expect(m.rates("h")).toMatchObject({ bonus: 5, discount: 5, source: "level" }) // Silver: the store's own rule
    m.apply({ type: "setPrivileges", at: T0 + 2, holder: "h", bonus: 9 })
    // The service's rates for the phone: the default for an account that has not proven it; the card shows the service's.
    expect(m.rates("h")).toMatchObject({ bonus: 4, discount: 0, source: "default" })
    expect(m.cardRates("h")).toEqual({ bonus: 9, discount: 5 })
    m.apply({ type: "order", at: T0 + 3, holder: "h", order: "o2", base: 1_000, total: 1_000, items: 1_000 })
    expect(kinds(m, "h")).toEqual([
      ["accrual", 300],
      ["accrual", 40],
    ])
    m.apply({ type: "prove", at: T0 + 4, holder: "h" })
    expect(m.rates("h")).toMatchObject({ bonus: 9, discount: 5, source: "override" })
  })

  it("an installed pass of the service's gets its balance and the install bonus, no welcome; an admin's entries are manual", () => {
    const m = model({
      welcome: { amount: 200, lifetimeDays: null },
      install: { amount: 150, lifetimeDays: 30 },
    })
    m.apply({ type: "install", at: T0, holder: "p", serviceBalance: 1234 })
    m.apply({ type: "adjust", at: T0 + 1, holder: "p", key: "adj1", amount: -34 })
    expect(kinds(m, "p")).toEqual([
      ["opening_balance", 1234],
      ["program_bonus", 150],
      ["manual", -34],
    ])
    expect(m.ledger("p")[1].lapsesAt).toBe(T0 + 30 * DAY)
    // The admin's debit took from the credit that lapses first: 116 of the bonus lapse.
    expect(m.balance("p", T0 + 31 * DAY)).toBe(1234 + 150 - 34 - 116)
    m.apply({ type: "signup", at: T0 + 2, holder: "s" })
    expect(kinds(m, "s")).toEqual([["program_bonus", 200]])
  })

  it("orders that leave the spend window stop counting", () => {
    const m = model({ ratesOwner: "program", levels: LEVELS, windowDays: 30 })
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "order", at: T0, holder: "h", order: "o1", base: 10_000, total: 10_000, items: 10_000 })
    expect(m.spend("h", T0 + 29 * DAY)).toBe(10_000)
    expect(m.spend("h", T0 + 31 * DAY)).toBe(0)
  })

  it("a welcome bonus with a lifetime lapses; debits consume the soonest-expiring credits first", () => {
    const m = model({ welcome: { amount: 5_000, lifetimeDays: 30 } })
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "serviceBalance", at: T0 + 1, holder: "h", key: "t1", amount: 2_000, lifetimeDays: null })
    m.apply({ type: "serviceBalance", at: T0 + 2, holder: "h", key: "t2", amount: -1_000 })
    m.apply({ type: "serviceBalance", at: T0 + 3, holder: "h", key: "t2", amount: -1_000 }) // repeated
    const ledger = m.ledger("h")
    expect(ledger.map((e) => [e.kind, e.amount, e.lapsesAt])).toEqual([
      ["program_bonus", 5_000, T0 + 30 * DAY],
      ["service_credit", 2_000, null],
      ["service_debit", -1_000, null],
    ])
    expect(m.balance("h", T0 + DAY)).toBe(6_000)
    expect(m.cardTexts("h", T0 + DAY)).toMatchObject({ expiringAmount: 4_000, expiringDate: T0 + 30 * DAY })
    // The debit took from the welcome bonus: 40 of it lapses, the credit for good stays.
    expect(m.balance("h", T0 + 30 * DAY)).toBe(2_000)
    expect(m.cardTexts("h", T0 + 30 * DAY)).toMatchObject({ expiringAmount: null })
    expect(m.ledgerAt("h", T0 + 30 * DAY).map((e) => [e.kind, e.amount])).toEqual([
      ["program_bonus", 5_000],
      ["service_credit", 2_000],
      ["service_debit", -1_000],
      ["expiry", -4_000],
    ])
  })

  it("time moving on: every credit with a lifetime lapses, what remained of each leaves as an expiry", () => {
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h" })
    m.apply({ type: "serviceBalance", at: T0, holder: "h", key: "t1", amount: 300, lifetimeDays: 30 })
    m.apply({ type: "serviceBalance", at: T0, holder: "h", key: "t2", amount: 700, lifetimeDays: null })
    m.apply({ type: "lapseAll", at: T0 + DAY, holder: "h" })
    expect(m.balance("h", T0 + DAY)).toBe(700)
    expect(m.ledgerAt("h", T0 + DAY).map((e) => [e.kind, e.amount])).toEqual([
      ["service_credit", 300],
      ["service_credit", 700],
      ["expiry", -300],
    ])
  })

  it("an unproven account spends only its own entries, within the cap; a cancel gives the redemption back", () => {
    const m = model()
    m.apply({ type: "signup", at: T0, holder: "h", serviceBalance: 10_000 })
    m.apply({ type: "order", at: T0, holder: "h", order: "o1", base: 10_000, total: 11_000, items: 10_000 })
    expect(m.balance("h", T0)).toBe(10_500)
    expect(m.spendable("h", T0)).toBe(500)
    expect(m.redemptionCap("h", 600, T0)).toBe(300) // 50 % of the items
    m.apply({ type: "prove", at: T0 + 1, holder: "h" })
    expect(m.redemptionCap("h", 100_000, T0 + 1)).toBe(10_500)
    m.apply({
      type: "order",
      at: T0 + 2,
      holder: "h",
      order: "o2",
      base: 1_000,
      total: 1_000,
      items: 1_000,
      paidWithBonus: 500,
    })
    m.apply({ type: "cancel", at: T0 + 3, order: "o2" })
    expect(kinds(m, "h")).toEqual([
      ["opening_balance", 10_000],
      ["accrual", 500],
      ["redemption", -500],
      ["accrual", 50],
      ["accrual_reversal", -50],
      ["redemption_refund", 500],
    ])
  })
})
