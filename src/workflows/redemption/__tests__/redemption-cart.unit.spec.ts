import { redemptionCartOf, spreadBonus } from "../utils/redemption-cart"
import { NO_EARNING_RULES } from "../utils/redeemable-lines"

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
    expect(redemptionCartOf(cart, NO_EARNING_RULES)).toMatchObject({ redeemed: 80, base: 10000 })
  })
})

describe("lines that cannot be paid with bonus (docs/loyalty.md)", () => {
  const rules = (
    list: { target: { kind: "tag" | "type" | "category" | "collection"; id: string }; redeem?: boolean }[]
  ) => ({
    rules: list.map((r, i) => ({ id: `er_${i}`, ...r })),
    giftCards: { earn: false, redeem: false },
    campaigns: [],
  })
  // A 100.00 shirt tagged "sale" in collection "new", a 50.00 gift card, 10.00 of bonus on the gift card.
  const cart = {
    id: "cart_2",
    currency_code: "eur",
    item_total: 140, // after the 10.00 of bonus
    items: [
      {
        id: "line_shirt",
        title: "Shirt",
        total: 100,
        product: { id: "prod_1", collection_id: "pcol_new", categories: [], tags: [{ id: "ptag_sale" }] },
        adjustments: [],
      },
      {
        id: "line_gift",
        title: "Gift card",
        is_giftcard: true,
        total: 40,
        product_id: "prod_2",
        adjustments: [{ provider_id: "wallet-pass-bonus", amount: 10 }],
      },
    ],
  }

  it("leaves gift cards out by default, of the base and of where the bonus goes; bonus already on one is misplaced", () => {
    expect(redemptionCartOf(cart, rules([]))).toMatchObject({
      base: 10000,
      item_ids: ["line_shirt"],
      excluded: [{ line_id: "line_gift", title: "Gift card", reason: "gift_card", total: 5000 }],
      misplaced: 1000,
      redeemed: 1000,
    })
    expect(redemptionCartOf(cart, NO_EARNING_RULES)).toMatchObject({ base: 15000, excluded: [], misplaced: 0 })
  })

  it("a rule with redeem false takes a line out; the most specific kind that says something decides", () => {
    const noSale = rules([{ target: { kind: "tag", id: "ptag_sale" }, redeem: false }])
    expect(redemptionCartOf(cart, noSale)).toMatchObject({ base: 0, item_ids: [] })
    expect(redemptionCartOf(cart, noSale).excluded.map((l) => [l.line_id, l.reason])).toEqual([
      ["line_shirt", "rule"],
      ["line_gift", "gift_card"],
    ])
    // The tag says true, the collection false: the tag is more specific.
    const tagWins = rules([
      { target: { kind: "collection", id: "pcol_new" }, redeem: false },
      { target: { kind: "tag", id: "ptag_sale" }, redeem: true },
    ])
    expect(redemptionCartOf(cart, tagWins)).toMatchObject({ base: 10000, item_ids: ["line_shirt"] })
    // A tag rule that sets only earning says nothing of paying: the collection's false decides.
    const earnOnly = rules([
      { target: { kind: "collection", id: "pcol_new" }, redeem: false },
      { target: { kind: "tag", id: "ptag_sale" } },
    ])
    expect(redemptionCartOf(cart, earnOnly)).toMatchObject({ base: 0 })
    // The checkout's cart has no products in its lines: given apart by product id.
    const products = new Map([["prod_2", { id: "prod_2", tags: [{ id: "ptag_sale" }] }]])
    const giftsAllowed = { ...noSale, giftCards: { earn: false, redeem: true } }
    expect(redemptionCartOf(cart, giftsAllowed, products)).toMatchObject({ item_ids: ["line_gift"] })
  })
})
