/**
 * Reading request fields the way the emulated service validates them, by the rules of
 * `readings.ts`: each problem becomes an `EmulatorRequestError` with a fixed text. Amounts
 * are numbers in 2.8.2 and numeric strings in 2.7.2; flags are booleans; nothing else is
 * read as one.
 */
import { EMULATOR_ERROR_TEXTS, EmulatorRequestError } from "./errors"
import { type Reading, amountExpected, amountIn, dateIn, flagIn, formatDay, integerIn, isPhone } from "./readings"

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

/** An identifier (`card`, `customerId`, `remoteId`): the description types each a string; empty is absent. */
export function optId(body: Body, field: string): string | undefined {
  const text = optString(body, field)
  return text === undefined || text === "" ? undefined : text
}

/** An amount or a percent, of the revision's type (readings.ts `amountIn`). */
export function optAmount(body: Body, field: string, reading: Reading): number | undefined {
  const value = amountIn(body[field], reading)
  if (value === null) throw invalid(field, amountExpected(reading))
  return value
}

/** A boolean flag; `1`, `"true"` and the like are not booleans. */
export function optFlag(body: Body, field: string): boolean | undefined {
  const value = flagIn(body[field])
  if (value === null) throw invalid(field, "true or false expected")
  return value
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

/** A phone field in E.164; a phone without `+` or of impossible length is a phone-format error. */
export function optPhone(body: Body, field = "phone"): string | undefined {
  const value = body[field]
  if (value === undefined || value === null || value === "") return undefined
  if (!isPhone(value)) {
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
  const date = dateIn(value)
  if (!date) throw new EmulatorRequestError("invalid_date", `Invalid ${field}: expected a real date as dd.mm.yyyy`)
  return formatDay(date, "hook")
}

/** A non-negative integer such as `offset` (a JSON number in either revision: it is not an amount). */
export function optIndex(body: Body, field: string): number | undefined {
  const value = integerIn(body[field])
  if (value === null || (value !== undefined && value < 0)) throw invalid(field, "a non-negative integer expected")
  return value
}
