"use server"

import type { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"
import { BONUS_FIELDS } from "medusa-plugin-wallet-pass/storefront"
import { sdk } from "@lib/config"
import medusaError from "@lib/util/medusa-error"
import { getAuthHeaders, getCacheOptions, getCacheTag, getCartId, removeCartId, setCartId } from "./cookies"
import { getRegion } from "./regions"

const revalidate = async (...tags: string[]) => {
  for (const tag of tags) revalidateTag(await getCacheTag(tag))
}

/** The cart of the cookie (or `cartId`), or null; cached under the browser's "carts" tag. */
export async function retrieveCart(cartId?: string, fields?: string) {
  const id = cartId || (await getCartId())
  // The wallet pass: BONUS_FIELDS (the items' adjustments), to show the bonus paid apart from the discounts.
  fields ??= `*items, *region, *items.product, *items.variant, +items.total, *promotions, +shipping_methods.name, ${BONUS_FIELDS}`
  if (!id) return null
  const next = { ...(await getCacheOptions("carts")) }
  return sdk.client
    .fetch<HttpTypes.StoreCartResponse>(`/store/carts/${id}`, {
      method: "GET",
      query: { fields },
      headers: { ...(await getAuthHeaders()) },
      next,
      cache: "force-cache",
    })
    .then(({ cart }) => cart)
    .catch(() => null)
}

export async function getOrSetCart(countryCode: string) {
  const region = await getRegion(countryCode)
  if (!region) throw new Error(`Region not found for country code: ${countryCode}`)
  let cart = await retrieveCart(undefined, "id,region_id,completed_at")
  const headers = { ...(await getAuthHeaders()) }
  if (!cart || cart.completed_at) {
    cart = (await sdk.store.cart.create({ region_id: region.id }, {}, headers)).cart
    await setCartId(cart.id)
    await revalidate("carts")
  }
  if (cart.region_id !== region.id) {
    await sdk.store.cart.update(cart.id, { region_id: region.id }, {}, headers)
    await revalidate("carts")
  }
  return cart
}

export async function updateCart(data: HttpTypes.StoreUpdateCart) {
  const cartId = await getCartId()
  if (!cartId) throw new Error("No existing cart found, please create one before updating")
  return sdk.store.cart
    .update(cartId, data, {}, { ...(await getAuthHeaders()) })
    .then(async ({ cart }) => {
      await revalidate("carts", "fulfillment")
      return cart
    })
    .catch(medusaError)
}

export async function addToCart({
  variantId,
  quantity,
  countryCode,
}: {
  variantId: string
  quantity: number
  countryCode: string
}) {
  if (!variantId) throw new Error("Missing variant ID when adding to cart")
  const cart = await getOrSetCart(countryCode)
  await sdk.store.cart
    .createLineItem(cart.id, { variant_id: variantId, quantity }, {}, { ...(await getAuthHeaders()) })
    .then(() => revalidate("carts", "fulfillment"))
    .catch(medusaError)
}

export async function setShippingMethod({ cartId, shippingMethodId }: { cartId: string; shippingMethodId: string }) {
  return sdk.store.cart
    .addShippingMethod(cartId, { option_id: shippingMethodId }, {}, { ...(await getAuthHeaders()) })
    .then(() => revalidate("carts"))
    .catch(medusaError)
}

export async function initiatePaymentSession(cart: HttpTypes.StoreCart, data: HttpTypes.StoreInitializePaymentSession) {
  return sdk.store.payment
    .initiatePaymentSession(cart, data, {}, { ...(await getAuthHeaders()) })
    .then(async (resp) => {
      await revalidate("carts")
      return resp
    })
    .catch(medusaError)
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim()

/** The checkout's address step: the shipping address (also the billing address) and the email. */
export async function setAddresses(_state: unknown, formData: FormData): Promise<string | null> {
  const address = {
    first_name: field(formData, "shipping_address.first_name"),
    last_name: field(formData, "shipping_address.last_name"),
    address_1: field(formData, "shipping_address.address_1"),
    address_2: "",
    company: field(formData, "shipping_address.company"),
    postal_code: field(formData, "shipping_address.postal_code"),
    city: field(formData, "shipping_address.city"),
    country_code: field(formData, "shipping_address.country_code"),
    province: "",
    phone: field(formData, "shipping_address.phone"),
  }
  try {
    await updateCart({ shipping_address: address, billing_address: address, email: field(formData, "email") })
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
  redirect(`/${address.country_code}/checkout?step=delivery`)
}

/** Completes the cart; an order goes to its confirmation, a refusal answers the store's message. */
export async function placeOrder(cartId?: string): Promise<string | null> {
  const id = cartId || (await getCartId())
  if (!id) throw new Error("No existing cart found when placing an order")
  let result: HttpTypes.StoreCompleteCartResponse
  try {
    result = await sdk.store.cart.complete(id, {}, { ...(await getAuthHeaders()) })
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
  await revalidate("carts")
  if (result.type !== "order") return result.error?.message ?? "The order could not be placed"
  await revalidate("orders")
  await removeCartId()
  redirect(`/${result.order.shipping_address?.country_code?.toLowerCase()}/order/${result.order.id}/confirmed`)
}
