import { chosenBase } from "../order-bonus-base"

// The setOrderBonusBase hook's answer rules (docs/loyalty.md, "Extending: workflow hooks"):
// `{ base }`, a whole number of minor units from 0 to max_base; no answer keeps the plugin's.
describe("setOrderBonusBase answer", () => {
  const input = { base: 8333, max_base: 9000 }

  it("no answer keeps the plugin's base", () => {
    expect(chosenBase(input, undefined)).toBe(8333)
  })

  it.each([0, 3333, 9000])("a base of %d within 0..max_base is used", (base) => {
    expect(chosenBase(input, { base })).toBe(base)
  })

  it.each([
    [{ base: -1 }, /setOrderBonusBase hook: invalid answer \(base must not be negative\)/],
    [{ base: 12.5 }, /setOrderBonusBase hook: invalid answer \(base must be whole minor units\)/],
    [{ base: "100" }, /setOrderBonusBase hook: invalid answer \(base /],
    [{ base: 100, extra: 1 }, /setOrderBonusBase hook: invalid answer/],
    [null, /setOrderBonusBase hook: invalid answer/],
    [{ base: 9001 }, /setOrderBonusBase hook: base 9001 is more than the order's items total 9000/],
  ])("%j is refused, naming the hook", (answer, error) => {
    expect(() => chosenBase(input, answer)).toThrow(error)
  })
})
