import type { PendingShare } from "../types/order-decisions"

/**
 * Pending bonus (docs/loyalty.md, "Pending bonus"): an order's bonus waits `accrual.pendingDays`
 * before it is credited; a cancel, return or refund meanwhile takes its part off what waits, by
 * the same shares a reversal takes of a credited bonus (services/ledger.ts reverseOrderAccrual).
 * Pure: amounts in minor units, `taken` the amounts already taken by their ledger key.
 */

/** What has been taken of an order's pending bonus so far. */
export const pendingTakenTotal = (taken: Record<string, number>): number =>
  Object.values(taken).reduce((sum, amount) => sum + amount, 0)

/** What is left pending of `amount` (never below 0). */
export const pendingLeft = (amount: number, taken: Record<string, number>): number =>
  Math.max(0, amount - pendingTakenTotal(taken))

/**
 * What a cancel, return or refund takes now of a pending bonus of `amount`: "rest" all that is
 * left; a share its floor of the whole amount; `upTo` whatever brings the total taken up to that
 * share; never more than is left, never below 0.
 */
export function pendingTake(amount: number, taken: Record<string, number>, share: PendingShare): number {
  const already = pendingTakenTotal(taken)
  const left = Math.max(0, amount - already)
  const shareOf = ({ numerator, denominator }: { numerator: number; denominator: number }) =>
    denominator > 0 ? Math.floor((amount * Math.min(Math.max(numerator, 0), denominator)) / denominator) : 0
  const wanted = share === "rest" ? left : "upTo" in share ? shareOf(share.upTo) - already : shareOf(share)
  return Math.max(0, Math.min(left, wanted))
}
