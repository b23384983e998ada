/**
 * Reading request fields the way the emulated service validates them: each problem becomes an
 * `EmulatorRequestError` with a fixed text. Numbers and flags are read leniently (numeric
 * strings, 0/1) in both revisions, as a tolerant server would.
 */
import { isE164, parseBirthday, tryNormalizePhone } from "../lib/phone"
import { amountSchema, flagSchema } from "../lib/wallet-pass-client/schemas"
import { EMULATOR_ERROR_TEXTS, EmulatorRequestError } from "./errors"

export type Body = Record<string, unknown>

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function invalid(field: string, expected: string): EmulatorRequestError {
  return new EmulatorRequestError("validation_error", `Invalid ${field}: ${expected}`)
}

/** A string field; absent (or null) gives undefined. */
export function optString(body: Body, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string") throw invalid(field, "a string expected")
  return value
}

/** A string field that must be present and non-empty: `<field> not set` otherwise. */
export function reqString(body: Body, field: string): string {
  const value = optString(body, field)
  if (value === undefined || value.trim() === "") throw new EmulatorRequestError("validation_error", `${field} not set`)
  return value
}

/** An identifier that may be a string or a number. */
export function optId(body: Body, field: string): string | undefined {
  const value = body[field]
  if (typeof value === "number" && Number.isFinite(value)) return String(value)
  const text = optString(body, field)
  return text === undefined || text === "" ? undefined : text
}

export function optAmount(body: Body, field: string): number | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  const parsed = amountSchema.safeParse(value)
  if (!parsed.success || !Number.isFinite(parsed.data)) throw invalid(field, "a number expected")
  return parsed.data
}

export function optFlag(body: Body, field: string): boolean | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  const parsed = flagSchema.safeParse(value)
  if (!parsed.success) throw invalid(field, "true or false expected")
  return parsed.data
}

export function optGuid(body: Body, field: string): string | undefined {
  const value = optString(body, field)
  if (value !== undefined && !GUID.test(value)) throw invalid(field, "a uuid expected")
  return value
}

export function optUrl(body: Body, field: string): string | undefined {
  const value = optString(body, field)
  if (value === undefined) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme")
  } catch {
    throw invalid(field, "an http(s) URL expected")
  }
  return value
}

/** True for a phone the service accepts: E.164 with the plus, of a possible length. */
export function isAcceptedPhone(value: string): boolean {
  if (!isE164(value)) return false
  const result = tryNormalizePhone(value)
  return result.ok && result.phone === value
}

/** A phone field in E.164; a phone without `+` or of impossible length is a phone-format error. */
export function optPhone(body: Body, field = "phone"): string | undefined {
  const value = body[field]
  if (value === undefined || value === null || value === "") return undefined
  if (typeof value !== "string" || !isAcceptedPhone(value)) {
    throw new EmulatorRequestError("invalid_phone", EMULATOR_ERROR_TEXTS.invalidPhone)
  }
  return value
}

export function reqPhone(body: Body, field = "phone"): string {
  const phone = optPhone(body, field)
  if (phone === undefined) throw new EmulatorRequestError("validation_error", `${field} not set`)
  return phone
}

/** A birthday in the request format dd.mm.yyyy, returned as yyyy-mm-dd. */
export function optRequestBirthday(body: Body, field = "birthday"): string | undefined {
  const value = optString(body, field)
  if (value === undefined || value === "") return undefined
  const date = /^\d{2}\.\d{2}\.\d{4}$/.test(value) ? parseBirthday(value) : undefined
  if (!date) throw new EmulatorRequestError("invalid_date", `Invalid ${field}: expected a real date as dd.mm.yyyy`)
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`
}

/** A non-negative integer such as `offset`. */
export function optIndex(body: Body, field: string): number | undefined {
  const value = optAmount(body, field)
  if (value === undefined) return undefined
  if (!Number.isInteger(value) || value < 0) throw invalid(field, "a non-negative integer expected")
  return value
}
