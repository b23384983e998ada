import type { ExecArgs } from "@medusajs/framework/types"
import { seedStore } from "../../integration-tests/support/store"

/**
 * `npm run dev`'s first-start seed, run by `medusa exec`: a region (EUR, Germany) that is the
 * store's default region (so phones written without a country code read as German ones), a
 * sales channel, a stock location, a product at 100 with shipping at 10, and a publishable
 * key, built with Medusa's own workflows (the same seed the HTTP tests use).
 */
export default async function seedDevStore({ container }: ExecArgs): Promise<void> {
  const store = await seedStore(container, {
    currencyCode: "eur",
    countryCode: "de",
    itemPrice: 100,
    shippingPrice: 10,
    defaultRegion: true,
  })
  console.log(`[dev] seeded region ${store.regionId}, product ${store.productId}`)
}
