import { programChanges, programProblems, programSchema } from "../rules/program"

// The program's `earning` as docs/program.md ("Earn rules", "Campaigns") describes its fields.

const problemsOf = (earning: unknown) => programProblems({ earning }).problems
const campaign = { name: "Weekend", multiplier: 2, start: "2026-12-05T00:00", end: "2026-12-07T00:00" }

describe("the program's earning", () => {
  it("takes rules, gift cards and campaigns, giving ids to those saved without, the same each time", () => {
    const raw = {
      rules: [
        { target: { kind: "collection", id: "pcol_sale" }, earn: { none: true } },
        { id: "er_mine", target: { kind: "tag", id: "ptag_new" }, earn: { multiplier: 2 }, redeem: false },
        { target: { kind: "category", id: "pcat_1" }, earn: { percent: 7.5 } },
        { target: { kind: "type", id: "ptyp_1" }, redeem: false },
      ],
      giftCards: { earn: true },
      campaigns: [{ ...campaign, collections: ["pcol_new"] }],
    }
    const { program, problems } = programProblems({ earning: raw })
    expect(problems).toBeNull()
    const earning = program!.earning
    expect(earning.rules.map((r) => r.id)).toEqual([
      expect.stringMatching(/^er_\w+$/),
      "er_mine",
      expect.stringMatching(/^er_/),
      expect.stringMatching(/^er_/),
    ])
    expect(earning.rules[1]).toEqual({
      id: "er_mine",
      target: { kind: "tag", id: "ptag_new" },
      earn: { multiplier: 2 },
      redeem: false,
    })
    expect(earning.giftCards).toEqual({ earn: true, redeem: false })
    expect(earning.campaigns[0]).toEqual({
      id: expect.stringMatching(/^ec_\w+$/),
      ...campaign,
      collections: ["pcol_new"],
    })
    // The same body gives the same ids (plugin option `program` is read at every boot), and a saved program parses to itself.
    expect(programProblems({ earning: raw }).program!.earning).toEqual(earning)
    expect(programSchema.parse(program).earning).toEqual(earning)
    expect(new Set(earning.rules.map((r) => r.id)).size).toBe(4)
  })

  it.each([
    [
      { rules: [{ target: { kind: "brand", id: "x" }, earn: { none: true } }] },
      'earning.rules.0.target.kind: target.kind must be one of "tag", "type", "category", "collection"',
    ],
    [
      { rules: [{ target: { kind: "tag", id: "pcol_1" }, earn: { none: true } }] },
      'earning.rules.0.target.id: target.id must be a tag\'s Medusa id, starting with "ptag_"',
    ],
    [
      { rules: [{ target: { kind: "collection", id: "pcol_1" } }] },
      "earning.rules.0: a rule must set earn, redeem or both",
    ],
    [
      { rules: [{ target: { kind: "collection", id: "pcol_1" }, earn: { multiplier: 2, percent: 5 } }] },
      "earning.rules.0.earn: earn must be exactly one of { multiplier }, { percent } or { none: true }",
    ],
    [
      { rules: [{ target: { kind: "collection", id: "pcol_1" }, earn: { multiplier: 10.5 } }] },
      "earning.rules.0.earn.multiplier: earn.multiplier must be a number from 0.01 to 10 with at most two decimals",
    ],
    [
      { rules: [{ target: { kind: "collection", id: "pcol_1" }, earn: { percent: 1.234 } }] },
      "earning.rules.0.earn.percent: earn.percent must be a number from 0 to 100 with at most two decimals",
    ],
    [
      { rules: [{ target: { kind: "collection", id: "pcol_1" }, earn: { none: false } }] },
      "earning.rules.0.earn.none: earn.none must be true",
    ],
    [
      {
        rules: [
          { target: { kind: "tag", id: "ptag_1" }, earn: { none: true } },
          { target: { kind: "tag", id: "ptag_1" }, redeem: false },
        ],
      },
      "earning.rules.1.target: tag ptag_1 already has a rule (rules.0): one rule per target",
    ],
    [
      {
        rules: [
          { id: "er_a", target: { kind: "tag", id: "ptag_1" }, redeem: false },
          { id: "er_a", target: { kind: "tag", id: "ptag_2" }, redeem: false },
        ],
      },
      'earning.rules.1.id: id "er_a" is used twice',
    ],
    [
      { rules: [{ id: "rule1", target: { kind: "tag", id: "ptag_1" }, redeem: false }] },
      'earning.rules.0.id: id must be "er_" followed by 1 to 60 letters, digits, "_" or "-" (leave it out: one is given on save)',
    ],
    [
      { rules: Array.from({ length: 101 }, (_, i) => ({ target: { kind: "tag", id: `ptag_${i}` }, redeem: false })) },
      "earning.rules: rules holds at most 100 rules",
    ],
    [{ giftCards: { earn: "yes" } }, "earning.giftCards.earn: giftCards.earn must be true or false"],
    [
      { campaigns: [{ ...campaign, end: "2026-12-05T00:00" }] },
      "earning.campaigns.0.end: end must be after start (2026-12-05T00:00)",
    ],
    [
      { campaigns: [{ ...campaign, start: "2026-12-05 00:00" }] },
      'earning.campaigns.0.start: start must be a local date-time "YYYY-MM-DDTHH:mm"',
    ],
    [
      { campaigns: [{ ...campaign, start: "2026-02-30T00:00" }] },
      'earning.campaigns.0.start: start must be a local date-time "YYYY-MM-DDTHH:mm"',
    ],
    [
      { campaigns: [{ ...campaign, multiplier: 1 }] },
      "earning.campaigns.0.multiplier: multiplier must be a number from 1.01 to 10 with at most two decimals",
    ],
    [
      { campaigns: [{ ...campaign, name: " " }] },
      "earning.campaigns.0.name: name must be a text of 1 to 60 characters",
    ],
    [
      { campaigns: [{ ...campaign, collections: ["ptag_1"] }] },
      'earning.campaigns.0.collections.0: collections[] must be a Medusa id starting with "pcol_"',
    ],
    [
      { campaigns: [campaign, campaign] },
      expect.stringMatching(/^earning\.campaigns\.1\.id: id "ec_\w+" is used twice$/),
    ],
    [
      { campaigns: Array.from({ length: 51 }, (_, i) => ({ ...campaign, name: `c${i}` })) },
      "earning.campaigns: campaigns holds at most 50 campaigns",
    ],
    [{ bonus: 1 }, 'earning: unknown field(s) "bonus"'],
  ])("refuses %j: %s", (earning, message) => {
    expect(problemsOf(earning)).toEqual([message])
  })

  it("shows in the program's history: a rule by its target, a campaign by its name, the gift-card settings", () => {
    const before = programSchema.parse({
      earning: { rules: [{ target: { kind: "tag", id: "ptag_1" }, earn: { multiplier: 2 } }] },
    })
    const after = programSchema.parse({
      earning: {
        rules: [{ target: { kind: "collection", id: "pcol_1" }, earn: { none: true }, redeem: false }],
        giftCards: { earn: true },
        campaigns: [campaign],
      },
    })
    expect(programChanges(before, after)).toEqual([
      { field: "earning.rule", level: "collection pcol_1", from: null, to: "none, no bonus payment" },
      { field: "earning.rule", level: "tag ptag_1", from: "×2", to: null },
      { field: "earning.campaign", level: "Weekend", from: null, to: "×2 2026-12-05T00:00–2026-12-07T00:00" },
      { field: "earning.giftCards.earn", from: "false", to: "true" },
    ])
  })
})
