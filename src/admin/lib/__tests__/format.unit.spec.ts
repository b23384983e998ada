import {
  errorText,
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatSignedAmount,
  intlLocale,
  reasonValues,
  withoutIds,
} from "../format"

const AT = new Date(2026, 10, 23, 20, 34, 17) // local time: Nov 23, 2026, 20:34:17

describe("the admin's formats", () => {
  it("reads the dashboard's language codes as Intl locales", () => {
    expect(intlLocale("en")).toBe("en")
    expect(intlLocale("ptBR")).toBe("pt-BR")
    expect(intlLocale(undefined)).toBeUndefined()
  })

  it("writes dates as the dashboard does, in its language", () => {
    expect(formatDate(AT, "en")).toBe("Nov 23, 2026")
    expect(formatDate(AT.toISOString(), "ru")).toBe("23 нояб. 2026 г.")
    expect(formatDate(null, "en")).toBe("—")
    expect(formatDate("not a date", "en")).toBe("—")
  })

  it("writes a log's time in 24 hours", () => {
    expect(formatDateTime(AT, "en")).toBe("Nov 23, 2026, 20:34")
    expect(formatDateTime(AT, "ru")).toBe("23 нояб. 2026 г., 20:34")
  })

  it("writes ledger amounts as money with their sign", () => {
    expect(formatSignedAmount(12.5, "eur", "en-US")).toBe("+€12.50")
    expect(formatSignedAmount(-3, "EUR", "en-US")).toBe("-€3.00")
    expect(formatSignedAmount(-1050, "rub", "ru-RU")).toBe("-1\u00a0050,00\u00a0₽")
    expect(formatSignedAmount(29.5, null, "en-US")).toBe("+29.50")
  })

  it("writes numbers, percents and money in the language given, whatever the browser's", () => {
    expect(formatNumber(3600, "ru")).toBe("3\u00a0600")
    expect(formatNumber(3600, "en")).toBe("3,600")
    expect(formatPercent(7.5, "ru")).toBe("7,5\u00a0%")
    expect(formatPercent(7.5, "en")).toBe("7.5%")
    expect(formatPercent(0.3, "ru")).toBe("0,3\u00a0%")
    expect(formatAmount(54.5, "eur", "ru")).toBe("54,50\u00a0€")
    expect(formatAmount(54.5, "eur", "en")).toBe("€54.50")
  })

  it("keeps Medusa ids out of what a toast says", () => {
    expect(withoutIds("Customer cus_01JD3Z7Q8X9Y0A1B2C3D4E5F6G has no wallet pass.")).toBe(
      "Customer has no wallet pass."
    )
    const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`
    expect(errorText(Object.assign(new Error("x"), { status: 404 }), t)).toBe("common.toast.notFound")
    expect(errorText(Object.assign(new Error("boom"), { status: 500 }), t)).toBe("common.toast.serverError")
    expect(errorText(new Error("Operation wpop_01JD3Z7Q8X9Y0A1B2C3D4E5F6G is done: nothing to retry"), t)).toBe(
      'common.toast.failed{"reason":"Operation is done: nothing to retry"}'
    )
  })

  it("writes a plugin reason's amounts in the balance currency and its numbers in the locale, ids as they are", () => {
    expect(reasonValues({ percent: "7.5", order: "1042" }, "eur", "ru")).toEqual({
      percent: "7,5\u00a0%",
      order: "1042",
    })
    expect(reasonValues({ service: "5.5", store: "3", return_id: "ret_1" }, "eur", "en")).toEqual({
      service: "€5.50",
      store: "€3.00",
      return_id: "ret_1",
    })
    // The admin's language, not the browser's: a Russian admin reads Russian money.
    expect(reasonValues({ service: "54.5" }, "eur", "ru")).toEqual({ service: "54,50\u00a0€" })
  })

  it("names a reason's country in the admin's language and its phone problem in its words", () => {
    const t = (key: string) => `«${key}»`
    expect(reasonValues({ country: "DE", problem: "too_long" }, null, "ru", t)).toEqual({
      country: "Германия",
      problem: "«common.phoneProblem.too_long»",
    })
    expect(reasonValues({ country: "DE", percent: 5 }, null, "en")).toEqual({ country: "Germany", percent: "5%" })
  })
})
