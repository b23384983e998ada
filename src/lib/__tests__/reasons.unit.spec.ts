import { describeReason, REASON_CODES, reasonText } from "../reasons"

describe("the plugin's own reasons", () => {
  it("read back into their code and values, whatever the values hold", () => {
    expect(describeReason(reasonText("accrual", { percent: 7.5, order: 1042 }))).toEqual({
      code: "accrual",
      values: { percent: "7.5", order: "1042" },
    })
    expect(describeReason(reasonText("items_returned", { return_id: "ret_01 (2)" }))).toEqual({
      code: "items_returned",
      values: { return_id: "ret_01 (2)" },
    })
    expect(describeReason(reasonText("bonus_birthday", { year: 2028 }))).toEqual({
      code: "bonus_birthday",
      values: { year: "2028" },
    })
  })

  it("keep the text entries written before this file carry", () => {
    // Stored rows: these texts must keep being recognised (reasons.ts's rule).
    expect(reasonText("service_credit")).toBe("credit from the service")
    expect(reasonText("accrual", { percent: 5, order: 12 })).toBe("bonus 5% for order #12")
    expect(reasonText("credit_expired_given_back")).toBe("lifetime credit expired (given back by a canceled debit)")
    expect(reasonText("payment_refunded", { payment_id: "pay_1" })).toBe("payment refunded (pay_1)")
  })

  it("are told apart: each code's text reads back as that code", () => {
    for (const code of REASON_CODES) {
      const text = (reasonText as (c: string, v?: object) => string)(code, {
        percent: 3,
        order: 9,
        return_id: "ret_x",
        payment_id: "pay_x",
        cart_id: "cart_x",
        year: 2027,
      })
      expect({ text, code: describeReason(text)?.code }).toEqual({ text, code })
    }
  })

  it("leave an admin's own words alone", () => {
    expect(describeReason("goodwill after the late delivery")).toBeNull()
    expect(describeReason("order canceled, and more")).toBeNull()
    expect(describeReason(null)).toBeNull()
    expect(describeReason("")).toBeNull()
  })
})
