/**
 * Phone and birthday formats of the wallet-pass service (docs/service-api.md, "Customers"): customers are keyed
 * by E.164 phones; birthdays travel as dd.mm.yyyy in requests and as yyyy-mm-dd in hooks.
 */
import {
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parseDigits,
  parsePhoneNumberFromString,
  type PhoneNumber,
  validatePhoneNumberLength,
} from "libphonenumber-js"
import mobileExamples from "libphonenumber-js/mobile/examples"
import { parsePhoneNumberFromString as parseWithTypes } from "libphonenumber-js/max"

export type { CountryCode } from "libphonenumber-js"

/** A mobile number of `country` as people write it with its code ("+49 1512 3456789"): placeholders, hints. */
export function phoneExample(country: CountryCode): string {
  return getExampleNumber(country, mobileExamples)?.formatInternational() ?? "+"
}

/** An E.164 number written the international way people read it ("+7 912 345 67 89"); as it is when it reads as none. */
export function formatInternational(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone
}

/**
 * Why a phone could not be normalised (docs/phones.md, "Reasons"). The first seven say it is no
 * number of the country it was read in (empty, letters, its length); the last three come from
 * readMobilePhone, which wants one mobile number: `invalid` (the right length, but in no range of
 * the country: `12345` in Germany), `not_mobile` (a real number, but a landline, premium or
 * shared-cost one wherever it reads), `ambiguous_country` (a mobile of one country the customer
 * or the store has and another number of another: `8 912 345-67-89` in a store serving Germany
 * and Russia; the readings are its candidates).
 */
export type PhoneFailureReason =
  | "empty"
  | "not_a_number"
  | "invalid_country"
  | "too_short"
  | "too_long"
  | "invalid_length"
  | "impossible"
  | "invalid"
  | "not_mobile"
  | "ambiguous_country"

/** One reading of an ambiguous phone: the country it was read in, the number, and whether it is a mobile. */
export type PhoneCandidate = { country: CountryCode; phone: string; mobile: boolean }

export type PhoneResult = { ok: true; phone: string } | { ok: false; reason: PhoneFailureReason }

/**
 * Thrown by `normalizePhone` for a phone that cannot exist. The message names only the reason:
 * the phone itself is personal data and stays in `input`, out of log lines built from messages.
 */
export class InvalidPhoneError extends Error {
  readonly name = "InvalidPhoneError"
  constructor(
    readonly reason: PhoneFailureReason,
    readonly input: string
  ) {
    super(`Impossible phone number (${reason})`)
  }
}

/** True for a string already in E.164 form (`+` and 8 to 15 digits, no leading zero). */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(value)
}

/** True when `code` is an ISO country code libphonenumber-js knows. */
export function isCountryCode(code: string): code is CountryCode {
  return isSupportedCountry(code)
}

/**
 * Normalises a phone to E.164 without throwing. A phone without `+` is read as a national
 * number of `defaultCountry` (libphonenumber also recognises a leading country code there,
 * e.g. `79991234567` for RU), unless it reads better with a `+` put in front (`readWithoutPlus`:
 * `4915130000001` in DE is +49 1513 0000001); without a default country it is read as
 * international, since the spec's own examples write international numbers without the plus
 * (4.2 rule 4). "Possible" (right length for the country) is the test, not "valid": number-range
 * tables lag behind operators and would refuse real customers.
 */
export function tryNormalizePhone(input: string, defaultCountry?: CountryCode): PhoneResult {
  // Parsing costs more than the rest of a readBalance hook; the same phones come back often.
  const key = `${defaultCountry ?? ""}|${input}`
  const known = normalized.get(key)
  if (known) return known
  const result = Object.freeze(parsePhone(input, defaultCountry))
  if (normalized.size >= NORMALIZED_CACHE_SIZE) normalized.delete(normalized.keys().next().value as string)
  normalized.set(key, result)
  return result
}

/** Results of tryNormalizePhone, oldest first (a pure function of its arguments). */
const normalized = new Map<string, PhoneResult>()
const NORMALIZED_CACHE_SIZE = 10_000

function parsePhone(input: string, defaultCountry?: CountryCode): PhoneResult {
  const trimmed = (input ?? "").trim()
  if (!trimmed) return { ok: false, reason: "empty" }
  let text = trimmed
  if (text.startsWith("00")) text = `+${text.slice(2)}`
  if (!text.startsWith("+") && !defaultCountry) text = `+${text}`
  return text.startsWith("+") ? readPhone(text).result : readWithoutPlus(text, defaultCountry!)
}

/** One reading of a phone: its result, and the number when it is possible. */
type PhoneReading = { result: PhoneResult; number?: PhoneNumber }

function readPhone(text: string, country?: CountryCode): PhoneReading {
  const lengthProblem = validatePhoneNumberLength(text, country)
  if (lengthProblem) return { result: { ok: false, reason: lengthReason(lengthProblem) } }
  const parsed = parsePhoneNumberFromString(text, country)
  if (!parsed) return { result: { ok: false, reason: "not_a_number" } }
  if (!parsed.isPossible()) return { result: { ok: false, reason: "impossible" } }
  return { result: { ok: true, phone: parsed.number }, number: parsed }
}

/**
 * A phone typed without `+` or `00` (docs/phones.md): its national reading in
 * `country`, unless the international one (a `+` put in front) is a valid number and the
 * national one is not, or both are valid and the text starts with the country's own code
 * without the trunk prefix its national numbers are written with (`4915130000001` in DE:
 * Germans write `0151…`, so digits that start with 49 and lack the 0 were typed with their
 * code). Valid ("in a number range"), not only possible, decides between the two readings.
 */
function readWithoutPlus(text: string, country: CountryCode): PhoneResult {
  const national = readPhone(text, country)
  const international = readPhone(`+${text}`)
  if (!international.number?.isValid()) return national.result
  if (!national.number?.isValid()) return international.result
  const digits = parseDigits(text)
  const typedWithCode = digits.startsWith(getCountryCallingCode(country))
  const typedAsWritten = digits.startsWith(parseDigits(national.number.formatNational()))
  return typedWithCode && !typedAsWritten ? international.result : national.result
}

/**
 * A phone read as readMobilePhone reads it: the number and the country it was read in (null: it
 * carried its own code), or why not, with the readings of an ambiguous one.
 */
export type CountryPhoneResult =
  | { ok: true; phone: string; country: CountryCode | null }
  | { ok: false; reason: PhoneFailureReason; country: CountryCode | null; candidates?: PhoneCandidate[] }

/** True when the text carries its country code (`+49…`, `0049…`): no default country changes how it reads. */
function carriesCountryCode(input: string): boolean {
  const text = (input ?? "").trim()
  return text.startsWith("+") || text.startsWith("00")
}

/** What an E.164 number is by libphonenumber's full metadata: a mobile, another real number, or none. */
type NumberKind = "mobile" | "other" | "invalid"

/** Kinds of E.164 numbers already looked at (a pure function of the number). */
const kinds = new Map<string, NumberKind>()

/**
 * The kind of an E.164 number. The `max` metadata holds each country's number types (mobile,
 * fixed line, premium...); the default `min` one has none. A mobile is MOBILE, or
 * FIXED_LINE_OR_MOBILE where a country's numbers do not tell the two apart (the US, Canada).
 */
function numberKind(phone: string): NumberKind {
  const known = kinds.get(phone)
  if (known) return known
  const parsed = parseWithTypes(phone)
  const type = parsed?.isValid() ? (parsed.getType() ?? "other") : null
  const kind: NumberKind = !type ? "invalid" : type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? "mobile" : "other"
  if (kinds.size >= NORMALIZED_CACHE_SIZE) kinds.delete(kinds.keys().next().value as string)
  kinds.set(phone, kind)
  return kind
}

/**
 * Reads a customer's phone as the plugin enrols it (docs/phones.md): one mobile number, or why
 * not. A number with its country code (`+49…`, `0049…`) reads the same anywhere; it must be a
 * valid mobile. One without is read in each of `countries` (the customer's own first, then the
 * store's; tryNormalizePhone's reading in each), and the first country where it is a valid
 * number decides, unless another country reads it as a different mobile:
 * - a mobile there, and no other country reads another mobile: that number;
 * - a mobile there and another mobile elsewhere, or a landline there and a mobile elsewhere:
 *   `ambiguous_country`, the valid readings as `candidates`;
 * - valid somewhere, a mobile nowhere: `not_mobile`;
 * - valid nowhere: the first country's reason (`invalid` when it had the right length).
 * Without countries it is read as international, as tryNormalizePhone does.
 */
export function readMobilePhone(input: string, countries: readonly CountryCode[]): CountryPhoneResult {
  if (!(input ?? "").trim()) return { ok: false, reason: "empty", country: null }
  const tried = carriesCountryCode(input) ? [] : [...new Set(countries)]
  if (!tried.length) {
    const read = tryNormalizePhone(input, countries[0])
    if (!read.ok) return { ...read, country: null }
    const kind = numberKind(read.phone)
    if (kind === "mobile") return { ...read, country: null }
    return { ok: false, reason: kind === "invalid" ? "invalid" : "not_mobile", country: null }
  }
  const readings = tried.map((country) => {
    const result = tryNormalizePhone(input, country)
    return { country, result, kind: result.ok ? numberKind(result.phone) : ("invalid" as const) }
  })
  const candidates: PhoneCandidate[] = []
  for (const { country, result, kind } of readings) {
    if (result.ok && kind !== "invalid" && !candidates.some((c) => c.phone === result.phone))
      candidates.push({ country, phone: result.phone, mobile: kind === "mobile" })
  }
  const [chosen] = candidates
  if (!chosen) {
    const first = readings[0]
    return { ok: false, reason: first.result.ok ? "invalid" : first.result.reason, country: first.country }
  }
  const otherMobile = candidates.some((c) => c.mobile && c.phone !== chosen.phone)
  if (chosen.mobile && !otherMobile) return { ok: true, phone: chosen.phone, country: chosen.country }
  if (chosen.mobile || otherMobile)
    return { ok: false, reason: "ambiguous_country", country: chosen.country, candidates }
  return { ok: false, reason: "not_mobile", country: chosen.country }
}

/** Normalises a phone to E.164; throws `InvalidPhoneError` for an impossible phone. */
export function normalizePhone(input: string, defaultCountry?: CountryCode): string {
  const result = tryNormalizePhone(input, defaultCountry)
  if (!result.ok) throw new InvalidPhoneError(result.reason, input)
  return result.phone
}

function lengthReason(problem: string): PhoneFailureReason {
  switch (problem) {
    case "NOT_A_NUMBER":
      return "not_a_number"
    case "INVALID_COUNTRY":
      return "invalid_country"
    case "TOO_SHORT":
      return "too_short"
    case "TOO_LONG":
      return "too_long"
    default:
      return "invalid_length"
  }
}

/** A calendar date without a time zone. */
export type CalendarDate = { year: number; month: number; day: number }

/** True when the parts name a day that exists (31.02 does not; 29.02 only in leap years). */
export function isCalendarDate({ year, month, day }: CalendarDate): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false
  return day <= daysInMonth(year, month)
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * Reads a birthday written as dd.mm.yyyy (requests, read_customer) or yyyy-mm-dd (hooks), or a
 * `Date` (its UTC day, since `new Date("1990-05-17")` is UTC midnight). Undefined when the
 * text is in neither format or names a day that does not exist.
 */
export function parseBirthday(input: string | Date): CalendarDate | undefined {
  let date: CalendarDate
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return undefined
    date = { year: input.getUTCFullYear(), month: input.getUTCMonth() + 1, day: input.getUTCDate() }
  } else {
    const text = input.trim()
    const service = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text)
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
    if (service) date = { day: +service[1], month: +service[2], year: +service[3] }
    else if (iso) date = { year: +iso[1], month: +iso[2], day: +iso[3] }
    else return undefined
  }
  return isCalendarDate(date) ? date : undefined
}

/** Thrown by `formatBirthday` for a birthday that is not a real day in a known format. */
export class InvalidBirthdayError extends Error {
  readonly name = "InvalidBirthdayError"
  constructor() {
    super("Invalid birthday: expected a real day as dd.mm.yyyy, yyyy-mm-dd or a Date")
  }
}

/**
 * Formats a birthday for the service: `"request"` gives dd.mm.yyyy (user_create_or_update,
 * read_customer), `"hook"` gives yyyy-mm-dd (hook bodies, docs/service-api.md, "Customers"). Accepts either text
 * format or a `Date`; throws `InvalidBirthdayError` for anything else.
 */
export function formatBirthday(input: string | Date | CalendarDate, style: "request" | "hook" = "request"): string {
  const date =
    typeof input === "string" || input instanceof Date
      ? parseBirthday(input)
      : isCalendarDate(input)
        ? input
        : undefined
  if (!date) throw new InvalidBirthdayError()
  const dd = String(date.day).padStart(2, "0")
  const mm = String(date.month).padStart(2, "0")
  const yyyy = String(date.year)
  return style === "request" ? `${dd}.${mm}.${yyyy}` : `${yyyy}-${mm}-${dd}`
}

/** Masks a phone for a shopper's screen: the country code and the last two digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? phone : `${phone.slice(0, 3)}${"•".repeat(phone.length - 5)}${phone.slice(-2)}`
}

/**
 * The range of a mobile number: its country code and the first four digits of its national
 * number ("+49 1511"), which the texts limits share out (docs/security.md, "Texts"). Null for a
 * number that is not a mobile by libphonenumber's type: MOBILE, or FIXED_LINE_OR_MOBILE where a
 * country's numbers do not tell the two apart (the US, Canada and the rest of +1); landlines,
 * premium, shared-cost, personal and unknown ranges are none.
 */
export function mobileNumberRange(phone: string): string | null {
  const parsed = parseWithTypes(phone)
  const type = parsed?.getType()
  if (!parsed || (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE")) return null
  return `+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 4)}`
}
