import type { WalletPassOptions } from "../options"
import { BASIS_POINTS_PER_PERCENT, percentToBasisPoints } from "../../../lib/amounts"

/** The bonus rate that applies to a holder, basis points: their own, else the program's (accrual.bonusPercent). */
export function effectiveBonusBasisPoints(
  holder: { bonus_percent_bp: number | null },
  options: WalletPassOptions
): number {
  return holder.bonus_percent_bp ?? percentToBasisPoints(options.accrual.bonusPercent) ?? 0
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
