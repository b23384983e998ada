"use server"

import type { HttpTypes } from "@medusajs/types"
import { sdk } from "@lib/config"
import { getCacheOptions } from "./cookies"

export const listRegions = async (): Promise<HttpTypes.StoreRegion[]> => {
  const next = { ...(await getCacheOptions("regions")) }
  return sdk.client
    .fetch<{ regions: HttpTypes.StoreRegion[] }>("/store/regions", { method: "GET", next, cache: "force-cache" })
    .then(({ regions }) => regions)
}

/** The store's region of a country (the URL's country code). */
export const getRegion = async (countryCode: string): Promise<HttpTypes.StoreRegion | null> => {
  const regions = await listRegions().catch(() => [])
  return regions.find((r) => r.countries?.some((c) => c.iso_2 === countryCode.toLowerCase())) ?? null
}
