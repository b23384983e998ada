import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type AdoptionResult, type ServiceCustomerSnapshot, WALLET_PASS_EVENTS } from "../modules/wallet-pass"
import { BASIS_POINTS_PER_PERCENT, basisPointsToPercent, MAX_AMOUNT_MINOR, readServiceNumber } from "../lib/amounts"
import { type CountryCode, formatBirthday, parseBirthday, tryNormalizePhone } from "../lib/phone"
import { phoneCountry } from "../utils/phone-country"
import { isWalletPassApiError } from "../lib/wallet-pass-client"
import { normalizeEmail } from "../lib/email"

/** A text of the service's customer, cut to `max` characters (code points, as src/lib/text.ts counts: no pair split). */
const text = (value: unknown, max = 500): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? [...value.trim()].slice(0, max).join("") : undefined

/**
 * A number of the service in hundredths, float noise read as the number it means (as the
 * hooks read it: docs/service-api.md, "Amounts and percents in hooks"); null when it is not a
 * number, is over `max` or has a real extra decimal (nothing here records a rounding).
 */
function hundredths(value: unknown, max: number): number | null {
  const read = readServiceNumber(value, { max })
  return read.ok && !read.rounded ? read.value : null
}

/**
 * What a read_customer answer says about a phone, as the store adopts it: the balance in
 * minor units, rates in basis points (null when absent or not a percent), cards with their
 * install flags (null when the answer has no `cardInstalls`), the referrer as E.164, the
 * invites and the profile. An e-mail outside the plugin's e-mail rule (src/lib/email.ts) is
 * left out, as a hook's is: adopted, every later profile update would leave it out silently.
 * Throws on a balance the ledger cannot hold: such a record is skipped with that reason,
 * never adopted as something else.
 */
export function serviceCustomerSnapshot(
  customer: Record<string, unknown>,
  country: CountryCode
): ServiceCustomerSnapshot {
  const balance =
    customer.balance === undefined || customer.balance === null ? 0 : hundredths(customer.balance, MAX_AMOUNT_MINOR)
  if (balance === null) {
    throw new Error(
      `the service's balance ${JSON.stringify(customer.balance)} is not an amount with at most two decimals`
    )
  }
  const rate = (value: unknown) => {
    const bp = value === undefined || value === null ? null : hundredths(value, 100 * BASIS_POINTS_PER_PERCENT)
    return bp !== null && bp >= 0 ? bp : null
  }
  const installs = new Map<string, boolean>()
  for (const i of Array.isArray(customer.cardInstalls) ? customer.cardInstalls : []) {
    if (i && typeof i === "object")
      installs.set(String((i as { card: unknown }).card), Boolean((i as { install: unknown }).install))
  }
  const tracks = new Map<string, string>()
  for (const t of Array.isArray(customer.cardTracks) ? customer.cardTracks : []) {
    const track = t && typeof t === "object" ? text((t as { track?: unknown }).track, 200) : undefined
    if (track) tracks.set(String((t as { card: unknown }).card), track)
  }
  const numbers = [
    ...new Set([...(Array.isArray(customer.cardNumbers) ? customer.cardNumbers.map(String) : []), ...installs.keys()]),
  ].filter((n) => n.trim() !== "")
  const referrer = typeof customer.invitedBy === "string" ? tryNormalizePhone(customer.invitedBy, country) : null
  const birthday = typeof customer.birthday === "string" ? parseBirthday(customer.birthday) : undefined
  return {
    balance,
    bonus_percent_bp: rate(customer.bonus),
    discount_percent_bp: rate(customer.discount),
    cards: numbers.map((number) => ({
      number,
      track: tracks.get(number) ?? null,
      installed: installs.has(number) ? installs.get(number)! : null,
    })),
    referrer_phone: referrer?.ok ? referrer.phone : null,
    remote_id:
      text(
        customer.remoteId === undefined || customer.remoteId === null ? undefined : String(customer.remoteId),
        200
      ) ?? null,
    invites: Array.isArray(customer.invites) ? customer.invites.map(String) : null,
    profile: {
      name: text(customer.name),
      surname: text(customer.surname),
      middlename: text(customer.middlename),
      email: normalizeEmail(customer.email) ?? undefined,
      birthday: birthday ? formatBirthday(birthday, "hook") : undefined,
    },
  }
}

/**
 * True when the service answered that it has no customer with the phone asked for. The spec
 * does not show the service's error answers; the emulator answers 404 "Customer not found",
 * and any 4xx naming a customer "not found" is taken the same way (docs/service-api.md).
 */
export function isCustomerNotFound(error: unknown): boolean {
  if (!isWalletPassApiError(error) || error.kind !== "rejected") return false
  return (
    error.status === 404 || /not\s*found/i.test(error.serviceError ?? "") || error.serviceCode === "customer_not_found"
  )
}

/**
 * Announces rates an adoption took (wallet_pass.privileges_changed, as a setPrivileges
 * does), so the discount goes through the customer's promotion group. After the commit; a
 * failed emit is logged: the rates stand, and the next change of them applies the group.
 */
export async function announceAdoptedRates(container: MedusaContainer, adopted: AdoptionResult): Promise<void> {
  if (!adopted.bonus_changed && !adopted.discount_changed) return
  try {
    await container.resolve(Modules.EVENT_BUS).emit({
      name: WALLET_PASS_EVENTS.PRIVILEGES_CHANGED,
      data: {
        holder_id: adopted.holder_id,
        customer_id: adopted.customer_id,
        bonus_percent: adopted.bonus_percent_bp === null ? null : basisPointsToPercent(adopted.bonus_percent_bp),
        discount_percent: basisPointsToPercent(adopted.discount_percent_bp),
        discount_changed: adopted.discount_changed,
      },
    })
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`wallet-pass: rates adopted for holder ${adopted.holder_id} were not announced: ${(e as Error).message}`)
  }
}

/** The snapshot of a read_customer answer, phones read in the store's phone country. */
export async function snapshotOf(container: MedusaContainer, customer: Record<string, unknown>) {
  return serviceCustomerSnapshot(customer, (await phoneCountry(container)).country)
}

/**
 * True when the service links a pass to another CRM than this store (docs/service-api.md,
 * "read_customer"): its `remoteId` is set and is none of the store customer ids the phone
 * belongs to. The store's own id comes back as `remoteId` once the store answered the
 * createCustomer hook or sent `customerId`; any other id is another CRM's.
 */
export function isForeignRemoteId(remoteId: string | null, ours: (string | null | undefined)[]): boolean {
  return remoteId !== null && !ours.includes(remoteId)
}
