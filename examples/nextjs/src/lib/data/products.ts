"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"
import { getCacheOptions } from "./cookies"
import { getRegion } from "./regions"

const FIELDS = "*variants.calculated_price,+variants.inventory_quantity"

/** The store's products with their variants' prices in the country's region. */
export const listProducts = async ({
  countryCode,
  queryParams,
}: {
  countryCode: string
  queryParams?: HttpTypes.StoreProductListParams
}): Promise<{ products: HttpTypes.StoreProduct[]; count: number }> => {
  const region = await getRegion(countryCode)
  if (!region) return { products: [], count: 0 }
  const next = { ...(await getCacheOptions("products")) }
  return sdk.client
    .fetch<{ products: HttpTypes.StoreProduct[]; count: number }>("/store/products", {
      method: "GET",
      query: { limit: 24, region_id: region.id, fields: FIELDS, ...queryParams },
      next,
      cache: "force-cache",
    })
    .then(({ products, count }) => ({ products, count }))
}
