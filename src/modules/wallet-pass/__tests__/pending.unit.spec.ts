import { pendingLeft, pendingTake, pendingTakenTotal } from "../rules/pending"

// docs/loyalty.md, "Pending bonus": a cancel takes all that is left; a return its share of the
// whole bonus (rounded down, as a reversal of a credited bonus); a refund up to its share in
// total; never more than is left. Figures worked by hand from those rules.
describe("pending bonus arithmetic", () => {
  it("a cancel takes all that is left, a second cause nothing more", () => {
    expect(pendingTake(1234, {}, "rest")).toBe(1234)
    expect(pendingTake(1234, { "order:o:reversal:return:r1": 400 }, "rest")).toBe(834)
    expect(pendingTake(1234, { cancel: 1234 }, "rest")).toBe(0)
    expect(pendingLeft(1234, { cancel: 1234 })).toBe(0)
  })

  it("a return takes its share of the whole bonus, rounded down", () => {
    // 2 of 3 equal lines returned: floor(1000 * 2 / 3) = 666.
    expect(pendingTake(1000, {}, { numerator: 2, denominator: 3 })).toBe(666)
    // Then the last line: floor(1000 / 3) = 333; 1 minor unit stays pending (as a credited
    // bonus keeps the unit its reversals' rounding leaves), until a cancel takes it.
    const taken = { r1: 666 }
    expect(pendingTake(1000, taken, { numerator: 1, denominator: 3 })).toBe(333)
    expect(pendingLeft(1000, { ...taken, r2: 333 })).toBe(1)
    expect(pendingTake(1000, { ...taken, r2: 333 }, "rest")).toBe(1)
  })

  it("a share above the whole counts as the whole; a share of nothing takes nothing", () => {
    expect(pendingTake(500, {}, { numerator: 7, denominator: 5 })).toBe(500)
    expect(pendingTake(500, {}, { numerator: 1, denominator: 0 })).toBe(0)
    expect(pendingTake(500, {}, { numerator: -3, denominator: 5 })).toBe(0)
  })

  it("a refund takes what brings the total taken up to its share", () => {
    // Half refunded after a return took 300 of 1000: up to 500, so 200 more.
    expect(pendingTake(1000, { r1: 300 }, { upTo: { numerator: 50, denominator: 100 } })).toBe(200)
    // A refund that repays the return already taken: nothing more.
    expect(pendingTake(1000, { r1: 300 }, { upTo: { numerator: 30, denominator: 100 } })).toBe(0)
    expect(pendingTakenTotal({ r1: 300, f1: 200 })).toBe(500)
  })

  it("a refund counting refunds only: a return's take does not count, but is never taken twice", () => {
    // A return took 300 of 1000 (its lines' bonus), a refund 100; refunds up to 20 % in all: 100 more.
    const taken = { ret: 300, ref1: 100 }
    expect(
      pendingTake(1000, taken, { upTo: { numerator: 20, denominator: 100 }, counting: "refunds" }, { ref1: 100 })
    ).toBe(100)
    // Never more than is left: 900 wanted, 600 left.
    expect(
      pendingTake(1000, taken, { upTo: { numerator: 100, denominator: 100 }, counting: "refunds" }, { ref1: 100 })
    ).toBe(600)
  })
})
