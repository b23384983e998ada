/**
 * The decisions of the React pieces (docs/storefront-react.md) as pure functions:
 * no React, no DOM, so the unit tests read them directly and the hooks stay thin.
 */
import type { StoreWalletPass, StoreWalletPassResponse, StoreWalletPassVerificationStatus } from "../index"
import { passStep } from "../pass-step"

/**
 * True while the customer's card is being issued (`passStep`'s `issuing`): a new customer's
 * card is made in the background (the service is called through a queue), so the page looks
 * again. Never for a phone that cannot be read, nor when a pass of the phone is another
 * account's (`not_linked`: proving the phone is what helps then).
 */
export function isIssuing(answer: StoreWalletPassResponse | null, expectCard: boolean): boolean {
  return passStep(answer, expectCard).step === "issuing"
}

export type BonusAmount = { amount: number } | { problem: "empty" | "not_a_number" | "not_positive" | "over_max" }

/**
 * What the shopper typed in "Pay with bonus", read as an amount of the balance unit: a
 * decimal comma is a point, at most two decimals (the store rounds to cents too), above zero
 * and at most `max` (what the store says the cart may take).
 */
export function parseBonusAmount(text: string, max: number): BonusAmount {
  const clean = text.trim().replace(/\s/g, "").replace(",", ".")
  if (!clean) return { problem: "empty" }
  if (!/^\d+(\.\d+)?$/.test(clean)) return { problem: "not_a_number" }
  const amount = Math.floor(Number(clean) * 100 + 1e-6) / 100
  if (!(amount > 0)) return { problem: "not_positive" }
  if (amount > max) return { problem: "over_max" }
  return { amount }
}

export type LevelProgress = {
  /** The customer's level now; null below the first one. */
  name: string | null
  /** The spend that counts (balance unit). */
  spend: number
  /** The next level, its threshold and what is missing; null at the top level. */
  next: { name: string; threshold: number; missing: number } | null
  /** Of the way to the next level, 0 to 1 (1 at the top level). */
  ratio: number
}

/** The pass's level as a progress towards the next one; null when the program has no levels. */
export function levelProgress(level: StoreWalletPass["level"]): LevelProgress | null {
  if (!level) return null
  const next = level.next
  const ratio = !next ? 1 : next.threshold > 0 ? Math.min(1, Math.max(0, level.spend / next.threshold)) : 0
  return { name: level.name, spend: level.spend, next, ratio }
}

/** The wallet a platform's button adds to; null for the form (a desktop: the QR code instead). */
export function walletOf(platform: "ios" | "android" | "form"): "apple" | "google" | null {
  return platform === "ios" ? "apple" : platform === "android" ? "google" : null
}

/** The text of an input's change event (the package compiles without the DOM's types). */
export function inputText(event: { target: unknown }): string {
  const value = (event.target as { value?: unknown } | null)?.value
  return typeof value === "string" ? value : ""
}

/** What the shopper is told when the code's text did not go (the store gives no message of its own). */
export const TEXT_NOT_SENT = "The code could not be texted to your phone. Try again later."

/**
 * Where a code's text is, for the page that asked for it: `waiting` while it is queued (look
 * again), `sent` (or unknown: the shopper waits for the text), or `not_sent` with the message
 * to show (the store's, else `notSent`) — the store does not send it again by itself, so the
 * page offers to ask again.
 */
export function codeTextState(
  status: StoreWalletPassVerificationStatus | null,
  notSent: string = TEXT_NOT_SENT
): { state: "waiting" } | { state: "sent" } | { state: "not_sent"; message: string } {
  const text = status?.verification?.text
  if (text === "queued") return { state: "waiting" }
  if (text === "not_sent") return { state: "not_sent", message: status?.verification?.message || notSent }
  return { state: "sent" }
}
