import { MedusaError } from "@medusajs/framework/utils"
import { MAX_BALANCE_MINOR, MIN_BALANCE_MINOR } from "../constants"
import { formatBalanceAmount } from "../../../lib/amounts"

/**
 * Sentences about balances that merchants, shoppers and the service read, in the balance
 * currency when it is known (amounts in minor units).
 */

/** "a credit of 12.50 EUR", "a write-off of 3.00 EUR". */
export function describeBalanceChange(amount: number, currencyCode?: string | null): string {
  return `a ${amount < 0 ? "write-off" : "credit"} of ${formatBalanceAmount(Math.abs(amount), currencyCode)}`
}

/** A debit that may not overdraw (a redemption, an admin's debit) asked for more than the balance. */
export function insufficientBalanceMessage(available: number, requested: number, currencyCode?: string | null): string {
  return `Insufficient bonus balance: ${formatBalanceAmount(available, currencyCode)} available, ${formatBalanceAmount(requested, currencyCode)} requested`
}

/** Why a change was refused: it would take the balance beyond what the store keeps. */
export function balanceLimitMessage(balanceBefore: number, amount: number, currencyCode?: string | null): string {
  const after = balanceBefore + amount
  const [edge, limit] = after > MAX_BALANCE_MINOR ? ["largest", MAX_BALANCE_MINOR] : ["lowest", MIN_BALANCE_MINOR]
  return (
    `${describeBalanceChange(amount, currencyCode)} would take the balance to ${formatBalanceAmount(after, currencyCode)}, ` +
    `beyond the ${edge} balance the store keeps (${formatBalanceAmount(limit, currencyCode)})`
  )
}

/**
 * A change refused because it would take the balance beyond ±21,474,836.47 (INVALID_DATA,
 * a 400). Carries the numbers, so a caller that knows the balance currency can say it again
 * in that currency ({@link balanceLimitMessage}).
 */
export class BalanceOutOfRangeError extends MedusaError {
  constructor(
    /** The balance before the change, minor units. */
    readonly balance: number,
    /** The change, signed minor units. */
    readonly amount: number,
    currencyCode?: string | null
  ) {
    super(MedusaError.Types.INVALID_DATA, balanceLimitMessage(balance, amount, currencyCode))
  }
}
