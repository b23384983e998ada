import {
  birthdaysOn,
  levelFor,
  nextLevel,
  programChanges,
  programProblems,
  programSchema,
  referralDecision,
} from "../rules/program"

const levels = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
  { name: "Gold", threshold: 500.5, bonusPercent: 10, discountPercent: 12.5 },
]

describe("the loyalty program's schema", () => {
  it("fills what is left out: the service owns the rates, no levels, lifetime spend", () => {
    expect(programSchema.parse({})).toEqual({
      ratesOwner: "service",
      tiers: { windowDays: null, levels: [] },
      bonuses: {
        welcome: { amount: 0, lifetimeDays: null },
        install: { amount: 0, lifetimeDays: null },
        birthday: { amount: 0, lifetimeDays: null },
        referral: { amount: 0, newCustomerAmount: 0, afterDays: 14, lifetimeDays: null },
      },
      timeZone: "UTC",
      pass: { variables: {}, levelTemplates: {} },
      // Issue 44: no earn rules, gift cards neither earn nor pay with bonus, no campaigns.
      earning: { rules: [], giftCards: { earn: false, redeem: false }, campaigns: [] },
    })
  })

  it("takes levels that go up by spend", () => {
    const { program } = programProblems({ ratesOwner: "program", tiers: { windowDays: 365, levels } })
    expect(program?.tiers.levels.map((l) => l.name)).toEqual(["Base", "Silver", "Gold"])
  })

  it.each([
    [
      "overlapping thresholds",
      { tiers: { levels: [levels[0], { ...levels[1], threshold: 0 }] } },
      "tiers.levels.1.threshold: threshold must be above the previous level's (0)",
    ],
    [
      "a first level above 0",
      { tiers: { levels: [{ ...levels[0], threshold: 10 }] } },
      "tiers.levels.0.threshold: the first level's threshold must be 0",
    ],
    [
      "a percent over 100",
      { tiers: { levels: [{ ...levels[0], bonusPercent: 101 }] } },
      "tiers.levels.0.bonusPercent: bonusPercent must be a number from 0 to 100",
    ],
    [
      "three decimals in a percent",
      { tiers: { levels: [{ ...levels[0], discountPercent: 1.234 }] } },
      "tiers.levels.0.discountPercent: discountPercent accepts at most two decimal places",
    ],
    ["an unknown field", { tiers: { levels: [], tier: 1 } }, 'tiers: unknown field(s) "tier"'],
    ["an unknown top-level field", { perks: {} }, 'unknown field(s) "perks"'],
    [
      "a bonus of three decimals",
      { bonuses: { welcome: { amount: 1.005 } } },
      "bonuses.welcome.amount: welcome.amount",
    ],
    ["an unknown bonus", { bonuses: { referrer: { amount: 5 } } }, 'bonuses: unknown field(s) "referrer"'],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, "timeZone: timeZone must be an IANA time zone"],
    ["a bonus lifetime of 0 days", { bonuses: { install: { amount: 5, lifetimeDays: 0 } } }, "install.lifetimeDays"],
    [
      "a name used twice",
      { tiers: { levels: [levels[0], { ...levels[1], name: "base" }] } },
      'name "base" is used twice',
    ],
    ["a window of 0 days", { tiers: { windowDays: 0 } }, "tiers.windowDays: windowDays must be a whole number of days"],
    ["the program owning rates with no level", { ratesOwner: "program" }, 'ratesOwner: ratesOwner "program" needs'],
    ["an unknown owner", { ratesOwner: "crm" }, 'ratesOwner: ratesOwner must be one of "service", "program"'],
    ["a negative threshold", { tiers: { levels: [levels[0], { ...levels[1], threshold: -5 }] } }, "threshold must be"],
  ])("refuses %s, naming the field", (_what, input, expected) => {
    const { program, problems } = programProblems(input)
    expect(program).toBeNull()
    expect(problems!.join("\n")).toContain(expected)
  })
})

describe("levels by spend", () => {
  const program = programSchema.parse({ ratesOwner: "program", tiers: { levels } })

  it("puts a spend on the last level whose threshold it meets (spend in minor units)", () => {
    expect(levelFor(program, 0)?.name).toBe("Base")
    expect(levelFor(program, 9_999)?.name).toBe("Base")
    expect(levelFor(program, 10_000)?.name).toBe("Silver")
    expect(levelFor(program, 50_049)?.name).toBe("Silver")
    expect(levelFor(program, 50_050)?.name).toBe("Gold")
  })

  it("has no level without levels, and knows the next one", () => {
    expect(levelFor(programSchema.parse({}), 1_000_000)).toBeNull()
    expect(nextLevel(program, null)?.name).toBe("Base")
    expect(nextLevel(program, "Silver")?.name).toBe("Gold")
    expect(nextLevel(program, "Gold")).toBeNull()
  })
})

describe("whose birthday it is", () => {
  it("is the day in the program's time zone", () => {
    // 16:00 UTC on 9 May is 01:00 on 10 May in Tokyo.
    expect(birthdaysOn(new Date("2027-05-09T16:00:00Z"), "UTC")).toEqual({ year: 2027, monthDays: ["05-09"] })
    expect(birthdaysOn(new Date("2027-05-09T16:00:00Z"), "Asia/Tokyo")).toEqual({ year: 2027, monthDays: ["05-10"] })
    // New Year's Eve in UTC is already the next year in Moscow.
    expect(birthdaysOn(new Date("2026-12-31T22:00:00Z"), "Europe/Moscow")).toEqual({ year: 2027, monthDays: ["01-01"] })
  })

  it("brings those born on 29 February to the 28th when the year has no 29th", () => {
    expect(birthdaysOn(new Date("2027-02-28T12:00:00Z"), "UTC").monthDays).toEqual(["02-28", "02-29"])
    expect(birthdaysOn(new Date("2028-02-28T12:00:00Z"), "UTC").monthDays).toEqual(["02-28"])
    expect(birthdaysOn(new Date("2028-02-29T12:00:00Z"), "UTC").monthDays).toEqual(["02-29"])
  })
})

describe("a referral's decision", () => {
  const referredAt = new Date("2026-03-01T10:00:00Z")
  const placed = "2026-03-02T10:00:00Z"
  const at = (iso: string) => new Date(iso)

  it("waits for the first order, then for its days", () => {
    expect(referralDecision(undefined, referredAt, 7, at("2026-06-01T00:00:00Z"))).toEqual({ kind: "wait" })
    const first = { created_at: placed, status: "pending", returns: [] }
    expect(referralDecision(first, referredAt, 7, at("2026-03-09T09:59:59Z"))).toEqual({ kind: "wait" })
    expect(referralDecision(first, referredAt, 7, at("2026-03-09T10:00:00Z"))).toEqual({ kind: "pay" })
    expect(referralDecision(first, referredAt, 0, at(placed))).toEqual({ kind: "pay" })
  })

  it("is void for an order before the referral, a canceled order, or one with a return", () => {
    const later = at("2026-04-01T00:00:00Z")
    expect(referralDecision({ created_at: "2026-02-28T00:00:00Z", status: "completed" }, referredAt, 7, later)).toEqual(
      {
        kind: "void",
        reason: "the customer had ordered before the referral",
      }
    )
    expect(referralDecision({ created_at: placed, status: "canceled" }, referredAt, 7, later)).toMatchObject({
      kind: "void",
      reason: "the first order was canceled",
    })
    expect(
      referralDecision(
        { created_at: placed, status: "completed", returns: [{ status: "received" }] },
        referredAt,
        7,
        later
      )
    ).toMatchObject({ kind: "void", reason: "the first order was returned" })
    // A return that was itself canceled leaves the order standing.
    expect(
      referralDecision(
        { created_at: placed, status: "completed", returns: [{ status: "canceled" }] },
        referredAt,
        7,
        later
      )
    ).toEqual({ kind: "pay" })
  })

  it("judges a cancel or a return by its own time against the days, however late the job runs", () => {
    // Placed 2 March 10:00, 7 days: the order stands at 9 March 10:00. The job runs late, in April.
    const late = at("2026-04-01T00:00:00Z")
    const canceledAt = (iso: string) => ({ created_at: placed, status: "canceled", canceled_at: iso })
    expect(referralDecision(canceledAt("2026-03-05T00:00:00Z"), referredAt, 7, late)).toMatchObject({ kind: "void" })
    expect(referralDecision(canceledAt("2026-03-09T10:00:00Z"), referredAt, 7, late)).toMatchObject({ kind: "void" })
    expect(referralDecision(canceledAt("2026-03-09T10:00:01Z"), referredAt, 7, late)).toEqual({ kind: "pay" })
    expect(referralDecision(canceledAt("2026-03-20T00:00:00Z"), referredAt, 7, late)).toEqual({ kind: "pay" })
    // A canceled order of unknown time counts as canceled within the days.
    expect(referralDecision({ created_at: placed, status: "canceled" }, referredAt, 7, late)).toMatchObject({
      kind: "void",
    })

    const returned = (ret: { created_at?: string; requested_at?: string | null; status?: string }) => ({
      created_at: placed,
      status: "completed",
      returns: [{ status: "received", ...ret }],
    })
    expect(
      referralDecision(returned({ created_at: "2026-03-08T00:00:00Z", requested_at: null }), referredAt, 7, late)
    ).toMatchObject({ kind: "void", reason: "the first order was returned" })
    // The time it was requested, when Medusa has one, else when it was opened.
    expect(
      referralDecision(
        returned({ created_at: "2026-03-08T00:00:00Z", requested_at: "2026-03-10T00:00:00Z" }),
        referredAt,
        7,
        late
      )
    ).toEqual({ kind: "pay" })
    expect(referralDecision(returned({ created_at: "2026-03-12T00:00:00Z" }), referredAt, 7, late)).toEqual({
      kind: "pay",
    })
  })

  it("refuses referral terms out of range, naming the field", () => {
    const { problems } = programProblems({ bonuses: { referral: { afterDays: 1.5, newCustomerAmount: -1, extra: 1 } } })
    expect(problems).toEqual(
      expect.arrayContaining([
        "bonuses.referral.afterDays: referral.afterDays must be a whole number of days from 0 to 365",
        expect.stringContaining("bonuses.referral.newCustomerAmount: referral.newCustomerAmount must be an amount"),
        'bonuses.referral: unknown field(s) "extra"',
      ])
    )
  })
})

describe("what a version of the program changed", () => {
  const before = programSchema.parse({ ratesOwner: "program", tiers: { levels } })

  it("is nothing for the same program", () => {
    expect(programChanges(before, programSchema.parse(before))).toEqual([])
  })

  it("names each setting, each level's number by the level's name, levels added and removed, and each bonus's field", () => {
    const after = programSchema.parse({
      ratesOwner: "service",
      timeZone: "Europe/Moscow",
      tiers: {
        windowDays: 365,
        levels: [
          levels[0],
          { ...levels[1], threshold: 150, discountPercent: 7 },
          { name: "Platinum", threshold: 1000, bonusPercent: 15, discountPercent: 15 },
        ],
      },
      bonuses: { welcome: { amount: 5 }, referral: { afterDays: 30, lifetimeDays: 90 } },
    })
    expect(programChanges(before, after)).toEqual([
      { field: "ratesOwner", from: "program", to: "service" },
      { field: "windowDays", from: null, to: 365 },
      { field: "timeZone", from: "UTC", to: "Europe/Moscow" },
      { field: "threshold", level: "Silver", from: 100, to: 150 },
      { field: "discountPercent", level: "Silver", from: 5, to: 7 },
      { field: "levelAdded", level: "Platinum", from: null, to: null },
      { field: "levelRemoved", level: "Gold", from: null, to: null },
      { field: "welcome.amount", from: 0, to: 5 },
      { field: "referral.afterDays", from: 14, to: 30 },
      { field: "referral.lifetimeDays", from: null, to: 90 },
    ])
  })
})
