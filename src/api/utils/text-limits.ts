import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { parsePhoneNumberFromString } from "libphonenumber-js"
import { BlockList, isIP } from "net"
import { plainIpv4 } from "../hooks/wallet-pass/authenticate"
import { mobileNumberRange } from "../../lib/phone"
import type { WalletPassOptions } from "../../modules/wallet-pass"

/**
 * The client's address as the request gives it (docs/security.md, "Texts"): the connection's
 * address; with `texts.trustProxy` the one X-Forwarded-For names (Express's `req.ip`: Medusa
 * sets `trust proxy`), as the hook route reads the service's; from a server `texts.forwardedBy`
 * names, the last entry of its X-Forwarded-For (the one it wrote itself), or the server itself
 * when it sends none or no IP address. The limits key it by rules/text-limits.ts `textClient`
 * (an IPv6 address by its /64, loopback as one).
 */
export function clientAddress(req: MedusaRequest, texts: WalletPassOptions["texts"]): string | null {
  if (texts.trustProxy) return plainIpv4(req.ip)?.slice(0, 100) ?? null
  const socket = plainIpv4(req.socket.remoteAddress)
  if (!socket) return null
  const forwarded = isForwarder(texts.forwardedBy, socket)
    ? lastForwardedFor(req.headers["x-forwarded-for"])
    : undefined
  return (forwarded ?? socket).slice(0, 100)
}

/** The header's last (rightmost) entry when it is an IP address (IPv4-mapped IPv6 as IPv4), else undefined. */
export function lastForwardedFor(header: string | string[] | undefined): string | undefined {
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")
  const last = plainIpv4(entries[entries.length - 1].trim())
  return last && isIP(last) ? last : undefined
}

const forwarderLists = new WeakMap<string[], BlockList>()

/** Whether `address` (plain, from the socket) is one of `texts.forwardedBy`'s addresses or prefixes. */
export function isForwarder(forwardedBy: string[], address: string): boolean {
  if (forwardedBy.length === 0) return false
  let list = forwarderLists.get(forwardedBy)
  if (!list) {
    list = new BlockList()
    for (const entry of forwardedBy) {
      const [net, prefix] = entry.split("/")
      const type = isIP(net) === 6 ? "ipv6" : "ipv4"
      if (prefix === undefined) list.addAddress(net, type)
      else list.addSubnet(net, Number(prefix), type)
    }
    forwarderLists.set(forwardedBy, list)
  }
  const type = isIP(address)
  return type !== 0 && list.check(address, type === 6 ? "ipv6" : "ipv4")
}

/** The country of an E.164 phone (ISO alpha-2), null when the number names none. */
export function countryOfPhone(phone: string): string | null {
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
 * The range of the phone a code is texted to (src/lib/phone.ts `mobileNumberRange`), or 400
 * when it is no mobile number: landlines, premium and shared-cost numbers get no text and
 * count nothing (docs/security.md, "Texts").
 */
export function assertMobileRange(phone: string): string {
  const range = mobileNumberRange(phone)
  if (range) return range
  throw notMobile()
}

/** The 400 for a code asked to a phone that is no mobile number (docs/security.md, "Texts"). */
export function notMobile(): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "Codes are texted only to mobile phones: put a mobile number in your account"
  )
}

/**
 * Whether the customer has an order (not a draft, not canceled): a stake, read from Medusa's
 * orders, which a shopper makes only by checking out (docs/security.md, "Texts").
 */
export async function hasOrdered(scope: MedusaContainer, customerId: string): Promise<boolean> {
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id"],
    filters: { customer_id: customerId, status: { $nin: ["draft", "canceled"] } },
    pagination: { take: 1 },
  })
  return data.length > 0
}

/**
 * A limit's refusal in Medusa's error shape with status 429: `message` is for the shopper
 * (the storefront kit shows it), `Retry-After` says when to ask again.
 */
export function tooManyTexts(res: MedusaResponse, refusal: { message: string; retry_after_seconds: number }): void {
  res.setHeader("Retry-After", String(refusal.retry_after_seconds))
  res.status(429).json({ code: "too_many_requests", type: "not_allowed", message: refusal.message })
}
