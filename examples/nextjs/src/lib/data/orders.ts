"use server"

import type { HttpTypes } from "@medusajs/types"
import { BONUS_FIELDS } from "medusa-plugin-wallet-pass/storefront"
import { sdk } from "@lib/config"
import medusaError from "@lib/util/medusa-error"
import { getAuthHeaders, getCacheOptions } from "./cookies"

export const retrieveOrder = async (id: string) => {
  const next = { ...(await getCacheOptions("orders")) }
  return sdk.client
    .fetch<HttpTypes.StoreOrderResponse>(`/store/orders/${id}`, {
      method: "GET",
      // The wallet pass: the items' adjustments, for the bonus paid.
      query: {
        fields: `*payment_collections.payments,*items,*items.variant,*items.product,${BONUS_FIELDS}`,
      },
      headers: { ...(await getAuthHeaders()) },
      next,
      cache: "force-cache",
    })
    .then(({ order }) => order)
    .catch((err) => medusaError(err))
}

export const listOrders = async (limit: number = 10, offset: number = 0, filters?: Record<string, unknown>) => {
  const next = { ...(await getCacheOptions("orders")) }
  return sdk.client
    .fetch<HttpTypes.StoreOrderListResponse>(`/store/orders`, {
      method: "GET",
      query: {
        limit,
        offset,
        order: "-created_at",
        // The wallet pass: the items' adjustments, for the bonus paid.
        fields: `*items,*items.variant,*items.product,${BONUS_FIELDS}`,
        ...filters,
      },
      headers: { ...(await getAuthHeaders()) },
      next,
      cache: "force-cache",
    })
    .then(({ orders }) => orders)
    .catch((err) => medusaError(err))
}
