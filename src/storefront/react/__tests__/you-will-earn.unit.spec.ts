import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { YouWillEarn } from "../index"

/** YouWillEarn (docs/storefront-react.md): what it draws from the earn routes' answers. */
describe("YouWillEarn", () => {
  const props = { currencyCode: "eur", locale: "en-US" }
  const variant = { id: "variant_1", price: 30, bonus: 6, redeemable: true }
  const cart = { currency_code: "eur", amount: 16, rate_percent: 10, lines: [], campaigns: [] }

  it("says a product's bonus and a cart's, as money in the shopper's language", () => {
    expect(renderToStaticMarkup(h(YouWillEarn, { ...props, earn: variant }))).toBe(
      '<p data-wallet-pass="you-will-earn" data-amount="6"><span>Earn €6.00 in bonus</span></p>'
    )
    expect(renderToStaticMarkup(h(YouWillEarn, { ...props, earn: cart }))).toContain(
      "You will earn €16.00 in bonus with this order"
    )
    const de = renderToStaticMarkup(h(YouWillEarn, { currencyCode: "eur", locale: "de-DE", earn: cart }))
    expect(de).toContain("Mit dieser Bestellung sammeln Sie 16,00")
    // The cart's answer names its currency: without currencyCode the money still says it.
    const own = renderToStaticMarkup(h(YouWillEarn, { locale: "de-DE", earn: cart }))
    expect(own).toContain("16,00\u00a0€")
  })

  it("draws nothing when nothing is earned, unless a text says so; names a product that cannot be paid with bonus", () => {
    expect(renderToStaticMarkup(h(YouWillEarn, { ...props, earn: { ...variant, bonus: 0 } }))).toBe("")
    expect(renderToStaticMarkup(h(YouWillEarn, { ...props, earn: null }))).toBe("")
    expect(
      renderToStaticMarkup(h(YouWillEarn, { ...props, earn: { ...cart, amount: 0 }, text: { none: "No bonus" } }))
    ).toContain(">No bonus</span>")
    const gift = renderToStaticMarkup(
      h(YouWillEarn, {
        ...props,
        earn: { ...variant, bonus: 0, redeemable: false },
        classNames: { root: "earn", note: "muted" },
      })
    )
    expect(gift).toBe(
      '<p class="earn" data-wallet-pass="you-will-earn" data-amount="0"><span class="muted" data-wallet-pass="not-redeemable">Cannot be paid with bonus</span></p>'
    )
  })
})
