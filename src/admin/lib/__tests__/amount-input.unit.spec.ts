import { formatMoney, numberSeparators, numberText, parseAmount, parseNumber } from "../amount-input"

describe("amounts typed in the admin", () => {
  it("learns the separators of a locale", () => {
    expect(numberSeparators("de-DE")).toEqual({ decimal: ",", group: "." })
    expect(numberSeparators("en-US")).toEqual({ decimal: ".", group: "," })
  })

  it.each([
    ["de-DE", "10,50", 1050],
    ["de-DE", "1.050", 105000],
    ["de-DE", "1.234,5", 123450],
    ["en-US", "10.50", 1050],
    ["en-US", "1,234.56", 123456],
    ["fr-FR", "1 234,56", 123456],
    ["fr-FR", "1\u202f234,56", 123456],
    ["en-US", " 7 ", 700],
  ])("%s reads %j as %i hundredths", (locale, text, minor) => {
    expect(parseAmount(text, locale)).toEqual({ ok: true, minor })
  })

  it.each([
    ["en-US", "10,50", "format", "1,234.56"],
    ["de-DE", "10.50", "format", "1.234,56"],
    ["de-DE", "1.05", "format", "1.234,56"],
    ["en-US", "-5", "format", "1,234.56"],
    ["en-US", "1e3", "format", "1,234.56"],
    ["en-US", "10.505", "too_many_decimals", "1,234.56"],
    ["en-US", "30,000,000", "too_large", "1,234.56"],
    ["en-US", "0.00", "zero", "1,234.56"],
    ["en-US", "", "empty", "1,234.56"],
  ])("%s refuses %j: %s", (locale, text, problem, example) => {
    expect(parseAmount(text, locale)).toEqual({ ok: false, problem, example })
  })

  it("writes money in the locale", () => {
    expect(formatMoney(105000, "eur", "de-DE")).toBe("1.050,00\u00a0€")
    expect(formatMoney(4000, "eur", "en-US")).toBe("€40.00")
    expect(formatMoney(4000, null, "en-US")).toBe("40.00")
  })

  it("reads amounts the way the admin's language writes them: Russian with a space and a comma", () => {
    expect(parseAmount("1 234,56", "ru")).toEqual({ ok: true, minor: 123456 })
    expect(parseAmount("1\u00a0234,56", "ru")).toEqual({ ok: true, minor: 123456 })
    expect(parseAmount("1,234.56", "en")).toEqual({ ok: true, minor: 123456 })
    expect(parseAmount("1,234.56", "ru")).toMatchObject({ ok: false, problem: "format", example: "1\u00a0234,56" })
  })

  it("reads and writes the program's plain numbers in the admin's language", () => {
    expect(parseNumber("7,5", "ru")).toBe(7.5)
    expect(parseNumber("1 500", "ru")).toBe(1500)
    expect(parseNumber("7.5", "en")).toBe(7.5)
    expect(parseNumber("1,500", "en")).toBe(1500)
    expect(parseNumber("7.5", "ru")).toBeNaN()
    expect(parseNumber("", "en")).toBeNaN()
    expect(numberText(7.5, "ru")).toBe("7,5")
    expect(numberText(1500, "en")).toBe("1500")
    expect(numberText(null, "en")).toBe("")
  })
})
