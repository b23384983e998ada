import { chosenBases } from "../order-bonus-base"

// The setOrderBonusBase hook's answer rules (docs/loyalty.md, "Extending: workflow hooks"):
// `{ base }`, a whole number of minor units from 0 to max_base; no answer keeps the plugin's.
describe("setOrderBonusBase answer", () => {
  const input = { base: 8333, max_base: 9000 }

  it("no answer keeps the plugin's base", () => {
    expect(chosenBases(input, undefined)).toEqual({ kind: "plugin" })
  })

  it.each([0, 3333, 9000])("a base of %d within 0..max_base is used", (base) => {
    expect(chosenBases(input, { base })).toEqual({ kind: "base", base })
  })

  it.each([
    [{ base: -1 }, /setOrderBonusBase hook: invalid answer \(base must not be negative\)/],
    [{ base: 12.5 }, /setOrderBonusBase hook: invalid answer \(base must be whole minor units\)/],
    [{ base: "100" }, /setOrderBonusBase hook: invalid answer \(base /],
    [{ base: 100, extra: 1 }, /setOrderBonusBase hook: invalid answer/],
    [null, /setOrderBonusBase hook: invalid answer/],
    [{ base: 9001 }, /setOrderBonusBase hook: base 9001 is more than the order's items total 9000/],
  ])("%j is refused, naming the hook", (answer, error) => {
    expect(() => chosenBases(input, answer)).toThrow(error)
  })

  // `{ lines }`: bases by line id, each 0 to the larger of the line's base and total (docs/program.md, "Earn rules").
  const line = (id: string, base: number, total: number) => ({
    id,
    title: null,
    quantity: 1,
    product_id: null,
    variant_id: null,
    variant_sku: null,
    is_giftcard: false,
    product_type_id: null,
    product_collection_id: null,
    product_category_ids: [],
    product_tag_ids: [],
    base,
    total,
  })
  const withLines = { ...input, order: { items: [line("ordli_1", 5000, 6000), line("ordli_2", 3333, 3000)] } }

  it("bases by line within each line's bound are used", () => {
    expect(chosenBases(withLines, { lines: { ordli_1: 6000, ordli_2: 0 } })).toEqual({
      kind: "lines",
      lines: { ordli_1: 6000, ordli_2: 0 },
    })
    expect(chosenBases(withLines, { lines: { ordli_2: 3333 } })).toEqual({ kind: "lines", lines: { ordli_2: 3333 } })
  })

  it.each([
    [
      { lines: { ordli_1: 6001 } },
      /setOrderBonusBase hook: lines.ordli_1 base 6001 is more than the line's total 6000/,
    ],
    [{ lines: { ordli_2: 3334 } }, /lines.ordli_2 base 3334 is more than the line's total 3333/],
    [{ lines: { ordli_9: 1 } }, /setOrderBonusBase hook: lines.ordli_9 is not a line of the order/],
    [{ lines: { ordli_1: -1 } }, /invalid answer \(lines.ordli_1 must not be negative\)/],
    [{ lines: { ordli_1: 1.5 } }, /invalid answer \(lines.ordli_1 must be whole minor units\)/],
    [{ lines: { ordli_1: 1 }, base: 1 }, /invalid answer/],
    [{ lines: [1] }, /invalid answer/],
  ])("lines %j is refused, naming the hook", (answer, error) => {
    expect(() => chosenBases(withLines, answer)).toThrow(error)
  })
})
