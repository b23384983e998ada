import { normalizePhone, tryNormalizePhone, readMobilePhone } from "../phone"

// A number typed with its country code but without "+" or "00" (issue 38, item 6):
// docs/phones.md.
describe("a number typed with its country code but without a plus", () => {
  it("reads 4915130000001 in Germany as +49 1513 0000001, national numbers as before", () => {
    // Germans type national numbers with the trunk 0; digits that start with 49 and lack it are international.
    expect(normalizePhone("4915130000001", "DE")).toBe("+4915130000001")
    expect(normalizePhone("49 151 30000001", "DE")).toBe("+4915130000001")
    expect(readMobilePhone("4915180000001", ["DE"])).toEqual({ ok: true, phone: "+4915180000001", country: "DE" })
    const national = [
      ["0151 23456789", "DE", "+4915123456789"],
      ["015123456789", "DE", "+4915123456789"],
      ["030 123456", "DE", "+4930123456"],
      // Valid nationally, and not starting with the country's own code: read as today.
      ["15123456789", "DE", "+4915123456789"],
      ["9991234567", "RU", "+79991234567"],
      ["89991234567", "RU", "+79991234567"],
      ["79991234567", "RU", "+79991234567"],
      // A country whose numbers carry no trunk prefix: a national number starting with its code stays national.
      ["3912345678", "IT", "+393912345678"],
    ] as const
    for (const [input, country, expected] of national)
      expect([input, normalizePhone(input, country)]).toEqual([input, expected])
  })

  it("takes the international reading when the national one is no number of the country, and refuses what reads in neither", () => {
    // Too long for Russia; a valid German mobile read with its code.
    expect(tryNormalizePhone("4915130000001", "RU")).toEqual({ ok: true, phone: "+4915130000001" })
    expect(normalizePhone("447911123456", "RU")).toBe("+447911123456")
    expect(tryNormalizePhone("0151 700001051234567", "DE")).toEqual({ ok: false, reason: "too_long" })
    expect(tryNormalizePhone("abc", "DE")).toEqual({ ok: false, reason: "not_a_number" })
  })
})
