import { readFileSync } from "fs"
import path from "path"
import {
  modelLineBonuses,
  modelLocalInstant,
  modelOrderBonus,
  modelRedeemable,
  modelReturnedPart,
  type ModelEarning,
} from "../earning-model"

// The worked examples of docs/program.md ("Earn rules", "Campaigns"), figure for figure.
const earning: ModelEarning = {
  rules: [
    { id: "er_1", kind: "collection", target: "pcol_sale", earn: { none: true } },
    { id: "er_2", kind: "collection", target: "pcol_new", earn: { multiplier: 2 } },
    { id: "er_3", kind: "tag", target: "ptag_clearance", earn: { none: true }, redeem: false },
    { id: "er_4", kind: "category", target: "pcat_coffee", earn: { percent: 8 } },
  ],
  giftCards: { earn: false, redeem: false },
  campaigns: [],
  timeZone: "Asia/Tokyo",
}
const order = [
  { base: 4000, collection: "pcol_new" },
  { base: 3000, collection: "pcol_sale" },
  { base: 1250, collection: "pcol_new", categories: ["pcat_coffee"] },
  { base: 999, collection: "pcol_new", tags: ["ptag_clearance"] },
  { base: 2500, giftCard: true },
  { base: 799 },
]
const weekend = { id: "ec_1", multiplier: 2, start: "2026-12-05T00:00", end: "2026-12-07T00:00", collections: [] }
const at = (iso: string) => new Date(iso).getTime()

describe("the model's earn rules (earning-model.ts)", () => {
  it("imports nothing of the plugin", () => {
    expect(readFileSync(path.join(__dirname, "..", "earning-model.ts"), "utf8")).not.toMatch(/from "[^"]*src\//)
  })

  it("the example order earns 5.39; the mug and the gift card cannot be paid with bonus", () => {
    expect(modelOrderBonus(order, 5, earning, at("2026-06-01T00:00:00Z"))).toBe(539)
    expect(order.map((l) => modelRedeemable(l, earning))).toEqual([true, true, true, false, false, true])
  })

  it("returns take back what the returned lines earned (docs/program.md, 'Returns'): the hoodie 0, one T-shirt of 2 3.99", () => {
    const lines = [
      { base: 8000, quantity: 2, collection: "pcol_new" },
      { base: 3000, collection: "pcol_sale" },
      { base: 799 },
    ]
    expect(modelOrderBonus(lines, 5, earning, 0)).toBe(839)
    const bonuses = modelLineBonuses(lines, 5, earning, 0)
    const quantities = [2, 1, 1]
    expect(modelReturnedPart(839, bonuses, quantities, [{ line: 1, quantity: 1 }])).toBe(0)
    expect(modelReturnedPart(839, bonuses, quantities, [{ line: 0, quantity: 1 }])).toBe(399)
    expect(modelReturnedPart(839, bonuses, quantities, [{ line: 2, quantity: 1 }])).toBe(39)
    // docs/loyalty.md's pending example: one of 3 × 33.33 at 5 % (4.99) is 1.66.
    expect(
      modelReturnedPart(
        499,
        modelLineBonuses([{ base: 9999, quantity: 3 }], 5, earning, 0),
        [3],
        [{ line: 0, quantity: 1 }]
      )
    ).toBe(166)
  })

  it("three lines of 1.50 at 3.33 % earn 0.14 (rounded once)", () => {
    expect(modelOrderBonus([{ base: 150 }, { base: 150 }, { base: 150 }], 3.33, earning, 0)).toBe(14)
  })

  it("in the Weekend ×2 campaign 10.79, before it 5.39; limited to New Arrivals 10.39", () => {
    const inIt = { ...earning, campaigns: [weekend] }
    expect(modelOrderBonus(order, 5, inIt, at("2026-12-04T15:00:00Z"))).toBe(1079)
    expect(modelOrderBonus(order, 5, inIt, at("2026-12-04T14:59:59Z"))).toBe(539)
    const onNew = { ...earning, campaigns: [{ ...weekend, collections: ["pcol_new"] }] }
    expect(modelOrderBonus(order, 5, onNew, at("2026-12-05T10:00:00Z"))).toBe(1039)
  })

  it("reads local times as docs/program.md's 'Daylight saving' says", () => {
    expect(new Date(modelLocalInstant("2026-03-29T02:30", "Europe/Berlin")).toISOString()).toBe(
      "2026-03-29T01:00:00.000Z"
    )
    expect(new Date(modelLocalInstant("2026-10-25T02:30", "Europe/Berlin")).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z"
    )
  })

  it("two tags: the higher rate at the rate in force", () => {
    const tags: ModelEarning = {
      ...earning,
      rules: [
        { id: "a", kind: "tag", target: "ptag_a", earn: { multiplier: 1.5 } },
        { id: "b", kind: "tag", target: "ptag_b", earn: { percent: 10 } },
      ],
    }
    const line = [{ base: 10000, tags: ["ptag_a", "ptag_b"] }]
    expect(modelOrderBonus(line, 5, tags, 0)).toBe(1000)
    expect(modelOrderBonus(line, 8, tags, 0)).toBe(1200)
  })
})
