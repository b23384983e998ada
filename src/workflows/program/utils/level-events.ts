import type { LevelChange } from "../../../modules/wallet-pass"
import { basisPointsToPercent } from "../../../lib/amounts"

/** The events of a level pass: a new level each, new rates each (the shape of wallet_pass.privileges_changed). */
export function levelEvents(changes: LevelChange[]) {
  return {
    levels: changes
      .filter((c) => c.level_changed)
      .map((c) => ({
        holder_id: c.holder_id,
        customer_id: c.customer_id,
        from: c.from,
        to: c.to,
        spend: c.spend / 100,
      })),
    rates: changes
      .filter((c) => c.bonus_changed || c.discount_changed)
      .map((c) => ({
        holder_id: c.holder_id,
        customer_id: c.customer_id,
        bonus_percent: c.bonus_percent_bp === null ? null : basisPointsToPercent(c.bonus_percent_bp),
        discount_percent: basisPointsToPercent(c.discount_percent_bp),
        discount_changed: c.discount_changed,
        // A level follows an order: another cart of the customer may be in checkout, and a
        // re-price would drop its payment session. Carts follow at their next change.
        refresh_carts: false,
      })),
  }
}
