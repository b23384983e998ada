"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** The shipping options the store offers for the cart. */
export const listCartShippingMethods = async (cartId: string) => {
  const next = { ...(await getCacheOptions("fulfillment")) }
  return sdk.client
    .fetch<HttpTypes.StoreShippingOptionListResponse>("/store/shipping-options", {
      method: "GET",
      query: { cart_id: cartId },
      headers: { ...(await getAuthHeaders()) },
      next,
      cache: "force-cache",
    })
    .then(({ shipping_options }) => shipping_options)
    .catch(() => null)
}
