import { cardDesign, type CardFacts, cardTexts, textsChanged } from "../rules/card-texts"
import { programProblems } from "../rules/program"
import { parseWalletPassOptions } from "../options"

const valid = { apiUrl: "https://service.example", appKey: "secret-app-key" }
const GOLD = "3f0c9a55-9a2f-4b8e-9a43-8c1d1f0a1b2c"
const levels = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Gold", threshold: 300, bonusPercent: 10, discountPercent: 10 },
]

function errorOf(raw: unknown): string {
  try {
    parseWalletPassOptions(raw)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error("expected the options to be refused")
}

const facts: CardFacts = {
  level: "Base",
  nextLevel: "Gold",
  toNextLevel: 150_050,
  spend: 15_000,
  expiring: { amount: 5000, expires_at: new Date("2027-03-12T10:00:00Z") },
  pending: 12_550,
  memberSince: new Date("2026-01-05T10:00:00Z"),
  promo: "ANNA7",
  firstName: "Anna",
}

describe("card texts", () => {
  it("writes each source for the card in the locale, money in the balance currency", () => {
    const variables = {
      tier: "level",
      next: "nextLevel",
      to_next: "toNextLevel",
      spent: "spend",
      lapsing: "expiringAmount",
      lapsing_on: "expiringDate",
      waiting: "pending",
      since: "memberSince",
      code: "promo",
      hello: "firstName",
    } as const
    const ru = cardTexts(variables, facts, { locale: "ru-RU", currency: "rub", timeZone: "Europe/Moscow" })
    expect(ru).toEqual({
      tier: "Base",
      next: "Gold",
      to_next: "1\u00a0500,50\u00a0₽",
      spent: "150\u00a0₽",
      lapsing: "50\u00a0₽",
      lapsing_on: "12 мар. 2027 г.",
      waiting: "125,50\u00a0₽",
      since: "5 янв. 2026 г.",
      code: "ANNA7",
      hello: "Anna",
    })
    const en = cardTexts(variables, facts, { locale: "en-US", currency: "usd", timeZone: "UTC" })
    expect(en).toMatchObject({ to_next: "$1,500.50", spent: "$150", lapsing_on: "Mar 12, 2027", waiting: "$125.50" })
  })

  it("leaves empty what the holder has not, and out what was not read", () => {
    const bare: CardFacts = {
      ...facts,
      nextLevel: null,
      toNextLevel: null,
      expiring: null,
      pending: 0,
      firstName: undefined,
    }
    const texts = cardTexts(
      { next: "nextLevel", to_next: "toNextLevel", lapsing: "expiringAmount", hello: "firstName" },
      bare,
      { locale: "en", currency: null, timeZone: "UTC" }
    )
    expect(texts).toEqual({ next: "", to_next: "", lapsing: "" })
    expect(cardTexts({ waiting: "pending" }, bare, { locale: "en", currency: null, timeZone: "UTC" })).toEqual({
      waiting: "",
    })
    expect(textsChanged(texts, { next: "", to_next: "", lapsing: "", hello: "Anna" })).toBe(false)
    expect(textsChanged(texts, { next: "", to_next: "5", lapsing: "" })).toBe(true)
    expect(textsChanged(texts, null)).toBe(true)
  })

  it("gives a design to a new card, and to an existing one only when its level changed", () => {
    const levelTemplates = { Gold: GOLD }
    const base = { levelTemplates, templateUuid: "11111111-1111-4111-8111-111111111111" }
    expect(cardDesign({ ...base, newCard: true, level: "Base", designLevel: null })).toBe(base.templateUuid)
    expect(cardDesign({ ...base, newCard: true, level: "Gold", designLevel: null })).toBe(GOLD)
    expect(cardDesign({ ...base, newCard: false, level: "Base", designLevel: null })).toBeNull()
    expect(cardDesign({ ...base, newCard: false, level: "Gold", designLevel: "Base" })).toBe(GOLD)
    expect(cardDesign({ ...base, newCard: false, level: "Gold", designLevel: "Gold" })).toBeNull()
  })
})

describe("card options", () => {
  it("takes pass.variables and pass.levelTemplates as the program's first card settings", () => {
    const o = parseWalletPassOptions({
      ...valid,
      pass: { variables: { tier: "level", to_next: "toNextLevel" }, levelTemplates: { Gold: GOLD }, locale: "ru-RU" },
      program: { tiers: { levels } },
    })
    expect(o.pass.locale).toBe("ru-RU")
    expect(o.program.pass).toEqual({
      variables: { tier: "level", to_next: "toNextLevel" },
      levelTemplates: { Gold: GOLD },
    })
  })

  it.each([
    [{ pass: { variables: { "1tier": "level" } } }, 'variable name "1tier" must start with a letter'],
    [{ pass: { variables: { "ti-er": "level" } } }, 'variable name "ti-er" must start with a letter'],
    [{ pass: { variables: { balance: "level" } } }, 'variable name "balance" is a field of the service\'s request'],
    [{ pass: { variables: { tier: "levle" } } }, "pass.variables.tier: a variable's source must be one of"],
    [{ pass: { levelTemplates: { Gold: "x" } } }, "a level's template must be a template_uuid"],
    [{ pass: { locale: "not a locale!" } }, "pass.locale must be a BCP 47 language tag"],
    [{ pass: { colour: "red" } }, "colour"],
    [
      { pass: { levelTemplates: { Platinum: GOLD } }, program: { tiers: { levels } } },
      '"Platinum" is not a level of program.tiers.levels',
    ],
  ])("refuses %j at boot", (raw, message) => {
    expect(errorOf({ ...valid, ...raw })).toContain(message)
  })

  it("names every bad variable at once, a bad name beside a bad source", () => {
    const message = errorOf({ ...valid, pass: { variables: { "bad-name": "level", tier: "rank" } } })
    expect(message).toContain('pass.variables.bad-name: variable name "bad-name" must start with a letter')
    expect(message).toContain("pass.variables.tier: a variable's source must be one of")
  })

  it("refuses a saved program whose design names no level", () => {
    const { problems } = programProblems({ tiers: { levels }, pass: { levelTemplates: { Silver: GOLD } } })
    expect(problems).toEqual([expect.stringContaining('pass.levelTemplates.Silver: "Silver" is not a level')])
  })
})
