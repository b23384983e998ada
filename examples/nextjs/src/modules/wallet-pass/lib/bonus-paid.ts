// What a cart or an order was paid with in bonus (docs/loyalty.md: the bonus is line item
// adjustments of the cart's own, `provider_id: "wallet-pass-bonus"`, which Medusa counts among
// the discounts). Works for any object with items and their adjustments, so for the cart and
// the order alike; add WALLET_PASS_BONUS_FIELDS to the `fields` of the data functions that read
// them, or the adjustments are not there.

/** The fields a cart's or an order's read needs for `bonusPaid`. */
export const WALLET_PASS_BONUS_FIELDS = "*items.adjustments"

const PROVIDER = "wallet-pass-bonus"

/** A cart or an order with its items' adjustments (what `bonusPaid` reads). */
export type WithBonusAdjustments = {
  items?: ({ adjustments?: ({ provider_id?: string | null; amount?: unknown } | null)[] | null } | null)[] | null
}

/** The bonus paid, in the currency's units (0 when none or when the adjustments were not read). */
export function bonusPaid(cartOrOrder: WithBonusAdjustments | null | undefined): number {
  let sum = 0
  for (const item of cartOrOrder?.items ?? [])
    for (const adjustment of item?.adjustments ?? [])
      if (adjustment?.provider_id === PROVIDER) sum += Number(adjustment.amount) || 0
  return Math.round(sum * 1e4) / 1e4
}
