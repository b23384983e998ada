import type { HttpTypes } from "@medusajs/types"
import { formatAmount, type StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import CartBonus from "../components/pay-with-bonus"

/**
 * The cart's summary: "Pay with bonus" (docs/storefront.md, "Adding it to the Next.js
 * Starter") above the totals, which the server renders again once the bonus changed.
 */
export default function Summary({
  cart,
  signedIn,
  bonus,
}: {
  cart: HttpTypes.StoreCart
  signedIn: boolean
  bonus: StoreWalletPassBonus | null
}) {
  const money = (amount: number | null | undefined) => formatAmount(amount ?? 0, cart.currency_code, "en-US")
  const paidWithBonus = bonus?.amount ?? 0
  // Medusa counts the bonus among the cart's discounts (adjustments of the cart's own: docs/loyalty.md).
  const otherDiscount = Math.max(0, (cart.discount_total ?? 0) - paidWithBonus)
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      {signedIn ? (
        <CartBonus cartId={cart.id} initial={bonus} currencyCode={cart.currency_code} />
      ) : (
        <p className="muted small">Sign in to pay part of this order with your bonus.</p>
      )}
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(cart.item_subtotal)}</dd>
        </div>
        {otherDiscount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{money(otherDiscount)}</dd>
          </div>
        )}
        {paidWithBonus > 0 && (
          <div>
            <dt>Paid with bonus</dt>
            <dd data-testid="cart-bonus" data-amount={paidWithBonus}>
              −{money(paidWithBonus)}
            </dd>
          </div>
        )}
        <div className="totals__total">
          <dt>Total</dt>
          <dd data-testid="cart-total" data-amount={cart.total}>
            {money(cart.total)}
          </dd>
        </div>
      </dl>
    </aside>
  )
}
