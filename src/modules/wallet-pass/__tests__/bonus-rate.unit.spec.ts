import { bonusFor } from "../rules/bonus-rate"

describe("the bonus at a rate", () => {
  it("rounds bonus down to the minor unit", () => {
    expect(bonusFor(10000, 500)).toBe(500) // 5% of 100.00 = 5.00
    expect(bonusFor(999, 500)).toBe(49) // 5% of 9.99 = 0.4995 -> 0.49
    expect(bonusFor(12345, 333)).toBe(411) // 3.33% of 123.45 = 4.110885 -> 4.11
    expect(bonusFor(0, 500)).toBe(0)
    expect(bonusFor(10000, 0)).toBe(0)
    expect(bonusFor(2_000_000_000, 10000)).toBe(2_000_000_000)
  })
})
