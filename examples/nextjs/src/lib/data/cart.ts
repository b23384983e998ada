"use server"

import type { HttpTypes } from "@medusajs/types"
import { redirect } from "next/navigation"
import { sdk } from "@lib/config"
import { getAuthHeaders, getCartId, revalidate, setCartId } from "./cookies"
import { getRegion } from "./regions"

const FIELDS = "*items,*region,*items.variant,+items.total,*promotions"

/** The cart of the cookie, or null. */
export async function retrieveCart(): Promise<HttpTypes.StoreCart | null> {
  const id = await getCartId()
  if (!id) return null
  return sdk.client
    .fetch<{ cart: HttpTypes.StoreCart }>(`/store/carts/${id}`, {
      query: { fields: FIELDS },
      headers: await getAuthHeaders(),
      cache: "no-store",
    })
    .then(({ cart }) => (cart.completed_at ? null : cart))
    .catch(() => null)
}

/** Adds a variant to the cart (made in the country's region when there is none), then shows the cart. */
export async function addToCart(form: FormData) {
  const countryCode = String(form.get("countryCode"))
  const variantId = String(form.get("variantId"))
  const headers = await getAuthHeaders()
  let cartId = (await retrieveCart())?.id
  if (!cartId) {
    const region = await getRegion(countryCode)
    if (!region) throw new Error(`No region for the country ${countryCode}`)
    const { cart } = await sdk.store.cart.create({ region_id: region.id }, {}, headers)
    cartId = cart.id
    await setCartId(cartId)
  }
  await sdk.store.cart.createLineItem(cartId, { variant_id: variantId, quantity: 1 }, {}, headers)
  await revalidate("carts")
  redirect(`/${countryCode}/cart`)
}
