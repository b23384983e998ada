import type { HolderLevel } from "../../modules/wallet-pass/types"
import { fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"

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
