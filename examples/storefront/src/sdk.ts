import Medusa from "@medusajs/js-sdk"

/**
 * The store this example talks to: `npm run storefront` sets both from `npm run dev`'s
 * `<data dir>/dev.json`. The customer's token is kept in localStorage (the SDK's JWT mode), so
 * the plugin's store routes are called with a bearer token, as most storefronts do.
 */
export const backendUrl = import.meta.env.VITE_MEDUSA_BACKEND_URL || "http://localhost:9000"
export const publishableKey = import.meta.env.VITE_MEDUSA_PUBLISHABLE_KEY || ""

/** Where the SDK keeps the shopper's token (JWT mode, localStorage). */
export const TOKEN_KEY = "linden_store_jwt"

export const sdk = new Medusa({
  baseUrl: backendUrl,
  publishableKey,
  auth: { type: "jwt", jwtTokenStorageMethod: "local", jwtTokenStorageKey: TOKEN_KEY },
})

/** True while a shopper's token is kept: only then is there a signed-in customer to ask the store for. */
export const hasSession = () => !!localStorage.getItem(TOKEN_KEY)

/** The error text to show a shopper: the store's own message (Medusa's `message`), else a generic one. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : ""
  return message && message !== "Failed to fetch" ? message : `The store at ${backendUrl} is not answering`
}
