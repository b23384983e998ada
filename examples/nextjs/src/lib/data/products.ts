"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"

/** The store's products with their variants' prices in the region. */
export async function listProducts(regionId: string): Promise<HttpTypes.StoreProduct[]> {
  const { products } = await sdk.client.fetch<{ products: HttpTypes.StoreProduct[] }>("/store/products", {
    query: { region_id: regionId, fields: "id,title,subtitle,thumbnail,*variants.calculated_price", limit: 24 },
    cache: "no-store",
  })
  return products
}
