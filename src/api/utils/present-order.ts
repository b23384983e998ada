import { presentReason } from "../../lib/reasons"
import { fromMinorUnits } from "../../lib/amounts"
import type { OrderBonus } from "../../modules/wallet-pass/browser"

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
