import Medusa from "@medusajs/js-sdk"

/**
 * The store's client, shared by every request of the server (as the dtc-starter's
 * `src/lib/config.ts`): it holds no customer's token; the data functions of `src/lib/data`
 * send the token of the request's cookie with each call.
 */
export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL || process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || "http://localhost:9000",
  // Read when the server starts (the starter's NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY is fixed at build time).
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY || process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})
