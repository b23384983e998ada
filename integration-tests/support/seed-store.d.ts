import type { MedusaContainer } from "@medusajs/framework/types"

/** What {@link seedStore} made: ids for the tests and the publishable key's token. */
export type SeededStore = {
  /** Lower-case ISO 4217 code of the region's (and the store's default) currency. */
  currencyCode: string
  /** Lower-case ISO 3166-1 alpha-2 code of the region's only country (addresses use it). */
  countryCode: string
  regionId: string
  salesChannelId: string
  stockLocationId: string
  shippingProfileId: string
  shippingOptionId: string
  productId: string
  variantId: string
  /** Token of the publishable API key (send as `x-publishable-api-key`). */
  publishableKey: string
  /** Prices in major units, as Medusa v2 stores them. */
  prices: { item: number; shipping: number }
}

export type SeedStoreOptions = {
  /** Region and price currency; default "eur". */
  currencyCode?: string
  /** The region's country; default "de". */
  countryCode?: string
  /** Unit price of the product's variant in major units; default 100. */
  itemPrice?: number
  /** Flat price of the shipping option in major units; default 10 (so subtotal and total differ). */
  shippingPrice?: number
  /** First word of every name ("Test webshop", "Test product", ...); default "Test". */
  label?: string
  /** Make the region the store's default region (as a merchant's store has one); default false. */
  defaultRegion?: boolean
}

/** See seed-store.js. Call it once per spec file, in `beforeAll`. */
export function seedStore(container: MedusaContainer, options?: SeedStoreOptions): Promise<SeededStore>

/** Medusa's system payment provider, which the seeded region uses. */
export const PAYMENT_PROVIDER_ID: string
