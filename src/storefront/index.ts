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
 *
 * On a server (a Next.js server component or server action) the customer's token travels
 * with each call, as the Next.js Starter's data layer sends it:
 * `retrievePass(sdk, { headers: await getAuthHeaders() })`.
 */
import type Medusa from "@medusajs/js-sdk"
import type { FetchArgs } from "@medusajs/js-sdk"
import type {
  Json,
  StoreWalletPass as StoreWalletPassData,
  StoreWalletPassBonusResponse as BonusResponse,
  StoreWalletPassCartEarnResponse,
  StoreWalletPassEarnResponse,
  StoreWalletPassInstallResponse,
  StoreWalletPassResponse as PassResponse,
  StoreWalletPassVerificationConfirmResponse,
  StoreWalletPassVerificationResponse as VerificationResponse,
  StoreWalletPassVerificationStatusResponse as VerificationStatusResponse,
} from "../api/types"

export {
  BONUS_FIELDS,
  BONUS_PROMOTION_PREFIX,
  BONUS_PROVIDER_ID,
  bonusPaid,
  isBonusAdjustment,
  type BonusPaid,
  type BonusPaidAdjustment,
  type BonusPaidSource,
} from "./bonus-paid"
export { formatAmount } from "./format"
export { passStep, type PassStep } from "./pass-step"

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
/** What one unit of each variant earns in a region, and the rate (docs/routes.md, "What the shopper will earn"). */
export type StoreWalletPassEarn = Json<StoreWalletPassEarnResponse>
/** What a cart would earn if placed now, line by line, as its order will (the same computation). */
export type StoreWalletPassCartEarn = Json<StoreWalletPassCartEarnResponse>
export type StoreWalletPassVerification = Json<VerificationResponse>
/** The latest code and where its text is: `text` "not_sent" carries the shopper's `message` (docs/security.md). */
export type StoreWalletPassVerificationStatus = Json<VerificationStatusResponse>
export type StoreWalletPassVerificationConfirm = StoreWalletPassVerificationConfirmResponse

/**
 * What a call may add to its request, last argument of every function: the customer's
 * `authorization` header on a server (whose sdk holds no token), the shopper's `user-agent`
 * for `installUrl` asked by a server, Next.js's `next: { tags }` and `cache`, an abort
 * `signal`. The method, body and query are the kit's.
 */
export type WalletPassRequestOptions = Omit<FetchArgs, "method" | "body" | "query">

const PASS = "/store/customers/me/wallet-pass"
const bonusPath = (cartId: string) => `/store/carts/${encodeURIComponent(cartId)}/wallet-pass-bonus`
/** The caller's options with the kit's own headers on top. */
const withHeaders = (options: WalletPassRequestOptions | undefined, headers: Record<string, string>): FetchArgs => ({
  ...options,
  headers: { ...options?.headers, ...headers },
})

/** The signed-in customer's pass; `wallet_pass: null` when they have none. */
export function retrievePass(sdk: WalletPassSdk, options?: WalletPassRequestOptions): Promise<StoreWalletPassResponse> {
  return sdk.client.fetch<StoreWalletPassResponse>(PASS, options)
}

/**
 * The link that installs the card on this device (Apple Wallet on iOS, Google Wallet on
 * Android, else the service's form), or on `platform`. Send the browser to `url`. Rejects
 * with the route's 404 message when there is no link yet. The device is the store's reading
 * of the request's user agent: a server asking for a shopper passes theirs
 * (`{ headers: { ...auth, "user-agent": shopperUserAgent } }`).
 */
export function installUrl(
  sdk: WalletPassSdk,
  platform?: InstallPlatform,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassInstall> {
  return sdk.client.fetch<StoreWalletPassInstall>(`${PASS}/install`, {
    ...withHeaders(options, { accept: "application/json" }),
    ...(platform && { query: { platform } }),
  })
}

/** The QR code of the form link as SVG markup, for a desktop shopper to scan with their phone. */
export async function qrSvg(sdk: WalletPassSdk, options?: WalletPassRequestOptions): Promise<string> {
  const response = await sdk.client.fetch<Response>(`${PASS}/qr.svg`, withHeaders(options, { accept: "image/svg+xml" }))
  if (!response.ok) throw new Error(`qr.svg answered ${response.status}`)
  return response.text()
}

/**
 * Texts a six-digit code, through the service, to the signed-in account's phone. Proving the
 * phone shows the whole balance and the personalised install links (docs/adoption.md, trust).
 */
export function requestVerification(
  sdk: WalletPassSdk,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassVerification> {
  return sdk.client.fetch<StoreWalletPassVerification>(`${PASS}/verification`, { ...options, method: "POST" })
}

/**
 * The account's latest code and where its text is (`queued`, `sent`, `not_sent` with the
 * shopper's `message`, `unknown`): a text the service refused or did not send is not sent
 * again by itself, so a storefront shows the message and offers to ask again.
 */
export function retrieveVerification(
  sdk: WalletPassSdk,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassVerificationStatus> {
  return sdk.client.fetch<StoreWalletPassVerificationStatus>(`${PASS}/verification`, { ...options, method: "GET" })
}

/** The code the phone received; rejects with the attempts left when it is wrong. */
export function confirmVerification(
  sdk: WalletPassSdk,
  code: string,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassVerificationConfirm> {
  return sdk.client.fetch<StoreWalletPassVerificationConfirm>(`${PASS}/verification/confirm`, {
    ...options,
    method: "POST",
    body: { code },
  })
}

/**
 * What one unit of each variant earns (at most 50 ids) with prices of `regionId`: the
 * signed-in customer's rate, a guest's otherwise. For a product page or a product list.
 */
export function retrieveEarn(
  sdk: WalletPassSdk,
  { variantIds, regionId }: { variantIds: string[]; regionId: string },
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassEarn> {
  return sdk.client.fetch<StoreWalletPassEarn>("/store/wallet-pass/earn", {
    ...options,
    query: { variant_id: variantIds, region_id: regionId },
  })
}

/** What the cart would earn if placed now (the customer's own cart, or a guest's cart at the default rate). */
export function retrieveCartEarn(
  sdk: WalletPassSdk,
  cartId: string,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassCartEarn> {
  return sdk.client.fetch<StoreWalletPassCartEarn>(
    `/store/carts/${encodeURIComponent(cartId)}/wallet-pass-earn`,
    options
  )
}

/** What the customer's cart is paid with in bonus and the most it may be, before they choose. */
export function retrieveBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId), options)
}

/**
 * Pays up to `amount` (in the balance unit) of the customer's cart with bonus, within the
 * balance and the store's cap; 0 removes it. Answers the cart and the bonus applied.
 */
export function applyBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string,
  amount: number,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId), { ...options, method: "POST", body: { amount } })
}

/** Stops paying the cart with bonus. */
export function removeBonus<Cart = StoreCart>(
  sdk: WalletPassSdk,
  cartId: string,
  options?: WalletPassRequestOptions
): Promise<StoreWalletPassBonusResponse<Cart>> {
  return sdk.client.fetch(bonusPath(cartId), { ...options, method: "DELETE" })
}
/**
 * A call's answer as data: the value, or the store's refusal with its message and status.
 * What a Next.js server action returns (`outcome(kitCall)`): an error thrown by one reaches
 * the browser without its message in a production build.
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: { message: string; status: number | null } }

/**
 * Settles a kit call into an {@link Outcome}; never rejects. The message is the store's own
 * (the js-sdk's `FetchError`, e.g. "Wrong code: 4 attempts left") with its HTTP status, or
 * the error's message (status null) when the store was not reached.
 */
export async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await call }
  } catch (e) {
    const status = typeof (e as { status?: unknown })?.status === "number" ? (e as { status: number }).status : null
    const message = e instanceof Error && e.message ? e.message : String(e)
    return { ok: false, error: { message, status } }
  }
}

/** The kit's calls as {@link Outcome}s, for the React hooks (`medusa-plugin-wallet-pass/storefront/react`). */
export type WalletPassActions<Cart = StoreCart> = {
  retrievePass(): Promise<Outcome<StoreWalletPassResponse>>
  installUrl(platform?: InstallPlatform): Promise<Outcome<StoreWalletPassInstall>>
  qrSvg(): Promise<Outcome<string>>
  requestVerification(): Promise<Outcome<StoreWalletPassVerification>>
  /** Where the latest code's text is (optional for actions written before it existed). */
  retrieveVerification?(): Promise<Outcome<StoreWalletPassVerificationStatus>>
  confirmVerification(code: string): Promise<Outcome<StoreWalletPassVerificationConfirm>>
  retrieveBonus(cartId: string): Promise<Outcome<StoreWalletPassBonusResponse<Cart>>>
  applyBonus(cartId: string, amount: number): Promise<Outcome<StoreWalletPassBonusResponse<Cart>>>
  removeBonus(cartId: string): Promise<Outcome<StoreWalletPassBonusResponse<Cart>>>
}

/**
 * Every call of the kit bound to `sdk`, answering {@link Outcome}s: what the React hooks take
 * in a browser that holds the customer's token (the js-sdk's `auth: { type: "jwt" }`).
 * `options` gives each call's request options (e.g. headers), asked anew for each call. A
 * Next.js storefront keeps the token on the server instead and writes these as server
 * actions (docs/storefront.md).
 */
export function walletPassActions<Cart = StoreCart>(
  sdk: WalletPassSdk,
  options: () => WalletPassRequestOptions | undefined | Promise<WalletPassRequestOptions | undefined> = () => undefined
): WalletPassActions<Cart> {
  return {
    retrievePass: async () => outcome(retrievePass(sdk, await options())),
    installUrl: async (platform) => outcome(installUrl(sdk, platform, await options())),
    qrSvg: async () => outcome(qrSvg(sdk, await options())),
    requestVerification: async () => outcome(requestVerification(sdk, await options())),
    retrieveVerification: async () => outcome(retrieveVerification(sdk, await options())),
    confirmVerification: async (code) => outcome(confirmVerification(sdk, code, await options())),
    retrieveBonus: async (cartId) => outcome(retrieveBonus<Cart>(sdk, cartId, await options())),
    applyBonus: async (cartId, amount) => outcome(applyBonus<Cart>(sdk, cartId, amount, await options())),
    removeBonus: async (cartId) => outcome(removeBonus<Cart>(sdk, cartId, await options())),
  }
}
