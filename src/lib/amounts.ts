/**
 * Money and percents as the plugin keeps them (docs/architecture.md, "src/lib"): pure, no
 * Medusa, so the module, the routes, the workflows and the admin read amounts one way.
 *
 * Amounts are kept as integers in hundredths of the balance unit ("minor units"): exact
 * sums, no float drift. Percents are kept as integers in hundredths of a percent (basis
 * points). Both allow two decimal places: what a merchant types is refused beyond them
 * (toMinorUnits), what the service sends is read with its float noise and rounded to them
 * (readServiceNumber).
 */
export const MINOR_PER_UNIT = 100
export const BASIS_POINTS_PER_PERCENT = 100
/** The largest single amount accepted, in minor units (fits a Postgres integer). */
export const MAX_AMOUNT_MINOR = 2_000_000_000

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/
/** A decimal as JavaScript writes a number (String(n)): digits, an optional fraction and exponent. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** Why an amount was refused: not a number at all, more than two decimals, or too large. */
export type AmountProblem = "not_a_number" | "too_many_decimals" | "too_large"

type Hundredths = { ok: true; value: number } | { ok: false; problem: AmountProblem }

/** A number or numeric string as exact decimal digits: |value| = digits × 10^scale. */
type Decimal = { negative: boolean; digits: bigint; scale: number; text: string }

/** Reads a number (as its shortest decimal form, String(n)) or a numeric string exactly, never through a float. */
function decimalOf(value: unknown): Decimal | null {
  let text: string
  if (typeof value === "number" && Number.isFinite(value)) {
    text = String(value)
  } else if (typeof value === "string" && NUMERIC.test(value)) {
    text = value.trim()
  } else {
    return null
  }
  const [, sign, whole, fraction = "", exponent = "0"] = DECIMAL.exec(text) ?? []
  if (whole === undefined) return null
  // digits × 10^scale, with the trailing zeros of digits moved into the scale.
  let digits = (whole + fraction).replace(/^0+/, "")
  let scale = Number(exponent) - fraction.length
  const trailing = digits.length - digits.replace(/0+$/, "").length
  digits = digits.slice(0, digits.length - trailing)
  scale += trailing
  if (digits === "") return { negative: false, digits: 0n, scale: 0, text } // no -0
  return { negative: sign === "-", digits: BigInt(digits), scale, text }
}

/** True when the integer part alone has more digits than `max` (1e308 never becomes a 310-digit BigInt). */
const tooLong = (d: Decimal, max: number) => d.digits.toString().length + d.scale + 2 > String(max).length + 1

/**
 * Reads a number or numeric string (the service sends both) as an exact count of
 * hundredths, at most `max` in size. The decimals are read as written (a number as its
 * shortest decimal form, String(n)), never through a float multiplication: 10.000000001
 * and 0.1 + 0.2 (0.30000000000000004) have more than two decimals and are refused, not
 * rounded. (The hooks read the service's numbers with {@link readServiceNumber} instead.)
 */
function toHundredths(value: unknown, max: number): Hundredths {
  const d = decimalOf(value)
  if (!d) return { ok: false, problem: "not_a_number" }
  if (d.digits === 0n) return { ok: true, value: 0 }
  if (d.scale < -2) return { ok: false, problem: "too_many_decimals" }
  if (tooLong(d, max)) return { ok: false, problem: "too_large" }
  const hundredths = d.digits * 10n ** BigInt(d.scale + 2)
  if (hundredths > BigInt(max)) return { ok: false, problem: "too_large" }
  return { ok: true, value: d.negative ? -Number(hundredths) : Number(hundredths) }
}

/**
 * Float noise is a value within 10^-6 of a number of hundredths: the digits a binary float
 * adds when a serializer prints a sum such as 0.1 + 0.2 (0.30000000000000004).
 */
const NOISE_DIGITS = 6

/**
 * A number the service sent, read into hundredths: `value`, with `rounded` set when it
 * carried a real extra decimal, and `text`, the number as sent (for the record of a rounding).
 */
export type ServiceNumber =
  | { ok: true; value: number; rounded: boolean; negative: boolean; text: string }
  | { ok: false; problem: Exclude<AmountProblem, "too_many_decimals"> }

/**
 * Reads a number of the service (a hook's amount or percent: docs/service-api.md, "Amounts
 * and percents") into hundredths, never refusing it for its precision:
 * - float noise, a value within 0.000001 of a number of hundredths, is that number
 *   (0.30000000000000004 is 30 hundredths, exactly, and not a rounding);
 * - then the value is rounded to a multiple of `step` hundredths (the currency's smallest
 *   unit: 1 for cents, 100 for a currency without decimals), half away from zero: what a
 *   merchant checking by hand expects (10.005 is 10.01), and symmetric, so a credit and the
 *   write-off of the same sum cancel. `rounded` says a real decimal was rounded off.
 * Refuses only what is not a number, and what is larger than `max` once rounded.
 */
export function readServiceNumber(value: unknown, { max, step = 1 }: { max: number; step?: number }): ServiceNumber {
  const d = decimalOf(value)
  if (!d) return { ok: false, problem: "not_a_number" }
  if (tooLong(d, max)) return { ok: false, problem: "too_large" }
  // |value| = n × 10^-k exactly, with k ≥ 2 so a hundredth is a whole number of units.
  const k = Math.max(2, -d.scale)
  const n = d.digits * 10n ** BigInt(d.scale + k)
  const unit = 10n ** BigInt(k - 2) // one hundredth
  // x / m to the nearest whole number, a half away from zero (x is a magnitude).
  const nearest = (x: bigint, m: bigint) => ((x % m) * 2n >= m ? x / m + 1n : x / m)
  const off = n % unit
  const noise = (off < unit - off ? off : unit - off) * 10n ** BigInt(NOISE_DIGITS) <= 10n ** BigInt(k)
  let hundredths = noise ? nearest(n, unit) : n / unit
  let rounded = false
  const stepN = BigInt(step)
  if (!noise || hundredths % stepN !== 0n) {
    hundredths = nearest(noise ? hundredths * unit : n, unit * stepN) * stepN
    rounded = true
  }
  if (hundredths > BigInt(max)) return { ok: false, problem: "too_large" }
  const magnitude = Number(hundredths)
  return {
    ok: true,
    value: d.negative && magnitude ? -magnitude : magnitude,
    rounded,
    negative: d.negative,
    text: d.text,
  }
}

/** A money amount in the balance unit -> integer minor units (hundredths), or null if invalid or too large. */
export function toMinorUnits(value: unknown): number | null {
  const read = toHundredths(value, MAX_AMOUNT_MINOR)
  return read.ok ? read.value : null
}

/** What is wrong with an amount {@link toMinorUnits} refuses, or null when it reads it. */
export function amountProblem(value: unknown): AmountProblem | null {
  const read = toHundredths(value, MAX_AMOUNT_MINOR)
  return read.ok ? null : read.problem
}

/** The largest amount accepted, in the balance unit as people write it ("20,000,000"). */
export const MAX_AMOUNT_TEXT = (MAX_AMOUNT_MINOR / MINOR_PER_UNIT).toLocaleString("en-US")

/**
 * A sentence for an amount {@link amountProblem} refuses, about `field`: "<field> must have
 * at most two decimals", "... must be at most 20,000,000 in size", "... must be a number".
 */
export function describeAmountProblem(field: string, problem: AmountProblem): string {
  switch (problem) {
    case "too_many_decimals":
      return `${field} must have at most two decimals`
    case "too_large":
      return `${field} must be at most ${MAX_AMOUNT_TEXT} in size`
    case "not_a_number":
      return `${field} must be a number`
  }
}

const TWO_DECIMALS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * Minor units as a merchant or shopper reads them, in the balance currency when it is
 * known: "1,000.00 EUR" (else "1,000.00"). Every message that shows an amount uses it.
 */
export function formatBalanceAmount(minor: number, currencyCode?: string | null): string {
  const text = TWO_DECIMALS.format(minor / MINOR_PER_UNIT)
  return currencyCode ? `${text} ${currencyCode.toUpperCase()}` : text
}

/** Integer minor units -> the amount in the balance unit, as the service and APIs show it. */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_UNIT
}

/** A percent (0..100, two decimals at most) -> integer basis points, or null if invalid. */
export function percentToBasisPoints(value: unknown): number | null {
  const bp = toHundredths(value, 100 * BASIS_POINTS_PER_PERCENT)
  return bp.ok && bp.value >= 0 ? bp.value : null
}

/** Integer basis points -> percent. */
export function basisPointsToPercent(bp: number): number {
  return bp / BASIS_POINTS_PER_PERCENT
}

/**
 * A money value from Medusa (number, numeric string or BigNumber-like) -> minor units,
 * rounded down: order totals may carry more decimals than the ledger keeps. Read as a number
 * (a BigNumber by its `numeric`), then floored from that number's decimal text, exactly, in
 * integers: no float multiplication (0.29 * 100 is 28.999999999999996), so no nudge either.
 * Plain decimal text rather than Medusa's MathBN, as src/lib uses nothing of Medusa but zod.
 */
export function floorToMinorUnits(value: unknown): number {
  const n = Number(
    typeof value === "object" && value !== null && "numeric" in value ? (value as { numeric: unknown }).numeric : value
  )
  if (!Number.isFinite(n)) return 0
  const [, sign, whole, fraction = "", exponent = "0"] = DECIMAL.exec(String(n)) ?? []
  // n = digits × 10^scale; in hundredths: digits × 10^(scale + 2), floored.
  const digits = whole + fraction
  const shift = Number(exponent) - fraction.length + 2
  let hundredths: bigint
  let cut = false
  if (shift >= 0) {
    hundredths = BigInt(digits) * 10n ** BigInt(shift)
  } else {
    const keep = Math.max(0, digits.length + shift)
    hundredths = BigInt(digits.slice(0, keep) || "0")
    cut = /[1-9]/.test(digits.slice(keep))
  }
  if (sign === "-") return -Number(hundredths + (cut ? 1n : 0n)) || 0
  return Number(hundredths)
}

/**
 * How many ledger minor units one minor unit of a currency is worth: 1 for two-decimal
 * currencies, 100 for zero-decimal ones (JPY). Bonus is rounded down to a multiple of it.
 */
export function currencyStep(currencyCode: string): number {
  let decimals = 2
  try {
    decimals =
      new Intl.NumberFormat("en", { style: "currency", currency: currencyCode.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
  } catch {
    // Unknown code: keep two decimals.
  }
  return decimals >= 2 ? 1 : 10 ** (2 - decimals)
}
