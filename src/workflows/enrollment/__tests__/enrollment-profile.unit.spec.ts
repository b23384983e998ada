import { chosenProfile, enrollmentProfileResult } from "../enrollment-profile"

// The profile hooks' answer rules (docs/loyalty.md, "Extending: workflow hooks"): name,
// surname and a valid email only; the phone, customerId and anything else refused.
describe("setEnrollmentProfile / setHolderProfile answer", () => {
  const plugin = { name: "Anna", surname: null, email: "anna@example.com" }
  const parse = (answer: unknown, hook?: string) => enrollmentProfileResult(hook).parse(answer)

  it("no answer keeps the plugin's profile; a field left out stays the plugin's", () => {
    expect(chosenProfile(plugin, parse(undefined))).toEqual(plugin)
    expect(chosenProfile(plugin, parse({ profile: { surname: "Sunny" } }))).toEqual({ ...plugin, surname: "Sunny" })
    expect(chosenProfile(plugin, parse({ profile: { email: "анна@пример.рф" } }))).toMatchObject({
      email: "анна@пример.рф",
    })
  })

  it.each([
    [
      { profile: { phone: "+79990000000" } },
      /setEnrollmentProfile hook: invalid answer \(profile\.phone cannot be set/,
    ],
    [{ profile: { customerId: "x" } }, /profile\.customerId cannot be set/],
    [{ profile: { balance: 100 } }, /profile\.balance cannot be set/],
    [{ profile: {}, phone: "+79990000000" }, /phone cannot be set/],
    [{ profile: { email: "not-an-email" } }, /profile\.email must be an e-mail address the service accepts/],
    [{ profile: { name: "  " } }, /profile\.name must not be empty/],
    [{ profile: { surname: "x".repeat(201) } }, /profile\.surname must be at most 200 characters/],
    [{ surname: "Sunny" }, /setEnrollmentProfile hook: invalid answer/],
  ])("%j is refused, naming the hook and the field", (answer, error) => {
    expect(() => parse(answer)).toThrow(error)
  })

  it("setHolderProfile's errors name that hook", () => {
    expect(() => parse({ profile: { phone: "+7" } }, "setHolderProfile")).toThrow(/^setHolderProfile hook: /)
  })
})
