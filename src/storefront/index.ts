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
  StoreWalletPassVerificationConfirmResponse,
  StoreWalletPassVerificationResponse as VerificationResponse,
} from "../api/types"

/** `@medusajs/js-sdk`'s `Medusa`: the kit uses its HTTP client (auth and publishable key included). */
export type WalletPassSdk = Pick<Medusa, "client">

/** The store's cart as `@medusajs/js-sdk` types it (what the bonus routes answer under `cart`). */
export type StoreCart = Awaited<ReturnType<Medusa["store"]["cart"]["retrieve"]>>["cart"]

export type InstallPlatform = StoreWalletPassInstallResponse["platform"]
/** The signed-in customer's pass: balance, percents, level, bonuses, what expires, install state and links. */
export type StoreWalletPass = Json<StoreWalletPassData>
export type StoreWalletPassResponse = Json<PassResponse>
export type StoreWalletPassInstall = StoreWalletPassInstallResponse
/** The cart, what it is paid with in bonus (`amount`) and the most it may be (`max`, under `max_order_percent`). */
export type StoreWalletPassBonusResponse<Cart = StoreCart> = Json<BonusResponse<Cart>>
export type StoreWalletPassBonus = StoreWalletPassBonusResponse["wallet_pass_bonus"]
export type StoreWalletPassVerification = Json<VerificationResponse>
export type StoreWalletPassVerificationConfirm = StoreWalletPassVerificationConfirmResponse

const PASS = "/store/customers/me/wallet-pass"
const bonusPath = (cartId: string) => `/store/carts/${encodeURIComponent(cartId)}/wallet-pass-bonus`

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
 * Texts a six-digit code, through the service, to the signed-in account's phone. Proving the
 * phone shows the whole balance and the personalised install links (docs/adoption.md, trust).
 */
export function requestVerification(sdk: WalletPassSdk): Promise<StoreWalletPassVerification> {
  return sdk.client.fetch<StoreWalletPassVerification>(`${PASS}/verification`, { method: "POST" })
}

/** The code the phone received; rejects with the attempts left when it is wrong. */
export function confirmVerification(sdk: WalletPassSdk, code: string): Promise<StoreWalletPassVerificationConfirm> {
  return sdk.client.fetch<StoreWalletPassVerificationConfirm>(`${PASS}/verification/confirm`, {
    method: "POST",
    body: { code },
  })
}

/** What the customer's cart is paid with in bonus and the most it may be, before they choose. */
export function retrieveBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId))
}

/**
 * Pays up to `amount` (in the balance unit) of the customer's cart with bonus, within the
 * balance and the store's cap; 0 removes it. Answers the cart and the bonus applied.
 */
export function applyBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string,
  amount: number
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId), { method: "POST", body: { amount } })
}

/** Stops paying the cart with bonus. */
export function removeBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId), { method: "DELETE" })
}
