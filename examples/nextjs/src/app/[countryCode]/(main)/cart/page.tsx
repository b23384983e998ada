import type { Metadata } from "next"
import { retrieveCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { retrieveBonus } from "@lib/data/wallet-pass"
import CartTemplate from "@modules/cart/templates"

export const metadata: Metadata = { title: "Cart" }

export default async function CartPage() {
  const [cart, customer] = await Promise.all([retrieveCart(), retrieveCustomer()])
  // What the cart may be paid with in bonus, for a signed-in customer (the store's cart route of the plugin).
  const bonus = cart && customer ? await retrieveBonus(cart.id) : null
  return <CartTemplate cart={cart} customer={customer} bonus={bonus?.ok ? bonus.data.wallet_pass_bonus : null} />
}
