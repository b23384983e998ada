import { mobileNumberRange } from "../phone"

describe('mobileNumberRange: only mobiles are texted (docs/security.md, "Texts")', () => {
  it("a mobile number's range is its country code and the first four digits of its national number", () => {
    expect(mobileNumberRange("+4915112345678")).toBe("+49 1511")
    expect(mobileNumberRange("+491761234567")).toBe("+49 1761")
    expect(mobileNumberRange("+79992700001")).toBe("+7 9992")
    expect(mobileNumberRange("+447911123456")).toBe("+44 7911")
  })

  it("where a country's numbers do not tell mobiles from landlines (+1: FIXED_LINE_OR_MOBILE), the number is texted", () => {
    expect(mobileNumberRange("+12015550123")).toBe("+1 2015")
    expect(mobileNumberRange("+16135550123")).toBe("+1 6135")
  })

  it.each([
    ["a Berlin landline", "+493012345678"],
    ["a +49 900 premium number", "+499001234567"],
    ["a +49 137 shared-cost number", "+491371234567"],
    ["a +49 19x number", "+4919312345"],
    ["a +49 32 number", "+4932123456789"],
    ["a Moscow landline", "+74951234567"],
    ["no number", "+49"],
    ["not a phone", "hello"],
  ])("%s is not a mobile: null", (_, phone) => {
    expect(mobileNumberRange(phone)).toBeNull()
  })
})
