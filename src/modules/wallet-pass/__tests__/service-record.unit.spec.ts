import { serviceRecordWritable } from "../rules/service-record"

describe("serviceRecordWritable (rules/service-record.ts, docs/security.md)", () => {
  const holder = (
    adoption_state: "pending" | "adopted" | "new" | "legacy",
    verified_customer_id: string | null = null
  ) => ({
    adoption_state,
    customer_id: "cus_1",
    verified_customer_id,
  })
  const account = { has_account: true }

  it("a record the service held, of an account that has not proven the phone: nothing of the account is written", () => {
    expect(serviceRecordWritable(holder("adopted"), account)).toBe(false)
    // Proven by another account (the pass has not moved to it): still not this account's.
    expect(serviceRecordWritable(holder("adopted", "cus_2"), account)).toBe(false)
  })

  it("written once the account proved the phone, for a customer without an account, or after an admin's move", () => {
    expect(serviceRecordWritable(holder("adopted", "cus_1"), account)).toBe(true)
    expect(serviceRecordWritable(holder("adopted"), { has_account: false })).toBe(true)
    expect(serviceRecordWritable(holder("adopted"), null)).toBe(true)
    expect(serviceRecordWritable(holder("adopted"), account, { adminMoved: true })).toBe(true)
  })

  it("a record the store made itself (the phone was unknown, or enrolled before adoption existed) is the account's own", () => {
    expect(serviceRecordWritable(holder("new"), account)).toBe(true)
    expect(serviceRecordWritable(holder("legacy"), account)).toBe(true)
  })
})
