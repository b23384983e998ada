import type { CustomerPass, HolderLevel } from "../../modules/wallet-pass/browser"
import { fromMinorUnits } from "../../lib/amounts"
import { presentReason } from "../../lib/reasons"

/**
 * A holder's level as the admin and the store show it (docs/program.md): the level, the
 * spend that counts (in the balance unit, over `window_days` or, when null, all orders), and
 * the next level with what is missing to reach it. Null when the program has no levels.
 */
export function presentLevel(level: HolderLevel | null) {
  if (!level) return null
  return {
    name: level.name,
    spend: fromMinorUnits(level.spend),
    window_days: level.window_days,
    changed_at: level.changed_at,
    next: level.next
      ? {
          name: level.next.name,
          threshold: fromMinorUnits(level.next.threshold),
          missing: fromMinorUnits(level.next.missing),
        }
      : null,
  }
}

/**
 * The program's bonuses a holder received, newest first (docs/program.md): which bonus, the
 * amount in the balance unit, when, and until when it lasts (null: for good).
 */
export function presentBonuses(bonuses: CustomerPass["bonuses"]) {
  return bonuses.map((entry) => ({
    bonus: String((entry.metadata as { bonus?: unknown } | null)?.bonus ?? "bonus"),
    amount: fromMinorUnits(entry.amount),
    ...presentReason(entry),
    received_at: entry.created_at,
    expires_at: entry.expires_at,
  }))
}
