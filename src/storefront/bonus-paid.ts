/**
 * What a cart or an order was paid with in bonus, apart from its discounts, for a totals table
 * that shows "Discount" and "Paid with bonus" on two lines (docs/storefront-react.md, "Bonus
 * shown as bonus"). Pure: no request, no React; a server component calls it on the cart or
 * order it read with {@link BONUS_FIELDS}.
 *
 * The bonus is kept as line item adjustments of no promotion, `provider_id:
 * "wallet-pass-bonus"`, tax-inclusive; carts and orders from before carry a promotion code
 * `WALLETPASS-BONUS-<cart id>` instead (docs/loyalty.md, "Paying with bonus"). Medusa counts
 * both in `discount_total`.
 */

/** The provider of the adjustments a cart pays with bonus (docs/loyalty.md, "Paying with bonus"). */
export const BONUS_PROVIDER_ID = "wallet-pass-bonus"
/** The promotion code prefix of bonus paid before the bonus became adjustments. */
export const BONUS_PROMOTION_PREFIX = "WALLETPASS-BONUS-"

/**
 * The `fields` to ask for on `GET /store/carts/:id`, `GET /store/orders/:id` and
 * `GET /store/orders` so that {@link bonusPaid} can tell the bonus from the discounts: the
 * items' adjustments whole (provider, code, and the `subtotal` / `total` Medusa computes), and
 * the discount totals. Additive (`*`, `+`): the route's default fields stay. Tested against
 * Medusa 2.21.2 (integration-tests/http/storefront-bonus-paid.spec.ts): a cart's defaults
 * leave the provider out, the order list's leave the items out, and the list does not allow
 * `discount_subtotal` (it is dropped there; bonusPaid sums the adjustments instead).
 *
 * ```ts
 * sdk.store.cart.retrieve(id, { fields: BONUS_FIELDS })
 * sdk.store.order.list({ fields: BONUS_FIELDS })
 * ```
 */
export const BONUS_FIELDS = "*items,*items.adjustments,+discount_total,+discount_subtotal"

/** A number as the store sends it (a number; a numeric string from some routes), or nothing. */
type Amount = number | string | null | undefined

/** What {@link bonusPaid} reads of a line item adjustment. */
export type BonusPaidAdjustment = {
  provider_id?: string | null
  code?: string | null
  amount?: Amount
  /** Without tax: Medusa computes it for a cart or an order read with its totals. */
  subtotal?: Amount
  /** With tax. */
  total?: Amount
}

/** What {@link bonusPaid} reads of a cart or an order (`StoreCart`, `StoreOrder` fit). */
type WithAdjustments = { adjustments?: ReadonlyArray<BonusPaidAdjustment> | null } | null

export type BonusPaidSource = {
  discount_total?: Amount
  discount_subtotal?: Amount
  items?: ReadonlyArray<WithAdjustments> | null
  /** Read only when the discount totals are missing: their adjustments are discounts too. */
  shipping_methods?: ReadonlyArray<WithAdjustments> | null
}

export type BonusPaid = {
  /** Paid with bonus, tax included (what the shopper's balance gave). */
  total: number
  /** Its share without tax. */
  subtotal: number
  /** The rest of `discount_total` / `discount_subtotal`: the discounts that are not bonus. */
  discount: { total: number; subtotal: number }
}

/** Whether an adjustment is bonus: of the plugin's provider, or of a bonus promotion of before. */
export function isBonusAdjustment(adjustment: BonusPaidAdjustment | null | undefined): boolean {
  if (!adjustment) return false
  return (
    adjustment.provider_id === BONUS_PROVIDER_ID ||
    (typeof adjustment.code === "string" && adjustment.code.startsWith(BONUS_PROMOTION_PREFIX))
  )
}

const num = (value: Amount): number | null => {
  if (value === null || value === undefined || value === "") return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}
/** Sums without float noise (amounts of up to 6 decimals stay what the store computed). */
const clean = (value: number) => Math.round(value * 1e6) / 1e6

/**
 * What `cartOrOrder` was paid with in bonus (`total` tax-inclusive, `subtotal` without tax,
 * each adjustment's own `total` / `subtotal` when the store computed them, else its
 * `amount`), and the discounts that are not bonus (`discount_total − total`,
 * `discount_subtotal − subtotal`; where the store sent no such total, the other adjustments
 * of the items and shipping methods summed). Zeros for a cart without bonus or without its
 * items' adjustments: read it with {@link BONUS_FIELDS}.
 */
export function bonusPaid(cartOrOrder: BonusPaidSource | null | undefined): BonusPaid {
  const bonus = { total: 0, subtotal: 0 }
  const other = { total: 0, subtotal: 0 }
  const add = (adjustments: ReadonlyArray<BonusPaidAdjustment> | null | undefined, shipping: boolean) => {
    for (const adjustment of adjustments ?? []) {
      if (!adjustment) continue
      const sum = !shipping && isBonusAdjustment(adjustment) ? bonus : other
      const amount = num(adjustment.amount) ?? 0
      sum.total += num(adjustment.total) ?? amount
      sum.subtotal += num(adjustment.subtotal) ?? amount
    }
  }
  for (const item of cartOrOrder?.items ?? []) add(item?.adjustments, false)
  for (const method of cartOrOrder?.shipping_methods ?? []) add(method?.adjustments, true)
  const total = clean(bonus.total)
  const subtotal = clean(bonus.subtotal)
  const discountTotal = num(cartOrOrder?.discount_total)
  const discountSubtotal = num(cartOrOrder?.discount_subtotal)
  return {
    total,
    subtotal,
    discount: {
      total: Math.max(0, clean(discountTotal === null ? other.total : discountTotal - total)),
      subtotal: Math.max(0, clean(discountSubtotal === null ? other.subtotal : discountSubtotal - subtotal)),
    },
  }
}
