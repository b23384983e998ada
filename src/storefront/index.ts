/**
 * The storefront kit (docs/storefront.md): typed calls to the plugin's store routes over
 * `@medusajs/js-sdk`'s client, for a "My pass" page and a cart that pays with bonus. No React,
 * no other dependency; the types are the routes' own (src/api/types.ts), as JSON delivers them.
 *
 * ```ts
 * import Medusa from "@medusajs/js-sdk"
 * import { retrievePass, installUrl } from "medusa-plugin-wallet-pass/storefront"
 * const sdk = new Medusa({ baseUrl, publishableKey, auth: { type: "jwt" } })
 * const { wallet_pass } = await retrievePass(sdk)
 * ```
 */
import type Medusa from "@medusajs/js-sdk"
import type {
  Json,
  StoreWalletPass as StoreWalletPassData,
  StoreWalletPassBonusResponse as BonusResponse,
  StoreWalletPassInstallResponse,
  StoreWalletPassResponse as PassResponse,
} from "../api/types"

/** `@medusajs/js-sdk`'s `Medusa`: the kit uses its HTTP client (auth and publishable key included). */
export type WalletPassSdk = Pick<Medusa, "client">

export type InstallPlatform = StoreWalletPassInstallResponse["platform"]
/** The signed-in customer's pass: balance, percents, level, bonuses, what expires, install state and links. */
export type StoreWalletPass = Json<StoreWalletPassData>
export type StoreWalletPassResponse = Json<PassResponse>
export type StoreWalletPassInstall = StoreWalletPassInstallResponse
export type StoreWalletPassBonusResponse<Cart = unknown> = Json<BonusResponse<Cart>>

const PASS = "/store/customers/me/wallet-pass"

/** The signed-in customer's pass; `wallet_pass: null` when they have none. */
export function retrievePass(sdk: WalletPassSdk): Promise<StoreWalletPassResponse> {
  return sdk.client.fetch<StoreWalletPassResponse>(PASS)
}

/**
 * The link that installs the card on this device (Apple Wallet on iOS, Google Wallet on
 * Android, else the service's form), or on `platform`. Send the browser to `url`. Rejects
 * with the route's 404 message when there is no link yet.
 */
export function installUrl(sdk: WalletPassSdk, platform?: InstallPlatform): Promise<StoreWalletPassInstall> {
  return sdk.client.fetch<StoreWalletPassInstall>(`${PASS}/install`, {
    headers: { accept: "application/json" },
    ...(platform && { query: { platform } }),
  })
}

/** The QR code of the form link as SVG markup, for a desktop shopper to scan with their phone. */
export async function qrSvg(sdk: WalletPassSdk): Promise<string> {
  const response = await sdk.client.fetch<Response>(`${PASS}/qr.svg`, { headers: { accept: "image/svg+xml" } })
  if (!response.ok) throw new Error(`qr.svg answered ${response.status}`)
  return response.text()
}

/**
 * Pays up to `amount` (in the balance unit) of the customer's cart with bonus, within the
 * balance and the store's cap; 0 removes it. Answers the cart and the bonus applied.
 */
export function applyBonus<Cart = unknown>(
  sdk: WalletPassSdk,
  cartId: string,
  amount: number
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(`/store/carts/${encodeURIComponent(cartId)}/wallet-pass-bonus`, {
    method: "POST",
    body: { amount },
  })
}

/** Stops paying the cart with bonus. */
export function removeBonus<Cart = unknown>(
  sdk: WalletPassSdk,
  cartId: string
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(`/store/carts/${encodeURIComponent(cartId)}/wallet-pass-bonus`, { method: "DELETE" })
}
