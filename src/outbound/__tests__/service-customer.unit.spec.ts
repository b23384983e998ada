import { serviceCustomerSnapshot } from "../service-customer"

// What the store adopts from a read_customer answer (docs/adoption.md, "What is adopted";
// docs/service-api.md, "Amounts and percents in hooks" and the e-mail rule of src/lib/email.ts).
const snapshot = (customer: Record<string, unknown>) =>
  serviceCustomerSnapshot({ phone: "+79991234567", ...customer }, "RU")

describe("serviceCustomerSnapshot", () => {
  it("reads float noise in the balance and rates as the number it means", () => {
    expect(snapshot({ balance: 0.1 + 0.2, bonus: 5.000000001, discount: "2.5" })).toMatchObject({
      balance: 30,
      bonus_percent_bp: 500,
      discount_percent_bp: 250,
    })
  })

  it("skips a balance with a real extra decimal, with the reason, rather than adopting another amount", () => {
    expect(() => snapshot({ balance: 10.005 })).toThrow("the service's balance 10.005 is not an amount")
    expect(() => snapshot({ balance: "lots" })).toThrow("is not an amount")
    // A rate it cannot take exactly is not adopted (the store's rate keeps applying).
    expect(snapshot({ bonus: 33.333, discount: -1 })).toMatchObject({
      bonus_percent_bp: null,
      discount_percent_bp: null,
    })
  })

  it.each([
    ["vera@example.com", "vera@example.com"],
    [" анна@пример.рф ", "анна@пример.рф"],
    ["gleb at example", undefined],
    ["rita@localhost", undefined],
    [`${"a".repeat(250)}@b.cd`, undefined],
    [42, undefined],
  ])("adopts the e-mail %p only under the e-mail rule (issue 40 item 5): %p", (email, adopted) => {
    expect(snapshot({ email }).profile.email).toBe(adopted)
  })

  it("cuts a long text in characters, never splitting one", () => {
    const name = snapshot({ name: "😀".repeat(600) }).profile.name!
    expect([...name]).toHaveLength(500)
    expect(name).toBe("😀".repeat(500))
  })
})
