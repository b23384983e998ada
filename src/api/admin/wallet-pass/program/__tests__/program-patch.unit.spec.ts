import { programProblems } from "../../../../../modules/wallet-pass"
import { programFromPatch } from "../validate-program"

// A program save is partial (docs/program.md, "Admin and store"): a top-level field left out
// keeps its value, one given replaces it whole, one given as null goes back to its default.
const current = programProblems({
  ratesOwner: "program",
  timeZone: "Europe/Moscow",
  tiers: { windowDays: 365, levels: [{ name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 }] },
  bonuses: { welcome: { amount: 5 } },
  pass: { variables: { acc_level: "level", acc_to_next: "toNextLevel" } },
  earning: { rules: [{ target: { kind: "collection", id: "pcol_new" }, earn: { multiplier: 2 } }] },
}).program!

const parse = (body: Record<string, unknown>) => programProblems(programFromPatch(current, body))

describe("programFromPatch", () => {
  it("keeps every field the body leaves out", () => {
    expect(parse({}).program).toEqual(current)
    const { program } = parse({ timeZone: "UTC" })
    expect(program).toEqual({ ...current, timeZone: "UTC" })
    expect(program!.pass.variables).toEqual({ acc_level: "level", acc_to_next: "toNextLevel" })
    // The earn rules too (docs/program.md, "Earn rules"): a save of another field keeps them.
    expect(program!.earning.rules).toEqual(current.earning.rules)
    expect(program!.earning.rules).toHaveLength(1)
  })

  it("replaces a field the body gives whole: its own inner fields left out take their defaults", () => {
    const { program } = parse({ tiers: { levels: current.tiers.levels } })
    expect(program!.tiers).toEqual({ windowDays: null, levels: current.tiers.levels })
    expect(parse({ pass: { variables: { acc_level: "level" } } }).program!.pass.variables).toEqual({
      acc_level: "level",
    })
  })

  it("sets a field given as null back to its default: pass null clears the card settings", () => {
    const { program } = parse({ pass: null, timeZone: null, bonuses: null })
    expect(program!.pass).toMatchObject({ variables: {}, levelTemplates: {} })
    expect(program!.timeZone).toBe("UTC")
    expect(program!.bonuses.welcome).toEqual({ amount: 0, lifetimeDays: null })
    expect(program!.tiers).toEqual(current.tiers)
  })

  it("leaves unknown fields, __proto__ included, for the schema to refuse", () => {
    expect(parse({ colour: "red" }).problems).toEqual([expect.stringContaining('"colour"')])
    const body = JSON.parse('{"__proto__": {"ratesOwner": "service"}}')
    expect(parse(body).problems).toEqual([expect.stringContaining("__proto__")])
  })

  it("changes nothing of the program it reads", () => {
    const before = JSON.stringify(current)
    programFromPatch(current, { pass: null, timeZone: "UTC" })
    expect(JSON.stringify(current)).toBe(before)
  })
})
