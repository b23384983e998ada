"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** The payment providers of the cart's region (`pp_system_default`: Medusa's manual payment). */
export const listCartPaymentMethods = async (regionId: string) => {
  const next = { ...(await getCacheOptions("payment_providers")) }
  return sdk.client
    .fetch<HttpTypes.StorePaymentProviderListResponse>("/store/payment-providers", {
      method: "GET",
      query: { region_id: regionId },
      headers: { ...(await getAuthHeaders()) },
      next,
      cache: "force-cache",
    })
    .then(({ payment_providers }) => payment_providers.sort((a, b) => (a.id > b.id ? 1 : -1)))
    .catch(() => null)
}
