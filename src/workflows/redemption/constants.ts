/**
 * What a cart pays with bonus: line item adjustments of no promotion (the promotion engine
 * leaves adjustments without a code alone), known by their provider, tax-inclusive like the
 * prices they take off. The order keeps them (docs/loyalty.md, "Paying with bonus"). The
 * ledger side of a redemption is the module's (`walletPass.reserveCartRedemption` and the like).
 */
export const REDEMPTION_ADJUSTMENT = {
  code: null,
  description: "Paid with bonus",
  provider_id: "wallet-pass-bonus",
  is_tax_inclusive: true,
} as const

/**
 * Promotion codes of cart redemptions before the bonus became adjustments: one per cart,
 * `WALLETPASS-BONUS-<cart id>`. Carts and orders of then still carry them, and the clean-up
 * job still deletes such promotions.
 */
export const REDEMPTION_PROMOTION_PREFIX = "WALLETPASS-BONUS-"
export const REDEMPTION_MANAGED_BY = "wallet-pass-redemption"

export function redemptionPromotionCode(cartId: string): string {
  return `${REDEMPTION_PROMOTION_PREFIX}${cartId}`
}
