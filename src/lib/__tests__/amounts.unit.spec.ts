import {
  amountProblem,
  basisPointsToPercent,
  currencyStep,
  floorToMinorUnits,
  fromMinorUnits,
  percentToBasisPoints,
  readServiceNumber,
  toMinorUnits,
} from "../amounts"

describe("amounts", () => {
  it.each([
    [10, 1000],
    ["10", 1000],
    ["12.34", 1234],
    [0.29, 29],
    [-5.5, -550],
    [" 7.1 ", 710],
    [0, 0],
    [-0, 0],
  ])("reads %j as %i minor units", (input, minor) => {
    expect(toMinorUnits(input)).toBe(minor)
  })

  it.each([0.001, "1.234", "abc", "", "1e3", "NaN", "Infinity", NaN, Infinity, null, undefined, {}, [], true, 1e12])(
    "refuses %j",
    (input) => {
      expect(toMinorUnits(input)).toBeNull()
    }
  )

  it("reads the decimals that were written, not a float rounded to hundredths", () => {
    expect(toMinorUnits(0.1 + 0.2)).toBeNull() // 0.30000000000000004
    expect(toMinorUnits(10.000000001)).toBeNull()
    expect(toMinorUnits("10.0000000000000000001")).toBeNull()
    expect(toMinorUnits("10.50000")).toBe(1050)
    expect(toMinorUnits(1.1)).toBe(110)
    expect(toMinorUnits(20_000_000)).toBe(2_000_000_000)
  })

  it.each([
    [10.000000001, "too_many_decimals"],
    [1e-7, "too_many_decimals"],
    ["0.001", "too_many_decimals"],
    [1e20, "too_large"],
    [1e308, "too_large"],
    ["-20000000.01", "too_large"],
    ["ten", "not_a_number"],
    [Infinity, "not_a_number"],
    [10.5, null],
  ])("names what is wrong with %j: %s", (input, problem) => {
    expect(amountProblem(input)).toBe(problem)
  })

  it("converts back for display", () => {
    expect(fromMinorUnits(1234)).toBe(12.34)
    expect(fromMinorUnits(-550)).toBe(-5.5)
  })

  it("reads percents as basis points within 0..100", () => {
    expect(percentToBasisPoints(5)).toBe(500)
    expect(percentToBasisPoints("2.5")).toBe(250)
    expect(percentToBasisPoints(100)).toBe(10000)
    expect(percentToBasisPoints(100.01)).toBeNull()
    expect(percentToBasisPoints(-1)).toBeNull()
    expect(basisPointsToPercent(250)).toBe(2.5)
  })
})

describe("order amounts", () => {
  it("floors Medusa totals to minor units", () => {
    expect(floorToMinorUnits(100)).toBe(10000)
    expect(floorToMinorUnits("33.339")).toBe(3333)
    expect(floorToMinorUnits({ numeric: 12.5 })).toBe(1250)
    expect(floorToMinorUnits(0.29)).toBe(29)
    expect(floorToMinorUnits("abc")).toBe(0)
  })

  it("floors exactly, from the number's decimals, without a float multiplication", () => {
    // 0.29 * 100 and 1.15 * 100 are 28.999999999999996 and 114.99999999999999 as floats.
    expect(floorToMinorUnits(1.15)).toBe(115)
    expect(floorToMinorUnits(4.35)).toBe(435)
    expect(floorToMinorUnits(10.999)).toBe(1099)
    expect(floorToMinorUnits(19.9999999)).toBe(1999)
    expect(floorToMinorUnits(0.001)).toBe(0)
    expect(floorToMinorUnits(-1.005)).toBe(-101)
    expect(floorToMinorUnits(-2.5)).toBe(-250)
    expect(floorToMinorUnits(-0.001)).toBe(-1)
    expect(floorToMinorUnits(1e-7)).toBe(0)
    expect(floorToMinorUnits(1.5e21)).toBe(1.5e23)
    expect(floorToMinorUnits({ numeric: "7.777" })).toBe(777)
    expect(Object.is(floorToMinorUnits(-0), 0)).toBe(true)
  })

  it("knows zero-decimal currencies", () => {
    expect(currencyStep("eur")).toBe(1)
    expect(currencyStep("JPY")).toBe(100)
    expect(currencyStep("KWD")).toBe(1)
  })
})

// docs/service-api.md, "Amounts and percents in hooks": the service's numbers are never refused
// for their precision. Expected values are worked out by hand from that rule.
describe("the service's numbers (readServiceNumber)", () => {
  const MAX = 2_000_000_000
  const read = (value: unknown, step = 1) => readServiceNumber(value, { max: MAX, step })

  it.each([
    [0.30000000000000004, 30],
    [0.1 + 0.2, 30],
    [-0.30000000000000004, -30],
    [10.0000001, 1000],
    [1e-7, 0],
    ["10.0000000000000000001", 1000],
    [19.99, 1999],
    ["7", 700],
  ])("float noise %p is the amount it means (%p hundredths), not a rounding", (value, hundredths) => {
    expect(read(value)).toMatchObject({ ok: true, value: hundredths, rounded: false })
  })

  it.each([
    [10.005, 1001],
    ["10.005", 1001],
    [-10.005, -1001],
    [10.015, 1002],
    [10.025, 1003],
    [10.004, 1000],
    [12.3456789, 1235],
    [0.004, 0],
    [0.005, 1],
    [33.333, 3333],
    [10.00001, 1000],
  ])("a real extra decimal in %p is rounded half away from zero to %p hundredths", (value, hundredths) => {
    expect(read(value)).toMatchObject({ ok: true, value: hundredths, rounded: true })
  })

  it("rounds to the currency's smallest unit when it has none of hundredths (a step of 100)", () => {
    expect(read(10.5, 100)).toMatchObject({ ok: true, value: 1100, rounded: true })
    expect(read(-10.5, 100)).toMatchObject({ ok: true, value: -1100, rounded: true })
    expect(read(10.49, 100)).toMatchObject({ ok: true, value: 1000, rounded: true })
    expect(read(10.000000001, 100)).toMatchObject({ ok: true, value: 1000, rounded: false })
    expect(read(1000, 100)).toMatchObject({ ok: true, value: 100000, rounded: false })
  })

  it("refuses only what is not a number or too large once rounded", () => {
    for (const value of ["abc", "", null, undefined, true, {}, Number.NaN, Infinity, "1e5", "0x10"]) {
      expect(read(value)).toEqual({ ok: false, problem: "not_a_number" })
    }
    expect(read(1e308)).toEqual({ ok: false, problem: "too_large" })
    expect(read(20_000_000.004)).toMatchObject({ ok: true, value: MAX })
    expect(read(20_000_000.005)).toEqual({ ok: false, problem: "too_large" })
  })

  it("keeps the number as sent and its sign, for the record of a rounding and the refusal of negatives", () => {
    expect(read(-0.001)).toMatchObject({ ok: true, value: 0, negative: true, text: "-0.001" })
    expect(read(" 10.005 ")).toMatchObject({ text: "10.005" })
    expect(read(5e-324)).toMatchObject({ ok: true, value: 0, rounded: false })
  })
})
