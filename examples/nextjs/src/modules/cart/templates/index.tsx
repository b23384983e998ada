import type { HttpTypes } from "@medusajs/types"
import type { StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import { formatAmount } from "medusa-plugin-wallet-pass/storefront"
import Summary from "./summary"

export default function CartTemplate({
  cart,
  customer,
  bonus,
}: {
  cart: HttpTypes.StoreCart | null
  customer: HttpTypes.StoreCustomer | null
  bonus: StoreWalletPassBonus | null
}) {
  if (!cart?.items?.length)
    return (
      <section data-testid="cart-page">
        <h1>Cart</h1>
        <p className="muted">Your cart is empty.</p>
      </section>
    )
  return (
    <section className="cart" data-testid="cart-page">
      <div>
        <h1>Cart</h1>
        <ul className="lines">
          {cart.items.map((item) => (
            <li className="line" key={item.id}>
              <span>
                <strong>{item.product_title ?? item.title}</strong>
                {item.variant_title && <span className="muted small"> {item.variant_title}</span>}
              </span>
              <span className="muted">× {item.quantity}</span>
              <span>{formatAmount(item.unit_price * item.quantity, cart.currency_code, "en-US")}</span>
            </li>
          ))}
        </ul>
      </div>
      <Summary cart={cart} signedIn={!!customer} bonus={bonus} />
    </section>
  )
}
