import type { Metadata } from "next"
import { passStep } from "medusa-plugin-wallet-pass/storefront"
import { retrieveCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { retrieveBonus, retrievePass } from "@lib/data/wallet-pass"
import CartTemplate from "@modules/cart/templates"

export const metadata: Metadata = { title: "Cart" }

export default async function Cart() {
  const [cart, customer] = await Promise.all([retrieveCart(), retrieveCustomer()])
  // The wallet pass, for a signed-in customer: what the cart may be paid with in bonus, and the
  // pass as the store answers now (the shopper's next step when there is nothing to spend).
  const [bonus, pass] = cart && customer ? await Promise.all([retrieveBonus(cart.id), retrievePass()]) : [null, null]
  return (
    <CartTemplate
      cart={cart}
      customer={customer}
      bonus={bonus?.ok ? bonus.data.wallet_pass_bonus : null}
      passStep={pass?.ok ? passStep(pass.data, !!customer?.phone).step : null}
    />
  )
}
