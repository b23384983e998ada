"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"

/** The store's region of a country (the URL's country code). */
export async function getRegion(countryCode: string): Promise<HttpTypes.StoreRegion | null> {
  const { regions } = await sdk.client.fetch<{ regions: HttpTypes.StoreRegion[] }>("/store/regions", {
    cache: "no-store",
  })
  return regions.find((r) => r.countries?.some((c) => c.iso_2 === countryCode)) ?? null
}
