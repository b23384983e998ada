import { BONUS_FIELDS, bonusPaid, isBonusAdjustment } from "../index"

// docs/loyalty.md, "Paying with bonus": the bonus is adjustments of provider wallet-pass-bonus
// (before: a promotion WALLETPASS-BONUS-<cart id>); Medusa counts it in discount_total.
describe("bonusPaid", () => {
  it("sums the bonus adjustments' own total and subtotal, the rest of the discount apart", () => {
    const cart = {
      discount_total: 31.9,
      discount_subtotal: 26.806723,
      items: [
        {
          adjustments: [
            { provider_id: "wallet-pass-bonus", code: null, amount: 12, subtotal: 10.084034, total: 12 },
            { provider_id: null, code: "TENOFF", amount: 6, subtotal: 6, total: 7.14 },
          ],
        },
        {
          adjustments: [
            { provider_id: "wallet-pass-bonus", code: null, amount: 8, subtotal: 6.722689, total: 8 },
            { provider_id: null, code: "TENOFF", amount: 4, subtotal: 4, total: 4.76 },
          ],
        },
      ],
    }
    expect(bonusPaid(cart)).toEqual({
      total: 20,
      subtotal: 16.806723,
      discount: { total: 11.9, subtotal: 10 },
    })
  })

  it("takes the amount when the store computed no totals, and the old bonus promotion's code", () => {
    const order = {
      discount_total: "25",
      items: [
        {
          adjustments: [
            { code: "WALLETPASS-BONUS-cart_01", amount: "20" },
            { code: "WELCOME5", amount: 5 },
          ],
        },
      ],
    }
    // No discount_subtotal (the order list does not allow it): the other adjustments summed.
    expect(bonusPaid(order)).toEqual({ total: 20, subtotal: 20, discount: { total: 5, subtotal: 5 } })
    const shipping = { items: [], shipping_methods: [{ adjustments: [{ code: "FREESHIP", amount: 10, total: 10 }] }] }
    expect(bonusPaid(shipping).discount).toEqual({ total: 10, subtotal: 10 })
  })

  it("is zero without bonus, without items, or without a cart", () => {
    const zero = { total: 0, subtotal: 0, discount: { total: 0, subtotal: 0 } }
    expect(bonusPaid(null)).toEqual(zero)
    expect(bonusPaid({ items: null })).toEqual(zero)
    expect(
      bonusPaid({ discount_total: 5, discount_subtotal: 5, items: [{ adjustments: [{ code: "X", amount: 5 }] }] })
    ).toEqual({ ...zero, discount: { total: 5, subtotal: 5 } })
  })

  it("knows the bonus by provider or by the old code prefix only", () => {
    expect(isBonusAdjustment({ provider_id: "wallet-pass-bonus" })).toBe(true)
    expect(isBonusAdjustment({ code: "WALLETPASS-BONUS-cart_1" })).toBe(true)
    expect(isBonusAdjustment({ code: "WALLETPASS-DISCOUNT-5" })).toBe(false)
    expect(isBonusAdjustment({ provider_id: "other" })).toBe(false)
    expect(BONUS_FIELDS.split(",").every((f) => /^[*+]/.test(f))).toBe(true) // additive: defaults stay
  })
})
