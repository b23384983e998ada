import { presentReason } from "../../lib/reasons"
import { fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"
import type { OrderBonus } from "../../modules/wallet-pass/types"

/** One order's bonus as the admin shows it: amounts in the balance unit. */
export function presentOrderBonus(bonus: OrderBonus) {
  return {
    credited: fromMinorUnits(bonus.credited),
    reversed: fromMinorUnits(bonus.reversed),
    redeemed: fromMinorUnits(bonus.redeemed),
    redemption_refunded: fromMinorUnits(bonus.redemption_refunded),
    entries: bonus.entries.map((entry) => ({
      ...entry,
      ...presentReason(entry),
      amount: fromMinorUnits(entry.amount),
    })),
  }
}
