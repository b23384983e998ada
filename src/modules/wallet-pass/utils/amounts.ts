import { BASIS_POINTS_PER_PERCENT, MAX_AMOUNT_MINOR, MINOR_PER_UNIT } from "../constants"

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/

/**
 * Reads a number or numeric string (the service sends both, spec §2) and returns it as an
 * integer count of hundredths, or null when it is not a finite number with at most two
 * decimal places. The check tolerates binary noise (0.29 * 100 = 28.999999999999996) but
 * rejects real extra precision (0.001).
 */
function toHundredths(value: unknown): number | null {
  let n: number
  if (typeof value === "number") {
    n = value
  } else if (typeof value === "string" && NUMERIC.test(value)) {
    n = Number(value)
  } else {
    return null
  }
  if (!Number.isFinite(n)) {
    return null
  }
  const scaled = n * 100
  const rounded = Math.round(scaled)
  if (Math.abs(scaled - rounded) > 1e-6 || !Number.isSafeInteger(rounded)) {
    return null
  }
  return rounded === 0 ? 0 : rounded // no -0
}

/** A money amount in the balance unit -> integer minor units (hundredths), or null if invalid or too large. */
export function toMinorUnits(value: unknown): number | null {
  const minor = toHundredths(value)
  return minor !== null && Math.abs(minor) <= MAX_AMOUNT_MINOR ? minor : null
}

/** Integer minor units -> the amount in the balance unit, as the service and APIs show it. */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_UNIT
}

/** A percent (0..100, two decimals at most) -> integer basis points, or null if invalid. */
export function percentToBasisPoints(value: unknown): number | null {
  const bp = toHundredths(value)
  return bp !== null && bp >= 0 && bp <= 100 * BASIS_POINTS_PER_PERCENT ? bp : null
}

/** Integer basis points -> percent. */
export function basisPointsToPercent(bp: number): number {
  return bp / BASIS_POINTS_PER_PERCENT
}

/**
 * Bonus for a base amount at a rate: floor(base * bp / 10000), exact in integers. Rounded
 * down so the program never credits a fraction of a minor unit it did not earn.
 */
export function bonusFor(baseMinor: number, bonusBasisPoints: number): number {
  if (baseMinor <= 0 || bonusBasisPoints <= 0) {
    return 0
  }
  return Number((BigInt(baseMinor) * BigInt(bonusBasisPoints)) / BigInt(100 * BASIS_POINTS_PER_PERCENT))
}

/**
 * A money value from Medusa (number, numeric string or BigNumber-like) -> minor units,
 * rounded down: order totals may carry more decimals than the ledger keeps.
 */
export function floorToMinorUnits(value: unknown): number {
  const n = Number(typeof value === "object" && value !== null && "numeric" in value ? (value as { numeric: unknown }).numeric : value)
  if (!Number.isFinite(n)) return 0
  return Math.floor(n * MINOR_PER_UNIT + 1e-6)
}

/**
 * How many ledger minor units one minor unit of a currency is worth: 1 for two-decimal
 * currencies, 100 for zero-decimal ones (JPY). Bonus is rounded down to a multiple of it.
 */
export function currencyStep(currencyCode: string): number {
  let decimals = 2
  try {
    decimals = new Intl.NumberFormat("en", { style: "currency", currency: currencyCode.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  } catch {
    // Unknown code: keep two decimals.
  }
  return decimals >= 2 ? 1 : 10 ** (2 - decimals)
}
