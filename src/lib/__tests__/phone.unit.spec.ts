import {
  InvalidBirthdayError,
  InvalidPhoneError,
  formatBirthday,
  isE164,
  normalizePhone,
  parseBirthday,
  phoneExample,
  tryNormalizePhone,
  readMobilePhone,
} from "../phone"

describe("normalizePhone", () => {
  it.each([
    ["+7 999 123-45-67", undefined, "+79991234567"],
    ["+79991234567", "RU", "+79991234567"],
    ["89991234567", "RU", "+79991234567"],
    ["9991234567", "RU", "+79991234567"],
    ["79991234567", "RU", "+79991234567"],
    // The spec's push examples write international numbers without the plus (4.2 rule 4).
    ["79991234567", undefined, "+79991234567"],
    ["0079991234567", undefined, "+79991234567"],
    ["+44 20 7946 0958", "RU", "+442079460958"],
  ] as const)("%s (default %s) -> %s", (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected)
  })

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["abc", "not_a_number"],
    ["+7999", "too_short"],
    ["+79991234567123", "invalid_length"],
  ] as const)("refuses %j as %s", (input, reason) => {
    expect(tryNormalizePhone(input, "RU")).toEqual({ ok: false, reason })
    expect(() => normalizePhone(input, "RU")).toThrow(InvalidPhoneError)
  })

  it("keeps the phone out of the error message", () => {
    try {
      normalizePhone("+7999123", "RU")
      throw new Error("expected a throw")
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidPhoneError)
      expect((error as InvalidPhoneError).message).not.toContain("7999123")
      expect((error as InvalidPhoneError).input).toBe("+7999123")
    }
  })

  it("isE164 wants the plus and digits only", () => {
    expect(isE164("+79991234567")).toBe(true)
    expect(isE164("79991234567")).toBe(false)
    expect(isE164("+7 999 123 45 67")).toBe(false)
  })
})

describe("reading a phone in several countries (the customer's own first, then the store's)", () => {
  it("takes the first country where the number is a valid mobile", () => {
    expect(readMobilePhone("0151 70000105", ["RU", "DE"])).toEqual({
      ok: true,
      phone: "+4915170000105",
      country: "DE",
    })
    expect(readMobilePhone("0664 1234567", ["AT", "DE"])).toMatchObject({ phone: "+436641234567", country: "AT" })
    // Read in Germany alone it is +49 6641 234567, a landline in Hesse: no mobile (docs/phones.md).
    expect(readMobilePhone("0664 1234567", ["DE"])).toEqual({ ok: false, reason: "not_mobile", country: "DE" })
  })

  it("needs no country for a number with its code, and names the first country's reason when none reads it", () => {
    expect(readMobilePhone("+44 7911 123456", ["DE"])).toEqual({ ok: true, phone: "+447911123456", country: null })
    // A London landline with its code: a number, not a mobile.
    expect(readMobilePhone("+44 20 7946 0958", ["DE"])).toEqual({ ok: false, reason: "not_mobile", country: null })
    expect(readMobilePhone("0151 700001051234567", ["DE", "RU"])).toEqual({
      ok: false,
      reason: "too_long",
      country: "DE",
    })
  })

  it("writes a country's example number with its code", () => {
    expect(phoneExample("DE")).toBe("+49 1512 3456789")
    expect(phoneExample("RU")).toMatch(/^\+7 9/)
  })
})

describe("birthdays", () => {
  it("formats for requests as dd.mm.yyyy and for hooks as yyyy-mm-dd", () => {
    expect(formatBirthday("1990-05-07")).toBe("07.05.1990")
    expect(formatBirthday("07.05.1990", "hook")).toBe("1990-05-07")
    expect(formatBirthday(new Date("1990-05-07"), "request")).toBe("07.05.1990")
    expect(formatBirthday({ year: 2000, month: 2, day: 29 }, "hook")).toBe("2000-02-29")
  })

  it("refuses days that do not exist and other formats", () => {
    expect(parseBirthday("31.02.2000")).toBeUndefined()
    expect(parseBirthday("29.02.2001")).toBeUndefined()
    expect(parseBirthday("2000/01/01")).toBeUndefined()
    expect(() => formatBirthday("30.02.1990")).toThrow(InvalidBirthdayError)
    expect(() => formatBirthday(new Date("nope"))).toThrow(InvalidBirthdayError)
  })
})
