import { redemptionCartOf, spreadBonus } from "../utils/redemption-cart"

describe("spreading a bonus over a cart's items (docs/loyalty.md, 'Paying with bonus')", () => {
  it("gives each item its share of what is left on it, the cents left over to the items with the most", () => {
    expect(spreadBonus(2000, [{ id: "a", left: 95 }])).toEqual([{ id: "a", amount: 2000 }])
    expect(
      spreadBonus(1000, [
        { id: "a", left: 10 },
        { id: "b", left: 10 },
        { id: "c", left: 10 },
      ])
    ).toEqual([
      { id: "a", amount: 334 },
      { id: "b", amount: 333 },
      { id: "c", amount: 333 },
    ])
  })

  it("never puts more on an item than is left on it, and nothing on an item with nothing left", () => {
    expect(
      spreadBonus(5000, [
        { id: "a", left: 20 },
        { id: "b", left: 0 },
        { id: "c", left: -5 },
      ])
    ).toEqual([{ id: "a", amount: 2000 }])
    expect(spreadBonus(0, [{ id: "a", left: 20 }])).toEqual([])
  })
})

describe("a cart's bonus and cap base read from its adjustments", () => {
  it("sums the adjustments as decimals: 0.7 + 0.1 of bonus is 80 minor units, not 79", () => {
    const cart = {
      id: "cart_1",
      currency_code: "EUR",
      item_total: 99.2,
      items: [
        {
          adjustments: [
            { provider_id: "wallet-pass-bonus", amount: 0.7 },
            { provider_id: "wallet-pass-bonus", amount: 0.1 },
          ],
        },
      ],
    }
    expect(0.7 + 0.1).toBeLessThan(0.8) // the float sum the old code floored to 79
    expect(redemptionCartOf(cart)).toMatchObject({ redeemed: 80, base: 10000 })
  })
})
