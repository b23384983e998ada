import { MAX_AMOUNT_MINOR } from "../../modules/wallet-pass/browser"
import { amountProblem, toMinorUnits } from "../../lib/amounts"

/**
 * Amounts typed in the admin, read in the admin's chosen language (the dashboard's, handed in
 * by `useWalletPassFormat().parseAmount`; never the browser's). "10,50" is 10.50 in Russian or
 * German and refused in English (where "," only groups thousands), never 1,050.
 */

/** The decimal and group separators of a locale, learnt from Intl. */
export function numberSeparators(locale?: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  return {
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    group: parts.find((p) => p.type === "group")?.value ?? ",",
  }
}

/**
 * Why a typed amount was refused (the admin says it in its language): empty, not written the
 * locale's way (`example` shows how), more than two decimals, too large, or zero.
 */
export type AmountRefusal = "empty" | "format" | "too_many_decimals" | "too_large" | "not_a_number" | "zero"

/** A positive amount with at most two decimals, in minor units, or why the text is not one. */
export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountRefusal; example: string }

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const SPACES = /[\s\u00a0\u202f]/

/**
 * Reads a positive amount as people write it in `locale`: digits, the locale's decimal
 * separator, and its group separator only between groups of three (1.234,56 in German;
 * 1,234.56 in English; a space where the locale groups with one). Anything else is refused
 * with the format expected, so a separator of another locale is never dropped silently.
 */
export function parseAmount(text: string, locale?: string): ParsedAmount {
  const { decimal, group } = numberSeparators(locale)
  const example = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234.56)
  const trimmed = text.trim()
  if (!trimmed) return { ok: false, problem: "empty", example }
  // A locale that groups with a (no-break) space accepts any space there.
  const groupPattern = SPACES.test(group) ? "[\\s\\u00a0\\u202f]" : escape(group)
  const shape = new RegExp(`^(\\d+|\\d{1,3}(${groupPattern}\\d{3})+)(${escape(decimal)}(\\d+))?$`)
  const match = shape.exec(trimmed)
  if (!match) return { ok: false, problem: "format", example }
  const canonical = `${match[1].replace(new RegExp(groupPattern, "g"), "")}${match[4] ? `.${match[4]}` : ""}`
  const minor = toMinorUnits(canonical)
  if (minor === null) return { ok: false, problem: amountProblem(canonical) ?? "not_a_number", example }
  if (minor === 0) return { ok: false, problem: "zero", example }
  return { ok: true, minor }
}

/**
 * A plain number typed in `locale` (a level's threshold, a percent, days): digits, the
 * locale's decimal separator, its group separator between groups of three; NaN for anything
 * else, empty included (the server names the field as missing or wrong).
 */
export function parseNumber(text: string, locale?: string): number {
  const { decimal, group } = numberSeparators(locale)
  const trimmed = text.trim()
  const groupPattern = SPACES.test(group) ? "[\\s\\u00a0\\u202f]" : escape(group)
  const shape = new RegExp(`^(-?)(\\d+|\\d{1,3}(${groupPattern}\\d{3})+)(${escape(decimal)}(\\d+))?$`)
  const match = shape.exec(trimmed)
  if (!match) return Number.NaN
  return Number(`${match[1]}${match[2].replace(new RegExp(groupPattern, "g"), "")}${match[5] ? `.${match[5]}` : ""}`)
}

/** A number as an input holds it in `locale`: its decimal separator, no grouping ("7,5"; "1500"). */
export function numberText(value: number | null, locale?: string): string {
  if (value === null) return ""
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value)
}

/** The largest amount a manual change takes, in the balance unit (MAX_AMOUNT_MINOR). */
export const MAX_AMOUNT = MAX_AMOUNT_MINOR / 100

/** Minor units in the balance currency, as the admin's locale writes money ("1.050,00 €"). */
export function formatMoney(minor: number, currencyCode: string | null, locale?: string): string {
  const value = minor / 100
  if (!currencyCode)
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: 2,
  }).format(value)
}
