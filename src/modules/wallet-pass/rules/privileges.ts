import type { RatesSource } from "../constants"
import type { WalletPassOptions } from "../options"
import { effectiveBonusBasisPoints } from "./bonus-rate"
import { percentToBasisPoints } from "../../../lib/amounts"

/**
 * What of a pass a store customer may use (docs/security.md). Medusa does not verify the
 * phone an account types, so a pass's rates and cards that came from the service (adopted,
 * set by the service, brought by an install) may be another person's: a signed-up account
 * gets them only once it has proven the phone (a code). A customer without an account (the
 * admin's, or one the plugin made from an install) typed no phone: theirs are theirs.
 */

/** True when the customer may use everything of the holder: no account of their own, or the account proved the phone. */
export function holderTrusted(
  holder: { customer_id: string | null; verified_customer_id: string | null },
  customer: { has_account: boolean } | null | undefined
): boolean {
  if (!customer?.has_account) return true
  return holder.verified_customer_id !== null && holder.verified_customer_id === holder.customer_id
}

/**
 * The rates that apply to a customer's pass, basis points: the holder's own when trusted or
 * when the program's levels set them (the store's own rule, earned by the customer's own
 * orders); otherwise never above the program's default bonus (`accrual.bonusPercent`), and
 * no discount.
 */
export function usableRates(
  holder: { bonus_percent_bp: number | null; discount_percent_bp: number; rates_source: RatesSource },
  trusted: boolean,
  options: WalletPassOptions
): { bonus_bp: number; discount_bp: number } {
  const own = effectiveBonusBasisPoints(holder, options)
  if (trusted || holder.rates_source === "level") return { bonus_bp: own, discount_bp: holder.discount_percent_bp }
  const byDefault = percentToBasisPoints(options.accrual.bonusPercent) ?? 0
  return { bonus_bp: Math.min(own, byDefault), discount_bp: 0 }
}
