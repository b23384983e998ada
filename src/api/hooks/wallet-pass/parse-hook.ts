import type { CountryCode } from "libphonenumber-js"
import { HOOK_METHODS, HookMethod, Revision } from "../../../lib/constants"
import { formatBirthday, parseBirthday, tryNormalizePhone } from "../../../lib/phone"
import {
  createCustomerHookCustomerSchema,
  defaultLifetimeUnit,
  hookBodySchema,
  type LifetimeUnit,
  lifetimeToSeconds,
} from "../../../lib/wallet-pass-client/hooks"
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../../../lib/email"
import {
  BASIS_POINTS_PER_PERCENT,
  describeAmountProblem,
  MAX_AMOUNT_MINOR,
  readServiceNumber,
} from "../../../lib/amounts"
import { codePointLength } from "../../../lib/text"
import { type DroppedField, DroppedFields } from "../../../lib/dropped-fields"
import type { PassHolderFields } from "../../../workflows/enrollment/steps/upsert-pass-holder"

const MAX_TEXT = 500
const MAX_ID = 200
const MAX_LIFETIME_SECONDS = 100 * 366 * 86_400

type Card = { number: string; track?: string }

/** Amounts and percents the store rounded (docs/service-api.md, "Amounts and percents in hooks"): recorded on the delivery. */
type Rounded = { rounded: DroppedField[] }

/** A hook, checked and converted: E.164 phones, minor units, basis points, seconds. */
export type HookCommand =
  | ({
      method: "createCustomer"
      phone: string
      fields: PassHolderFields
      cards: Card[]
      bonus_percent_bp?: number
      discount_percent_bp?: number
      /** The service's balance for the phone (minor units), adopted when the store has no history for it. */
      balance?: number
      /** Optional fields left out because the store could not keep them. */
      dropped: DroppedField[]
    } & Rounded)
  | ({ method: "readBalance"; phone: string; card_numbers: string[] } & Rounded)
  | ({
      method: "addBalance"
      phone: string
      card_numbers: string[]
      /** Minor units; 0 only when a sum smaller than the currency's unit was rounded to nothing. */
      amount: number
      transaction_id: string
      lifetime_seconds?: number
    } & Rounded)
  | ({
      method: "setPrivileges"
      phone: string
      card_numbers: string[]
      bonus_percent_bp?: number
      discount_percent_bp?: number
    } & Rounded)

export type ParseHookResult = { ok: true; command: HookCommand } | { ok: false; error: string; method?: HookMethod }

export type ParseHookOptions = {
  defaultCountry: string
  revision: Revision
  /** The unit of addBalance `lifetime` (the `lifetimeUnit` option); unset, the revision's (defaultLifetimeUnit). */
  lifetimeUnit?: LifetimeUnit
  /**
   * Minor units in the balance currency's smallest unit (src/lib/amounts.ts `currencyStep`: 1
   * for cents, 100 for a currency without decimals); amounts are rounded to it. 1 unless given.
   */
  amountStep?: number
}

class HookInputError extends Error {}
const isHookInputError = (e: unknown): e is HookInputError => e instanceof HookInputError

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function phoneOf(value: string, field: string, country: string): string {
  const result = tryNormalizePhone(value, country as CountryCode)
  if (!result.ok) {
    throw new HookInputError(`${field} is not a valid phone number (${result.reason.replace(/_/g, " ")})`)
  }
  return result.phone
}

function text(value: string | undefined, field: string, max = MAX_TEXT): string | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  // In characters (code points), as everything else counts them (src/lib/text.ts).
  if (codePointLength(trimmed) > max) throw new HookInputError(`${field} is longer than ${max} characters`)
  return trimmed === "" ? undefined : trimmed
}

/**
 * The service's numbers, read from what was sent (the schemas read numeric strings as
 * numbers, through a float) and never refused for their precision: float noise is the number
 * it means, a real extra decimal is rounded half away from zero and recorded in `rounded`
 * (src/lib/amounts.ts `readServiceNumber`; docs/service-api.md, "Amounts and percents in hooks").
 */
class ServiceNumbers {
  readonly rounded: DroppedField[] = []
  constructor(private readonly amountStep: number) {}

  /** A percent (0 to 100) in basis points, rounded to hundredths of a percent. */
  percent(raw: unknown, field: string): number | undefined {
    if (raw === undefined || raw === null) return undefined
    const read = readServiceNumber(raw, { max: 100 * BASIS_POINTS_PER_PERCENT })
    if (!read.ok || (read.negative && (read.value !== 0 || read.rounded))) {
      throw new HookInputError(`${field} must be a percent from 0 to 100`)
    }
    if (read.rounded) this.note(field, read.text, read.value, "hundredths of a percent")
    return read.value
  }

  /** An amount in minor units, rounded to the balance currency's smallest unit. */
  amount(raw: unknown, field: string): number {
    const read = readServiceNumber(raw, { max: MAX_AMOUNT_MINOR, step: this.amountStep })
    if (!read.ok) throw new HookInputError(describeAmountProblem(field, read.problem))
    if (read.rounded) this.note(field, read.text, read.value, "the balance currency's smallest unit")
    return read.value
  }

  private note(field: string, sent: string, hundredths: number, to: string) {
    const value = (hundredths / 100).toFixed(2)
    this.rounded.push({
      field,
      reason: `rounded from ${sent.slice(0, 40)} to ${value} (half away from zero, to ${to})`,
    })
  }
}

function cardNumbersOf(cards: string[]): string[] {
  return cards.map((card, i) => {
    const number = text(card, `customer.cardNumbers[${i}]`, MAX_ID)
    if (!number) throw new HookInputError(`customer.cardNumbers[${i}] must not be empty`)
    return number
  })
}

/**
 * Checks a hook body (docs/service-api.md, "Hooks") and converts it to a command. Every problem becomes
 * a message naming the field and what it accepts, for a 400 `{ error }` answer.
 */
export function parseHook(
  raw: unknown,
  { defaultCountry, revision, lifetimeUnit = defaultLifetimeUnit(revision), amountStep = 1 }: ParseHookOptions
): ParseHookResult {
  if (!isObject(raw)) {
    return { ok: false, error: "body must be a JSON object with method and customer" }
  }
  const method = raw.method
  if (typeof method !== "string" || !HOOK_METHODS.includes(method as HookMethod)) {
    return {
      ok: false,
      error:
        method === undefined
          ? `method is required; expected one of ${HOOK_METHODS.join(", ")}`
          : `unknown method ${JSON.stringify(String(method)).slice(0, 60)}; expected one of ${HOOK_METHODS.join(", ")}`,
    }
  }
  const known = method as HookMethod
  if (!isObject(raw.customer)) {
    return { ok: false, method: known, error: "customer must be an object" }
  }
  const dropped = new DroppedFields()
  const body = known === "createCustomer" ? withoutBadOptionalFields(raw, raw.customer, dropped) : raw
  const parsed = hookBodySchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, method: known, error: `${issue.path.join(".") || "body"}: ${issue.message}` }
  }
  try {
    return {
      ok: true,
      command: toCommand(
        parsed.data,
        (body as { customer: Record<string, unknown> }).customer,
        defaultCountry,
        lifetimeUnit,
        dropped,
        new ServiceNumbers(amountStep)
      ),
    }
  } catch (e) {
    if (e instanceof HookInputError) return { ok: false, method: known, error: e.message }
    throw e
  }
}

/** Fields of createCustomer that must be there and right; any other one is dropped when its type is wrong. */
const CREATE_CUSTOMER_REQUIRED = new Set(["phone", "balance"])

/**
 * createCustomer with each optional field of the wrong type left out (and recorded), and
 * card numbers that are not text or numbers taken out of the list: the rest is checked as usual.
 */
function withoutBadOptionalFields(
  raw: Record<string, unknown>,
  customer: Record<string, unknown>,
  dropped: DroppedFields
): Record<string, unknown> {
  const shape = createCustomerHookCustomerSchema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >
  const kept: Record<string, unknown> = { ...customer }
  for (const [field, schema] of Object.entries(shape)) {
    if (CREATE_CUSTOMER_REQUIRED.has(field) || !(field in kept)) continue
    if (field === "cardNumbers" && Array.isArray(kept.cardNumbers)) {
      kept.cardNumbers = (kept.cardNumbers as unknown[]).filter((card, i) => {
        const ok = typeof card === "string" || (typeof card === "number" && Number.isFinite(card))
        if (!ok) dropped.add(`customer.cardNumbers[${i}]`, "is not a card number")
        return ok
      })
      continue
    }
    if (!schema.safeParse(kept[field]).success) {
      dropped.add(`customer.${field}`, "has the wrong type")
      delete kept[field]
    }
  }
  return { ...raw, customer: kept }
}

function toCommand(
  body: ReturnType<typeof hookBodySchema.parse>,
  sent: Record<string, unknown>,
  country: string,
  lifetimeUnit: LifetimeUnit,
  dropped: DroppedFields,
  amounts: ServiceNumbers
): HookCommand {
  const { rounded } = amounts
  const c = body.customer
  const phone = phoneOf(c.phone, "customer.phone", country)
  const card_numbers = body.method === "createCustomer" ? [] : cardNumbersOf(c.cardNumbers)

  switch (body.method) {
    case "createCustomer": {
      // Only the phone (and the balance the store would adopt) can refuse a createCustomer:
      // the card already exists at the service. Every other field is kept when valid and
      // otherwise left out and recorded (src/lib/dropped-fields.ts).
      const b = body.customer
      const drop = dropped
      const keep = <T>(field: string, check: () => T) => drop.keep(field, check, isHookInputError)
      const email = keep("customer.email", () => {
        const value = text(b.email, "customer.email", EMAIL_MAX_LENGTH)
        if (value !== undefined && normalizeEmail(value) === null) {
          throw new HookInputError("is not an e-mail address (one @, a domain with a dot)")
        }
        return value
      })
      const birthday = keep("customer.birthday", () => {
        const raw = text(b.birthday, "customer.birthday", 20)
        if (raw === undefined) return undefined
        const day = parseBirthday(raw)
        if (!day) throw new HookInputError("is not a real day as yyyy-mm-dd (or dd.mm.yyyy)")
        return formatBirthday(day, "hook")
      })
      const numbers: string[] = []
      c.cardNumbers.forEach((card, i) => {
        const number = keep(`customer.cardNumbers[${i}]`, () => {
          const value = text(card, `customer.cardNumbers[${i}]`, MAX_ID)
          if (!value) throw new HookInputError("is empty")
          return value
        })
        if (number) numbers.push(number)
      })
      const tracks = new Map<string, string | undefined>()
      ;(b.cardTracks ?? []).forEach((t, i) => {
        const card = keep(`customer.cardTracks[${i}].card`, () => text(String(t.card), "card", MAX_ID))
        if (!card) return
        tracks.set(
          card,
          keep(`customer.cardTracks[${i}].track`, () => text(t.track, "track", MAX_ID))
        )
      })
      const all = [...new Set([...numbers, ...tracks.keys()])]
      const referrer = keep("customer.referCustomerPhone", () => {
        const value = text(b.referCustomerPhone, "customer.referCustomerPhone", 40)
        return value === undefined ? undefined : phoneOf(value, "customer.referCustomerPhone", country)
      })
      return {
        method: "createCustomer",
        phone,
        cards: all.map((number) => ({ number, ...(tracks.get(number) ? { track: tracks.get(number) } : {}) })),
        fields: {
          name: keep("customer.name", () => text(b.name, "customer.name")),
          surname: keep("customer.surname", () => text(b.surname, "customer.surname")),
          middlename: keep("customer.middlename", () => text(b.middlename, "customer.middlename")),
          email,
          birthday,
          extra: b.extra,
          promo: keep("customer.promo", () => text(b.promo, "customer.promo", MAX_ID)),
          user_hash: keep("customer.user_hash", () => text(b.user_hash, "customer.user_hash", MAX_ID)),
          referrer_phone: referrer,
        },
        // A zero is the service's default, not a choice: adopting it would override the
        // program rate (accrual.bonusPercent) for every installed pass. setPrivileges sets rates.
        bonus_percent_bp: keep("customer.bonus", () => amounts.percent(sent.bonus, "customer.bonus")) || undefined,
        discount_percent_bp:
          keep("customer.discount", () => amounts.percent(sent.discount, "customer.discount")) || undefined,
        // Refused, not dropped: leaving it out would adopt 0 for a phone the service holds money for.
        balance:
          sent.balance === undefined || sent.balance === null
            ? undefined
            : amounts.amount(sent.balance, "customer.balance"),
        dropped: drop.list,
        rounded,
      }
    }
    case "readBalance":
      return { method: "readBalance", phone, card_numbers, rounded }
    case "addBalance": {
      const b = body.customer
      const amount = amounts.amount(sent.sum, "customer.sum")
      // A sum sent as zero is refused; one rounded to zero is answered and credits nothing.
      if (amount === 0 && !rounded.length) throw new HookInputError("customer.sum must not be zero")
      const transaction_id = text(b.transactionId, "customer.transactionId", MAX_ID)
      if (!transaction_id) throw new HookInputError("customer.transactionId must not be empty")
      // A lifetime of 0 is a credit that never expires (docs/service-api.md, "Hooks").
      let lifetime_seconds: number | undefined
      const given = b.lifetime === undefined ? undefined : lifetimeToSeconds(b.lifetime, lifetimeUnit)
      if (given !== undefined) {
        const seconds = Math.round(given)
        if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_LIFETIME_SECONDS) {
          throw new HookInputError(
            `customer.lifetime must be 0 (no expiry) or a positive number of ${lifetimeUnit} up to 100 years`
          )
        }
        lifetime_seconds = seconds
      }
      return { method: "addBalance", phone, card_numbers, amount, transaction_id, lifetime_seconds, rounded }
    }
    case "setPrivileges": {
      const bonus_percent_bp = amounts.percent(sent.bonus, "customer.bonus")
      const discount_percent_bp = amounts.percent(sent.discount, "customer.discount")
      if (bonus_percent_bp === undefined && discount_percent_bp === undefined) {
        throw new HookInputError("setPrivileges needs customer.bonus and/or customer.discount")
      }
      return { method: "setPrivileges", phone, card_numbers, bonus_percent_bp, discount_percent_bp, rounded }
    }
  }
}
