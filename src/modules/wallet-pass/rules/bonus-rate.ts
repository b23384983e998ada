import type { WalletPassOptions } from "../options"
import { percentToBasisPoints } from "../../../lib/amounts"

/** The bonus rate that applies to a holder, basis points: their own, else the program's (accrual.bonusPercent). */
export function effectiveBonusBasisPoints(
  holder: { bonus_percent_bp: number | null },
  options: WalletPassOptions
): number {
  return holder.bonus_percent_bp ?? percentToBasisPoints(options.accrual.bonusPercent) ?? 0
}
