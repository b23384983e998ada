"use server"

import { revalidateTag } from "next/cache"
import { headers } from "next/headers"
import * as walletPass from "medusa-plugin-wallet-pass/storefront"
import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheTag } from "@lib/data/cookies"

// The wallet pass in a dtc-starter storefront: the storefront kit's calls made by the server
// with the customer's token from the cookie, answering outcomes (the store's message as data:
// an error thrown by a server action reaches the browser without its message in a production
// build). Server components call these functions; client components (the React pieces' hooks)
// call them as server actions. It imports only what the dtc-starter has: `sdk` of
// `@lib/config`, `getAuthHeaders` and `getCacheTag` of `@lib/data/cookies`, Next's own.

/** The customer's token; the pass is read fresh (the service changes the balance at any time). */
async function asCustomer(): Promise<walletPass.WalletPassRequestOptions> {
  return { headers: { ...(await getAuthHeaders()) }, cache: "no-store" }
}

/** Drops what Next.js caches under this browser's tag (the starter caches carts and customers). */
async function revalidate(tag: string) {
  const cacheTag = await getCacheTag(tag)
  if (cacheTag) revalidateTag(cacheTag)
}

export async function retrievePass() {
  return walletPass.outcome(walletPass.retrievePass(sdk, await asCustomer()))
}

/** The install link for the shopper's device: the store reads their browser's user agent, passed on. */
export async function installUrl(platform?: walletPass.InstallPlatform) {
  const options = await asCustomer()
  const userAgent = (await headers()).get("user-agent")
  return walletPass.outcome(
    walletPass.installUrl(sdk, platform, {
      ...options,
      headers: { ...options.headers, ...(userAgent && { "user-agent": userAgent }) },
    })
  )
}

export async function qrSvg() {
  return walletPass.outcome(walletPass.qrSvg(sdk, await asCustomer()))
}

/**
 * The shopper's address, passed on as `x-forwarded-for` so the store's per-address limit on
 * codes counts the shopper, not this server (the store believes it only from the addresses in
 * its `texts.forwardedBy`: docs/security.md, "Texts"). Sent: the last entry of the
 * `x-forwarded-for` this server received, the one written by whatever connected to it. Behind
 * one proxy or CDN of yours that appends or overwrites that header (nginx's
 * `$proxy_add_x_forwarded_for`, Vercel) that is the shopper; behind two, the last is your
 * first hop: read the entry before it, or the `x-real-ip` your proxy sets. `next start`
 * facing the internet itself is no source: Next 15 writes the socket's address into
 * `x-forwarded-for` only when the request has none, so a client's own header reaches here
 * as the client wrote it (docs/storefront.md, step 11).
 */
async function shopperAddress(): Promise<string | undefined> {
  const forwarded = (await headers()).get("x-forwarded-for")
  return forwarded?.split(",").pop()?.trim() || undefined
}

export async function requestVerification() {
  const options = await asCustomer()
  const address = await shopperAddress()
  return walletPass.outcome(
    walletPass.requestVerification(sdk, {
      ...options,
      headers: { ...options.headers, ...(address && { "x-forwarded-for": address }) },
    })
  )
}

export async function retrieveVerification() {
  return walletPass.outcome(walletPass.retrieveVerification(sdk, await asCustomer()))
}

/** Checks the texted code; once proven, the customer's cached reads are dropped (the pass is theirs now). */
export async function confirmVerification(code: string) {
  const answer = await walletPass.outcome(walletPass.confirmVerification(sdk, code, await asCustomer()))
  if (answer.ok && answer.data.verified) await revalidate("customers")
  return answer
}

export async function retrieveBonus(cartId: string) {
  return walletPass.outcome(walletPass.retrieveBonus(sdk, cartId, await asCustomer()))
}

/** Pays part of the cart with bonus; the cached cart is revalidated (its totals changed). */
export async function applyBonus(cartId: string, amount: number) {
  const answer = await walletPass.outcome(walletPass.applyBonus(sdk, cartId, amount, await asCustomer()))
  if (answer.ok) await revalidate("carts")
  return answer
}

export async function removeBonus(cartId: string) {
  const answer = await walletPass.outcome(walletPass.removeBonus(sdk, cartId, await asCustomer()))
  if (answer.ok) await revalidate("carts")
  return answer
}

/**
 * Drops the cached cart: the service changes the card's discount at any time, and the store's
 * cart follows it while the starter's cached copy keeps the old totals (the cart's wallet-pass
 * piece calls this when the store's cart and the page's differ).
 */
export async function refreshCart() {
  await revalidate("carts")
}

/**
 * The account's phone written again (the pass page asks for it when the store cannot read the
 * one given, or there is none): the store reads it on save, and a number it reads gets the card
 * issued. Answers the store's message, or null once saved.
 */
export async function updatePhone(_state: string | null, form: FormData): Promise<string | null> {
  const phone = String(form.get("phone") ?? "").trim()
  if (!phone) return "Enter your mobile phone"
  const saved = await walletPass.outcome(sdk.store.customer.update({ phone }, {}, { ...(await getAuthHeaders()) }))
  if (!saved.ok) return saved.error.message
  await revalidate("customers")
  return null
}
