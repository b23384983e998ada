import type { CountryCode } from "libphonenumber-js"
import { tryNormalizePhone } from "../../../../lib/phone"
import {
  BASIS_POINTS_PER_PERCENT,
  describeAmountProblem,
  MAX_AMOUNT_MINOR,
  readServiceNumber,
} from "../../../../lib/amounts"
import { codePointLength } from "../../../../lib/text"
import type { DroppedField } from "../../../../lib/dropped-fields"

/** Reading a hook's fields, shared by the hooks of the registry (index.ts). */

export const MAX_TEXT = 500
export const MAX_ID = 200

/** A field the hook got wrong: its message becomes the 400 `{ error }` (parse-hook.ts). */
export class HookInputError extends Error {}
export const isHookInputError = (e: unknown): e is HookInputError => e instanceof HookInputError

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

export function phoneOf(value: string, field: string, country: string): string {
  const result = tryNormalizePhone(value, country as CountryCode)
  if (!result.ok) {
    throw new HookInputError(`${field} is not a valid phone number (${result.reason.replace(/_/g, " ")})`)
  }
  return result.phone
}

export function text(value: string | undefined, field: string, max = MAX_TEXT): string | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  // In characters (code points), as everything else counts them (src/lib/text.ts).
  if (codePointLength(trimmed) > max) throw new HookInputError(`${field} is longer than ${max} characters`)
  return trimmed === "" ? undefined : trimmed
}

/** customer.cardNumbers of a hook about a known card: each one text, none empty. */
export function cardNumbersOf(cards: string[]): string[] {
  return cards.map((card, i) => {
    const number = text(card, `customer.cardNumbers[${i}]`, MAX_ID)
    if (!number) throw new HookInputError(`customer.cardNumbers[${i}] must not be empty`)
    return number
  })
}

/**
 * The service's numbers, read from what was sent (the schemas read numeric strings as
 * numbers, through a float) and never refused for their precision: float noise is the number
 * it means, a real extra decimal is rounded half away from zero and recorded in `rounded`
 * (src/lib/amounts.ts `readServiceNumber`; docs/service-api.md, "Amounts and percents in hooks").
 */
export class ServiceNumbers {
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
