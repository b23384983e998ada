import type { CountryCode } from "libphonenumber-js"
import { HOOK_METHODS, HookMethod, Revision } from "../../../lib/constants"
import { formatBirthday, parseBirthday, tryNormalizePhone } from "../../../lib/phone"
import { hookBodySchema, lifetimeToSeconds } from "../../../lib/wallet-pass-client/hooks"
import {
  amountProblem,
  describeAmountProblem,
  percentToBasisPoints,
  toMinorUnits,
} from "../../../modules/wallet-pass/utils/amounts"
import type { PassHolderFields } from "../../../workflows/enrollment/steps/upsert-pass-holder"

const MAX_TEXT = 500
const MAX_ID = 200
const MAX_LIFETIME_SECONDS = 100 * 366 * 86_400
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Card = { number: string; track?: string }

/** A hook, checked and converted: E.164 phones, minor units, basis points, seconds. */
export type HookCommand =
  | {
      method: "createCustomer"
      phone: string
      fields: PassHolderFields
      cards: Card[]
      bonus_percent_bp?: number
      discount_percent_bp?: number
      /** The service's balance for the phone (minor units), adopted when the store has no history for it. */
      balance?: number
    }
  | { method: "readBalance"; phone: string; card_numbers: string[] }
  | {
      method: "addBalance"
      phone: string
      card_numbers: string[]
      amount: number
      transaction_id: string
      lifetime_seconds?: number
    }
  | {
      method: "setPrivileges"
      phone: string
      card_numbers: string[]
      bonus_percent_bp?: number
      discount_percent_bp?: number
    }

export type ParseHookResult = { ok: true; command: HookCommand } | { ok: false; error: string; method?: HookMethod }

export type ParseHookOptions = { defaultCountry: string; revision: Revision }

class HookInputError extends Error {}

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
  if (trimmed.length > max) throw new HookInputError(`${field} is longer than ${max} characters`)
  return trimmed === "" ? undefined : trimmed
}

/**
 * The schemas read numeric strings as numbers; amounts are converted from what was sent
 * (`raw`), so "10.0000000000000000001" is refused for its decimals instead of read as 10.
 */
function percent(value: number | undefined, raw: unknown, field: string): number | undefined {
  if (value === undefined) return undefined
  const bp = percentToBasisPoints(raw)
  if (bp === null) {
    throw new HookInputError(
      amountProblem(raw) === "too_many_decimals"
        ? describeAmountProblem(field, "too_many_decimals")
        : `${field} must be a percent from 0 to 100`
    )
  }
  return bp
}

/** The service's balance in a createCustomer, as it was sent (see percent above). */
function balanceOf(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined
  const minor = toMinorUnits(raw)
  if (minor === null)
    throw new HookInputError(describeAmountProblem("customer.balance", amountProblem(raw) ?? "not_a_number"))
  return minor
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
export function parseHook(raw: unknown, { defaultCountry, revision }: ParseHookOptions): ParseHookResult {
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
  const parsed = hookBodySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, method: known, error: `${issue.path.join(".") || "body"}: ${issue.message}` }
  }
  try {
    return { ok: true, command: toCommand(parsed.data, raw.customer, defaultCountry, revision) }
  } catch (e) {
    if (e instanceof HookInputError) return { ok: false, method: known, error: e.message }
    throw e
  }
}

function toCommand(
  body: ReturnType<typeof hookBodySchema.parse>,
  sent: Record<string, unknown>,
  country: string,
  revision: Revision
): HookCommand {
  const c = body.customer
  const phone = phoneOf(c.phone, "customer.phone", country)
  const card_numbers = cardNumbersOf(c.cardNumbers)

  switch (body.method) {
    case "createCustomer": {
      const b = body.customer
      const email = text(b.email, "customer.email", 254)
      if (email !== undefined && !EMAIL.test(email)) {
        throw new HookInputError("customer.email is not a valid email address")
      }
      let birthday: string | undefined
      const rawBirthday = text(b.birthday, "customer.birthday", 20)
      if (rawBirthday !== undefined) {
        const day = parseBirthday(rawBirthday)
        if (!day) throw new HookInputError("customer.birthday must be a real day as yyyy-mm-dd (or dd.mm.yyyy)")
        birthday = formatBirthday(day, "hook")
      }
      const tracks = new Map(
        (b.cardTracks ?? []).map((t) => [String(t.card).trim(), text(t.track, "customer.cardTracks.track", MAX_ID)])
      )
      const numbers = [...new Set([...card_numbers, ...tracks.keys()].filter(Boolean))]
      const referrer = text(b.referCustomerPhone, "customer.referCustomerPhone", 40)
      return {
        method: "createCustomer",
        phone,
        cards: numbers.map((number) => ({ number, ...(tracks.get(number) ? { track: tracks.get(number) } : {}) })),
        fields: {
          name: text(b.name, "customer.name"),
          surname: text(b.surname, "customer.surname"),
          middlename: text(b.middlename, "customer.middlename"),
          email,
          birthday,
          extra: b.extra,
          promo: text(b.promo, "customer.promo", MAX_ID),
          user_hash: text(b.user_hash, "customer.user_hash", MAX_ID),
          referrer_phone:
            referrer === undefined ? undefined : phoneOf(referrer, "customer.referCustomerPhone", country),
        },
        // A zero is the service's default, not a choice: adopting it would override the
        // program rate (accrual.bonusPercent) for every installed pass. setPrivileges sets rates.
        bonus_percent_bp: percent(b.bonus, sent.bonus, "customer.bonus") || undefined,
        discount_percent_bp: percent(b.discount, sent.discount, "customer.discount") || undefined,
        balance: balanceOf(sent.balance),
      }
    }
    case "readBalance":
      return { method: "readBalance", phone, card_numbers }
    case "addBalance": {
      const b = body.customer
      const amount = toMinorUnits(sent.sum)
      if (amount === null) {
        throw new HookInputError(describeAmountProblem("customer.sum", amountProblem(sent.sum) ?? "not_a_number"))
      }
      if (amount === 0) throw new HookInputError("customer.sum must not be zero")
      const transaction_id = text(b.transactionId, "customer.transactionId", MAX_ID)
      if (!transaction_id) throw new HookInputError("customer.transactionId must not be empty")
      let lifetime_seconds: number | undefined
      if (b.lifetime !== undefined) {
        const seconds = Math.round(lifetimeToSeconds(b.lifetime, revision))
        if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_LIFETIME_SECONDS) {
          throw new HookInputError(
            `customer.lifetime must be a positive number of ${revision === "2.7.2" ? "seconds" : "days"} up to 100 years`
          )
        }
        lifetime_seconds = seconds
      }
      return { method: "addBalance", phone, card_numbers, amount, transaction_id, lifetime_seconds }
    }
    case "setPrivileges": {
      const b = body.customer
      const bonus_percent_bp = percent(b.bonus, sent.bonus, "customer.bonus")
      const discount_percent_bp = percent(b.discount, sent.discount, "customer.discount")
      if (bonus_percent_bp === undefined && discount_percent_bp === undefined) {
        throw new HookInputError("setPrivileges needs customer.bonus and/or customer.discount")
      }
      return { method: "setPrivileges", phone, card_numbers, bonus_percent_bp, discount_percent_bp }
    }
  }
}
