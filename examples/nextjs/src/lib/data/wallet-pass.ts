"use server"

import { headers } from "next/headers"
import * as walletPass from "medusa-plugin-wallet-pass/storefront"
import { sdk } from "@lib/config"
import { getAuthHeaders, revalidate } from "./cookies"

// The wallet pass for the Next.js Starter (docs/storefront.md, "Adding it to the Next.js
// Starter"): the storefront kit's calls made by the server with the customer's token from the
// cookie, answering outcomes (the store's message as data: an error thrown by a server action
// reaches the browser without its message in a production build). Server components call
// these functions; client components (the React pieces' hooks) call them as server actions.

/** The customer's token; the pass is read fresh (the service changes the balance at any time). */
async function asCustomer(): Promise<walletPass.WalletPassRequestOptions> {
  return { headers: { ...(await getAuthHeaders()) }, cache: "no-store" }
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

export async function requestVerification() {
  return walletPass.outcome(walletPass.requestVerification(sdk, await asCustomer()))
}

export async function retrieveVerification() {
  return walletPass.outcome(walletPass.retrieveVerification(sdk, await asCustomer()))
}

export async function confirmVerification(code: string) {
  return walletPass.outcome(walletPass.confirmVerification(sdk, code, await asCustomer()))
}

export async function retrieveBonus(cartId: string) {
  return walletPass.outcome(walletPass.retrieveBonus(sdk, cartId, await asCustomer()))
}

/** Pays part of the cart with bonus; the Starter's cached cart is revalidated (its totals changed). */
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
