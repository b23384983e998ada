import type { HttpTypes } from "@medusajs/types"
import { passStep } from "medusa-plugin-wallet-pass/storefront"
import { retrieveBonus, retrievePass } from "@lib/data/wallet-pass"
import { walletPassContactUrl, walletPassLocale } from "../lib/config"
import CartBonus from "./pay-with-bonus"
import RefreshStaleCart from "./refresh-stale-cart"

/**
 * The wallet pass in the cart (a server component, placed by the cart's template above the
 * summary, for a signed-in customer): what the cart may be paid with in bonus, and the pass as
 * the store answers now, read fresh, for the shopper's next step when there is nothing to spend.
 * The store's cart comes with the bonus; when its total is not the page's (the starter caches
 * the cart, and the service changes the card's discount at any time), the cached cart is dropped.
 */
export default async function CartWalletPass({
  cart,
  customer,
}: {
  cart: HttpTypes.StoreCart
  customer: HttpTypes.StoreCustomer
}) {
  const [bonus, pass] = await Promise.all([retrieveBonus(cart.id), retrievePass()])
  const storeTotal = bonus.ok ? bonus.data.cart.total : null
  return (
    <div className="bg-white" data-testid="cart-wallet-pass">
      {typeof storeTotal === "number" && storeTotal !== cart.total && <RefreshStaleCart storeTotal={storeTotal} />}
      <CartBonus
        cartId={cart.id}
        initial={bonus.ok ? bonus.data.wallet_pass_bonus : null}
        currencyCode={cart.currency_code}
        step={pass.ok ? passStep(pass.data, !!customer.phone).step : null}
        contactUrl={walletPassContactUrl()}
        locale={walletPassLocale()}
      />
    </div>
  )
}
