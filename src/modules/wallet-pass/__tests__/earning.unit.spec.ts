import { DEFAULT_EARNING, earnLine, type EarnLine, type Earning, lineRules, orderBonus } from "../rules/earning"
import { localTimeToInstant } from "../../../lib/time-zone"

// Every expected figure below is worked by hand from the rules as docs/program.md ("Earn rules",
// "Campaigns") states them; none comes from running the code.

const line = earnLine
const earning = (over: Partial<Earning> = {}): Earning => ({ ...DEFAULT_EARNING, ...over })
const at = (iso: string) => new Date(iso)
const bonus = (
  lines: EarnLine[],
  e: Earning,
  rate_bp = 500,
  extra: { placed_at?: Date; time_zone?: string; step?: number } = {}
) =>
  orderBonus({
    lines,
    rate_bp,
    earning: e,
    time_zone: extra.time_zone ?? "UTC",
    placed_at: extra.placed_at ?? at("2026-06-01T12:00:00Z"),
    step: extra.step ?? 1,
  })

const SALE = "pcol_sale"
const NEW = "pcol_new"
const rules: Earning["rules"] = [
  { id: "er_sale", target: { kind: "collection", id: SALE }, earn: { none: true } },
  { id: "er_new", target: { kind: "collection", id: NEW }, earn: { multiplier: 2 } },
]

describe("earn rules (rules/earning.ts)", () => {
  it("a gift card earns nothing and cannot pay with bonus by default; the rest earns the rate in force", () => {
    // 5% of 100.00 = 5.00; the gift card's 50.00 earns 0.
    const result = bonus([line("a", 10000), line("g", 5000, { is_giftcard: true })], earning())
    expect(result.amount).toBe(500)
    expect(result.lines.map((l) => [l.id, l.bonus_exact, l.rule_id, l.redeemable])).toEqual([
      ["a", 500, null, true],
      ["g", 0, null, false],
    ])
    expect(lineRules(line("g", 1, { is_giftcard: true }), earning())).toEqual({
      earn: { kind: "gift_card", rule_id: null },
      rate: { none: true },
      redeem: false,
    })
    // giftCards.earn: the card earns like any line (5% of 50.00 = 2.50), still not payable with bonus.
    const allowed = bonus(
      [line("g", 5000, { is_giftcard: true })],
      earning({ giftCards: { earn: true, redeem: false } })
    )
    expect(allowed.amount).toBe(250)
    expect(allowed.lines[0].redeemable).toBe(false)
  })

  it("a sale collection at none earns 0, New Arrivals ×2 earns twice the rate, a gift card 0", () => {
    // sale 30.00 -> 0; new 20.00 × 5% × 2 = 2.00; plain 10.00 × 5% = 0.50; gift card 25.00 -> 0: 2.50.
    const result = bonus(
      [
        line("sale", 3000, { product_collection_id: SALE }),
        line("new", 2000, { product_collection_id: NEW }),
        line("plain", 1000),
        line("gift", 2500, { is_giftcard: true }),
      ],
      earning({ rules })
    )
    expect(result.amount).toBe(250)
    expect(result.lines.map((l) => [l.id, l.rate_bp, l.bonus_exact, l.rule_id])).toEqual([
      ["sale", 0, 0, "er_sale"],
      ["new", 1000, 200, "er_new"],
      ["plain", 500, 50, null],
      ["gift", 0, 0, null],
    ])
  })

  it("a tag beats a collection; a fixed percent does not follow the holder's rate", () => {
    const e = earning({
      rules: [
        ...rules,
        { id: "er_clear", target: { kind: "tag", id: "ptag_clear" }, earn: { none: true } },
        { id: "er_vip", target: { kind: "tag", id: "ptag_vip" }, earn: { percent: 10 } },
      ],
    })
    // In New Arrivals (×2) but tagged clearance: 0. In the sale collection but tagged vip: 10% of 40.00 = 4.00 at any rate.
    const lines = [
      line("a", 5000, { product_collection_id: NEW, product_tag_ids: ["ptag_clear"] }),
      line("b", 4000, { product_collection_id: SALE, product_tag_ids: ["ptag_vip"] }),
    ]
    expect(bonus(lines, e, 500).amount).toBe(400)
    expect(bonus(lines, e, 0).amount).toBe(400)
    expect(bonus(lines, e).lines.map((l) => l.rule_id)).toEqual(["er_clear", "er_vip"])
    // type > category > collection: a category rule ×3 beats the collection's ×2, a type rule none beats both.
    const ranked = earning({
      rules: [
        ...rules,
        { id: "er_cat", target: { kind: "category", id: "pcat_1" }, earn: { multiplier: 3 } },
        { id: "er_type", target: { kind: "type", id: "ptyp_1" }, earn: { none: true } },
      ],
    })
    expect(
      lineRules(line("x", 1, { product_collection_id: NEW, product_category_ids: ["pcat_1"] }), ranked, 500).earn
    ).toEqual({
      kind: "category",
      rule_id: "er_cat",
    })
    expect(
      lineRules(
        line("x", 1, { product_collection_id: NEW, product_category_ids: ["pcat_1"], product_type_id: "ptyp_1" }),
        ranked,
        500
      ).earn
    ).toEqual({ kind: "type", rule_id: "er_type" })
  })

  it("two tags on a line: the higher earning rate wins, and paying with bonus is allowed unless one says false", () => {
    const e = earning({
      rules: [
        { id: "er_a", target: { kind: "tag", id: "ptag_a" }, earn: { multiplier: 1.5 }, redeem: true },
        { id: "er_b", target: { kind: "tag", id: "ptag_b" }, earn: { percent: 10 }, redeem: false },
      ],
    })
    const both = line("x", 10000, { product_tag_ids: ["ptag_a", "ptag_b"] })
    // At 5%: ×1.5 = 7.5% < 10%: the percent wins, 10.00. At 8%: ×1.5 = 12% > 10%: the multiplier wins, 12.00.
    expect(bonus([both], e, 500).amount).toBe(1000)
    expect(bonus([both], e, 500).lines[0].rule_id).toBe("er_b")
    expect(bonus([both], e, 800).amount).toBe(1200)
    expect(bonus([both], e, 800).lines[0].rule_id).toBe("er_a")
    expect(lineRules(both, e, 500).redeem).toBe(false)
  })

  it("earning and paying with bonus are decided apart: a rule saying only one leaves the other to a less specific kind", () => {
    const e = earning({
      rules: [
        { id: "er_tag", target: { kind: "tag", id: "ptag_x" }, earn: { multiplier: 2 } },
        { id: "er_col", target: { kind: "collection", id: SALE }, earn: { none: true }, redeem: false },
      ],
    })
    expect(lineRules(line("x", 1, { product_collection_id: SALE, product_tag_ids: ["ptag_x"] }), e, 500)).toEqual({
      earn: { kind: "tag", rule_id: "er_tag" },
      rate: { multiplier: 2 },
      redeem: false,
    })
    expect(lineRules(line("y", 1), e, 500)).toEqual({ earn: null, rate: "holder", redeem: true })
  })

  it("a campaign limited to a collection multiplies only its lines that earn; the highest active campaign wins", () => {
    const campaigns: Earning["campaigns"] = [
      {
        id: "ec_new",
        name: "New ×3",
        multiplier: 3,
        start: "2026-06-01T00:00",
        end: "2026-06-08T00:00",
        collections: [NEW],
      },
      {
        id: "ec_all",
        name: "All ×1.5",
        multiplier: 1.5,
        start: "2026-06-01T00:00",
        end: "2026-06-08T00:00",
        collections: [],
      },
    ]
    // new 10.00 × 5% × 2 × 3 = 3.00 (campaign added 2.00); plain 10.00 × 5% × 1.5 = 0.75 (added 0.25);
    // sale earns nothing, so no campaign multiplies it: total 3.75.
    const result = bonus(
      [
        line("new", 1000, { product_collection_id: NEW }),
        line("plain", 1000),
        line("sale", 1000, { product_collection_id: SALE }),
      ],
      earning({ rules, campaigns })
    )
    expect(result.amount).toBe(375)
    expect(result.lines.map((l) => [l.id, l.campaign_id, l.bonus_exact, l.rate_bp])).toEqual([
      ["new", "ec_new", 300, 3000],
      ["plain", "ec_all", 75, 750],
      ["sale", null, 0, 0],
    ])
    expect(result.campaigns).toEqual([
      { id: "ec_new", extra_exact: 200 },
      { id: "ec_all", extra_exact: 25 },
    ])
  })

  it("a campaign starts and ends on time in Asia/Tokyo: [start, end) read in the program's zone", () => {
    // 2026-12-05 00:00 in Tokyo (UTC+9, no DST) is 2026-12-04 15:00 UTC; the end, 12-07 00:00, is 12-06 15:00 UTC.
    const e = earning({
      campaigns: [
        {
          id: "ec_w",
          name: "Weekend",
          multiplier: 2,
          start: "2026-12-05T00:00",
          end: "2026-12-07T00:00",
          collections: [],
        },
      ],
    })
    const tokyo = (iso: string) =>
      bonus([line("a", 10000)], e, 500, { time_zone: "Asia/Tokyo", placed_at: at(iso) }).amount
    expect(tokyo("2026-12-04T14:59:59.999Z")).toBe(500)
    expect(tokyo("2026-12-04T15:00:00.000Z")).toBe(1000)
    expect(tokyo("2026-12-06T14:59:59.999Z")).toBe(1000)
    expect(tokyo("2026-12-06T15:00:00.000Z")).toBe(500)
  })

  it("in a DST zone a skipped local time is the first instant after the gap, a repeated one its first occurrence", () => {
    // Europe/Berlin, 2026-03-29: clocks go 02:00 CET -> 03:00 CEST at 01:00 UTC; 02:30 does not exist.
    expect(localTimeToInstant("2026-03-29T02:30", "Europe/Berlin")!.toISOString()).toBe("2026-03-29T01:00:00.000Z")
    // 2026-10-25: 03:00 CEST -> 02:00 CET at 01:00 UTC; 02:30 happens at 00:30 UTC and again at 01:30 UTC.
    expect(localTimeToInstant("2026-10-25T02:30", "Europe/Berlin")!.toISOString()).toBe("2026-10-25T00:30:00.000Z")
    // America/New_York, 2026-03-08: 02:00 EST -> 03:00 EDT at 07:00 UTC; an ordinary time either side.
    expect(localTimeToInstant("2026-03-08T02:15", "America/New_York")!.toISOString()).toBe("2026-03-08T07:00:00.000Z")
    expect(localTimeToInstant("2026-03-08T01:59", "America/New_York")!.toISOString()).toBe("2026-03-08T06:59:00.000Z")
    expect(localTimeToInstant("2026-03-08T03:00", "America/New_York")!.toISOString()).toBe("2026-03-08T07:00:00.000Z")
    expect(localTimeToInstant("2026-02-30T10:00", "UTC")).toBeNull()
    // A campaign starting at the skipped 02:30 in Berlin is on from 01:00 UTC, not an hour later.
    const e = earning({
      campaigns: [
        { id: "ec_d", name: "DST", multiplier: 2, start: "2026-03-29T02:30", end: "2026-03-30T00:00", collections: [] },
      ],
    })
    const berlin = (iso: string) =>
      bonus([line("a", 10000)], e, 500, { time_zone: "Europe/Berlin", placed_at: at(iso) }).amount
    expect(berlin("2026-03-29T00:59:59Z")).toBe(500)
    expect(berlin("2026-03-29T01:00:00Z")).toBe(1000)
    // Its end, 2026-03-30 00:00 CEST, is 2026-03-29 22:00 UTC.
    expect(berlin("2026-03-29T21:59:59Z")).toBe(1000)
    expect(berlin("2026-03-29T22:00:00Z")).toBe(500)
  })

  it("rounds once per order, down to the currency's step: not line by line", () => {
    // Three lines of 1.50 at 3.33%: 4.995 hundredths each. Per line floored: 4 × 3 = 12; once: 14.985 -> 14.
    const thirds = bonus([line("a", 150), line("b", 150), line("c", 150)], earning(), 333)
    expect(thirds.amount).toBe(14)
    expect(thirds.lines[0].bonus_exact).toBeCloseTo(4.995, 10)
    // Yen (step 100): two lines of ¥1,990 at 5% earn ¥99.5 each; per line ¥99 × 2 = ¥198; once: ¥199.
    expect(bonus([line("a", 199000), line("b", 199000)], earning(), 500, { step: 100 }).amount).toBe(19900)
  })

  it("with no rules, campaigns or gift cards it is floor(bonusFor(base, rate) / step) × step", () => {
    // 3.33% of 123.45 = 4.110885 -> 4.11; the same base split in two lines gives the same.
    expect(bonus([line("a", 12345)], earning(), 333).amount).toBe(411)
    expect(bonus([line("a", 12000), line("b", 345)], earning(), 333).amount).toBe(411)
    expect(bonus([line("a", 0)], earning(), 500).amount).toBe(0)
    expect(bonus([line("a", -500)], earning(), 500).amount).toBe(0)
    // A multiplier of a zero rate is zero; a campaign never multiplies a line that earns nothing.
    expect(bonus([line("n", 1000, { product_collection_id: NEW })], earning({ rules }), 0).amount).toBe(0)
  })
})
