import {
  type EarningJson,
  fieldProblems,
  formatLocalDateTime,
  newCampaign,
  newRule,
  problemsAt,
  toEarning,
  toEarningDraft,
} from "../earning-form"

/** A program's earning with one rule of each kind of earning, as shape-44 writes it. */
const SAVED: EarningJson = {
  rules: [
    { id: "er_1", target: { kind: "collection", id: "pcol_new" }, earn: { multiplier: 2 } },
    { id: "er_2", target: { kind: "tag", id: "ptag_sale" }, earn: { none: true }, redeem: false },
    { id: "er_3", target: { kind: "category", id: "pcat_shoes" }, earn: { percent: 7.5 } },
    { id: "er_4", target: { kind: "type", id: "ptyp_gift" }, redeem: true },
  ],
  giftCards: { earn: false, redeem: true },
  campaigns: [
    {
      id: "ec_1",
      name: "Weekend ×2",
      multiplier: 1.5,
      start: "2026-12-05T00:00",
      end: "2026-12-07T00:00",
      collections: ["pcol_new"],
    },
  ],
}

describe("the earn rules' editor (form ↔ the program's earning)", () => {
  it("gives back exactly the program it read, in English and in Russian", () => {
    for (const locale of ["en", "ru"]) expect(toEarning(toEarningDraft(SAVED, locale), locale)).toEqual(SAVED)
  })

  it("shows numbers the admin's way and says 'not set' where a rule says nothing", () => {
    const draft = toEarningDraft(SAVED, "ru")
    expect(draft.rules.map((r) => [r.earn, r.value, r.redeem])).toEqual([
      ["multiplier", "2", "unset"],
      ["none", "", "no"],
      ["percent", "7,5", "unset"],
      ["unset", "", "yes"],
    ])
    expect(draft.campaigns[0].multiplier).toBe("1,5")
  })

  it("reads an absent earning as the default: no rules, gift cards neither earn nor pay", () => {
    expect(toEarning(toEarningDraft(undefined))).toEqual({
      rules: [],
      giftCards: { earn: false, redeem: false },
      campaigns: [],
    })
  })

  it("sends a new row without an id, and an unfinished one as it is for the server to name", () => {
    const draft = toEarningDraft(SAVED, "en")
    draft.rules.push({ ...newRule(), kind: "tag", target: "ptag_new", earn: "multiplier", value: "3" }, newRule())
    draft.campaigns.push({ ...newCampaign(), name: "  Spring  ", multiplier: "2,5" })
    const earning = toEarning(draft, "en")
    expect(earning.rules.slice(4)).toEqual([
      { target: { kind: "tag", id: "ptag_new" }, earn: { multiplier: 3 } },
      { target: { kind: "", id: "" } },
    ])
    // "2,5" is not a number in English: NaN, sent as null, refused by the server by name.
    expect(earning.campaigns[1]).toEqual({
      name: "Spring",
      multiplier: Number.NaN,
      start: "",
      end: "",
      collections: [],
    })
    expect(JSON.parse(JSON.stringify(earning.campaigns[1])).multiplier).toBeNull()
  })

  it("keeps rows in order, so the server's index names the row shown", () => {
    const draft = toEarningDraft(SAVED, "en")
    draft.rules.splice(1, 1)
    expect(toEarning(draft, "en").rules.map((r) => r.id)).toEqual(["er_1", "er_3", "er_4"])
  })
})

describe("a refused save's problems, at their fields", () => {
  const message =
    'Invalid program: unknown field(s) "points"; earning.rules.1.earn.multiplier: multiplier must be from 0.01 to 10; ' +
    "earning.rules.12.target: the same target twice; earning.campaigns.0.end: end must be after start; " +
    'pass.variables.x: variable name "x" is reserved; choose another'

  it("splits the server's message into each field's path and words ('; ' inside words kept)", () => {
    expect(fieldProblems(message)).toEqual([
      { path: "", text: 'unknown field(s) "points"' },
      { path: "earning.rules.1.earn.multiplier", text: "multiplier must be from 0.01 to 10" },
      { path: "earning.rules.12.target", text: "the same target twice" },
      { path: "earning.campaigns.0.end", text: "end must be after start" },
      { path: "pass.variables.x", text: 'variable name "x" is reserved; choose another' },
    ])
  })

  it("finds a row's problems by its index, never another row's with the same digits", () => {
    const problems = fieldProblems(message)
    expect(problemsAt(problems, "earning.rules.1").map((p) => p.path)).toEqual(["earning.rules.1.earn.multiplier"])
    expect(problemsAt(problems, "earning.rules.12").map((p) => p.path)).toEqual(["earning.rules.12.target"])
    expect(problemsAt(problems, "earning.campaigns.0")).toHaveLength(1)
    expect(problemsAt(problems, "earning.rules.2")).toEqual([])
  })
})

describe("a campaign's local date-time", () => {
  it("is written in the admin's language as it is in the program's zone, never moved", () => {
    expect(formatLocalDateTime("2026-12-05T18:00", "en")).toBe("Dec 5, 2026, 18:00")
    expect(formatLocalDateTime("2026-03-29T02:30", "ru")).toBe("29 мар. 2026 г., 02:30")
    expect(formatLocalDateTime("soon", "en")).toBe("soon")
  })
})
