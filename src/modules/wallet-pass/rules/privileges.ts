import type { RatesSource } from "../constants"
import type { WalletPassOptions } from "../options"
import { effectiveBonusBasisPoints } from "./bonus-rate"
import { percentToBasisPoints } from "../../../lib/amounts"

/**
 * What of a pass a store customer may use (docs/security.md). Medusa does not verify the
 * phone an account types, so a pass's rates and cards that came from the service (adopted,
 * set by the service, brought by an install) may be another person's: a signed-up account
 * gets them only once it has proven the phone (a code). A customer without an account cannot
 * sign in, and Medusa attaches a guest cart that names its e-mail to it: a cart or an order of
 * such a customer is priced as a guest's (cartRates).
 */

type HolderLink = { customer_id: string | null; verified_customer_id: string | null }
type HolderRates = { bonus_percent_bp: number | null; discount_percent_bp: number; rates_source: RatesSource }
type Rates = { bonus_bp: number; discount_bp: number }

/** True when the holder's own customer proved the phone (typed the code texted to it). */
function provenByItsCustomer(holder: HolderLink): boolean {
  return holder.verified_customer_id !== null && holder.verified_customer_id === holder.customer_id
}

/**
 * A guest's rates: the program's default bonus (`accrual.bonusPercent`) and no discount, what a
 * phone the service never knew gets, whatever the service set for this one: above the default
 * it would be another person's, below it the difference would tell that the service holds the
 * phone (docs/security.md).
 */
function guestRates(options: WalletPassOptions): Rates {
  return { bonus_bp: percentToBasisPoints(options.accrual.bonusPercent) ?? 0, discount_bp: 0 }
}

/**
 * The rates that apply to an account's pass, basis points: the holder's own when the account
 * proved the phone (`trusted`) or when the program's levels set them (the store's own rule,
 * earned by the account's own orders); otherwise a guest's.
 */
export function usableRates(holder: HolderRates, trusted: boolean, options: WalletPassOptions): Rates {
  if (trusted || holder.rates_source === "level") {
    return { bonus_bp: effectiveBonusBasisPoints(holder, options), discount_bp: holder.discount_percent_bp }
  }
  return guestRates(options)
}

/**
 * The rates a cart or an order of this customer gets, basis points (the discount group a
 * cart is priced by, the rate an order earns). An account's are usableRates (its own once it
 * proved the phone). A customer without an account cannot sign in: anyone who types its
 * e-mail at checkout shops as it, so its carts and orders get a guest's rates, whatever set
 * the holder's (the service, the import, the admin, a level).
 */
export function cartRates(
  holder: HolderLink & HolderRates,
  customer: { has_account: boolean } | null | undefined,
  options: WalletPassOptions
): Rates {
  if (!customer?.has_account) return guestRates(options)
  return usableRates(holder, provenByItsCustomer(holder), options)
}
