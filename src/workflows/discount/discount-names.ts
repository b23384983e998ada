import { BASIS_POINTS_PER_PERCENT } from "../../modules/wallet-pass"

/**
 * The plugin keeps no table for its pricing objects: the customer group and the automatic
 * promotion of each discount percent are found by these names, which their unique
 * constraints (group name, promotion code) make one per percent.
 */

/** `created_by` / metadata marker of the groups and promotions the plugin manages. */
export const DISCOUNT_MANAGED_BY = "medusa-plugin-wallet-pass"
/** Metadata key holding the percent (basis points) of a plugin group or promotion. */
export const DISCOUNT_METADATA_KEY = "wallet_pass_discount_bp"
/** Promotion rule attribute that restricts a promotion to a customer group. */
export const CUSTOMER_GROUP_RULE_ATTRIBUTE = "customer.groups.id"

const GROUP_NAME_PREFIX = "Wallet pass discount "
const PROMOTION_CODE_PREFIX = "WALLETPASS-DISCOUNT-"

/** Basis points -> the percent as written, without trailing zeros: 1000 -> "10", 1250 -> "12.5", 1205 -> "12.05". */
export function discountPercentLabel(basisPoints: number): string {
  if (!Number.isInteger(basisPoints) || basisPoints <= 0 || basisPoints > 100 * BASIS_POINTS_PER_PERCENT) {
    throw new Error(`a discount must be 1..10000 basis points; got ${basisPoints}`)
  }
  const whole = Math.trunc(basisPoints / BASIS_POINTS_PER_PERCENT)
  const hundredths = basisPoints % BASIS_POINTS_PER_PERCENT
  if (hundredths === 0) return `${whole}`
  return `${whole}.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`
}

/** "Wallet pass discount 12.5%" */
export function discountGroupName(basisPoints: number): string {
  return `${GROUP_NAME_PREFIX}${discountPercentLabel(basisPoints)}%`
}

/** "WALLETPASS-DISCOUNT-12_5" (a dot is awkward in a code a person may type; "12_5" and "12_05" stay distinct). */
export function discountPromotionCode(basisPoints: number): string {
  return `${PROMOTION_CODE_PREFIX}${discountPercentLabel(basisPoints).replace(".", "_")}`
}

/** True for a customer group the plugin manages: its metadata marker, or its name (should the metadata be edited away). */
export function isDiscountGroup(group: { name?: string | null; metadata?: Record<string, unknown> | null }): boolean {
  return (
    group.metadata?.[DISCOUNT_METADATA_KEY] !== undefined ||
    new RegExp(`^${GROUP_NAME_PREFIX}\\d{1,3}(\\.\\d{1,2})?%$`).test(group.name ?? "")
  )
}
