import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { parsePhoneNumberFromString } from "libphonenumber-js"
import { plainIpv4 } from "../hooks/wallet-pass/authenticate"
import type { WalletPassOptions } from "../../modules/wallet-pass"

/**
 * The client's address as the texts limits count it (docs/security.md), read the way the
 * hook route reads the service's: the connection's address, or with `texts.trustProxy` the
 * one X-Forwarded-For names (Express's `req.ip`: Medusa sets `trust proxy`).
 */
export function clientAddress(req: MedusaRequest, texts: WalletPassOptions["texts"]): string | null {
  return plainIpv4(texts.trustProxy ? req.ip : req.socket.remoteAddress)?.slice(0, 100) ?? null
}

/** The country of an E.164 phone (ISO alpha-2), null when the number names none. */
export function phoneCountry(phone: string): string | null {
  return parsePhoneNumberFromString(phone)?.country ?? null
}

/** The countries texts go to: `texts.countries`, else the countries of the store's regions (upper case). */
export async function textCountries(scope: MedusaContainer, texts: WalletPassOptions["texts"]): Promise<Set<string>> {
  if (texts.countries) return new Set(texts.countries)
  const regions = await scope.resolve(Modules.REGION).listRegions({}, { relations: ["countries"] })
  return new Set(regions.flatMap((r) => (r.countries ?? []).map((c) => c.iso_2.toUpperCase())))
}

/** Refuses (400) a text to a phone of a country the shop does not serve (docs/security.md). */
export async function assertTextCountry(
  scope: MedusaContainer,
  texts: WalletPassOptions["texts"],
  country: string | null
): Promise<void> {
  const allowed = await textCountries(scope, texts)
  if (country && allowed.has(country)) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "Codes are texted only to phones of the countries this store serves: put such a phone in your account"
  )
}

/**
 * A limit's refusal in Medusa's error shape with status 429: `message` is for the shopper
 * (the storefront kit shows it), `Retry-After` says when to ask again.
 */
export function tooManyTexts(res: MedusaResponse, refusal: { message: string; retry_after_seconds: number }): void {
  res.setHeader("Retry-After", String(refusal.retry_after_seconds))
  res.status(429).json({ code: "too_many_requests", type: "not_allowed", message: refusal.message })
}
