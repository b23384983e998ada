import {
  describeReason,
  presentReason,
  reason,
  REASON_CODES,
  readReason,
  reasonText,
  storedReason,
  type Reason,
} from "../reasons"

describe("the plugin's own reasons", () => {
  it("are kept as their code and values, and an admin's words as typed", () => {
    expect(storedReason(reason("accrual", { percent: 7.5, order: 1042 }))).toEqual({
      reason: null,
      reason_code: "accrual",
      reason_values: { percent: 7.5, order: 1042 },
    })
    expect(storedReason("goodwill after the late delivery")).toEqual({
      reason: "goodwill after the late delivery",
      reason_code: null,
      reason_values: null,
    })
    expect(storedReason(null)).toEqual({ reason: null, reason_code: null, reason_values: null })
  })

  it("render in English for logs and exports, amounts with two decimals, countries and phone problems in words", () => {
    expect(reasonText(reason("accrual", { percent: 5, order: 12 }))).toBe("bonus 5% for order #12")
    expect(reasonText(reason("redemption_order", { order: 2 }))).toBe("bonus paid for order #2")
    expect(reasonText(reason("import_changed_on_both", { service: 12.5, store: 10 }))).toBe(
      "the service shows 12.50 and the store 10.00; the store changed this balance since adoption"
    )
    expect(reasonText(reason("phone_unreadable", { country: "RU", problem: "invalid_length" }))).toBe(
      "not a phone number of Russia (wrong length)"
    )
  })

  it("are presented to the admin as code, values and the English text", () => {
    const row = storedReason(reason("items_returned", { return_id: "ret_01" }))
    expect(presentReason(row)).toEqual({
      reason: "items returned (ret_01)",
      reason_code: "items_returned",
      reason_values: { return_id: "ret_01" },
    })
    expect(presentReason({ reason: "goodwill", reason_code: null, reason_values: null })).toEqual({
      reason: "goodwill",
      reason_code: null,
      reason_values: null,
    })
  })

  it("keep reading rows from before codes: their English text is recognised once, as it is read", () => {
    // Stored rows: these texts must keep being recognised (reasons.ts's rule).
    expect(readReason({ reason: "credit from the service" })).toEqual({ code: "service_credit", values: {} })
    expect(readReason({ reason: "bonus 7.5% for order #1042" })).toEqual({
      code: "accrual",
      values: { percent: "7.5", order: "1042" },
    })
    // Written outside reasons.ts before it had this template.
    expect(readReason({ reason: "bonus paid for order #2" })).toEqual({
      code: "redemption_order",
      values: { order: "2" },
    })
    expect(readReason({ reason: "invalid phone (invalid length)" })).toEqual({
      code: "phone_invalid",
      values: { problem: "invalid_length" },
    })
    expect(readReason({ reason: "lifetime credit expired (given back by a canceled debit)" })?.code).toBe(
      "credit_expired_given_back"
    )
    // The row's own text stays what admin responses call `reason`.
    expect(presentReason({ reason: "payment refunded (pay_1)" })).toEqual({
      reason: "payment refunded (pay_1)",
      reason_code: "payment_refunded",
      reason_values: { payment_id: "pay_1" },
    })
  })

  it("are told apart: each code's text reads back as that code", () => {
    const values = {
      percent: 3,
      order: 9,
      return_id: "ret_x",
      payment_id: "pay_x",
      cart_id: "cart_x",
      year: 2027,
      problem: "too_short",
      country: "DE",
      error: "timeout",
      customer_id: "cus_x",
      phone: "+4915112345678",
      service: 1,
      store: 2,
      hours: 24,
      remote_id: "crm-7",
    }
    for (const code of REASON_CODES) {
      const text = reasonText({ code, values } as Reason)
      expect({ text, code: describeReason(text)?.code }).toEqual({ text, code })
    }
  })

  it("leave an admin's own words alone", () => {
    expect(describeReason("goodwill after the late delivery")).toBeNull()
    expect(describeReason("order canceled, and more")).toBeNull()
    expect(describeReason(null)).toBeNull()
    expect(describeReason("")).toBeNull()
    expect(readReason({ reason: "goodwill", reason_code: null })).toBeNull()
  })
})
