import type { PendingShare } from "../types/order-decisions"

/**
 * floor(amount × numerator / denominator), the numerator held to 0..denominator; 0 for no
 * denominator. In integers: a share by the lines' exact bonus (a return's) has numerators and
 * denominators up to 2^53, whose product with an amount a double cannot hold.
 */
export function shareOfAmount(amount: number, { numerator, denominator }: { numerator: number; denominator: number }) {
  if (!(denominator > 0)) return 0
  const part = BigInt(Math.min(Math.max(Math.trunc(numerator), 0), Math.trunc(denominator)))
  return Number((BigInt(Math.trunc(amount)) * part) / BigInt(Math.trunc(denominator)))
}

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
 * share (of what `counted` took: all takes unless given); never more than is left, never below 0.
 */
export function pendingTake(
  amount: number,
  taken: Record<string, number>,
  share: PendingShare,
  counted: Record<string, number> = taken
): number {
  const already = pendingTakenTotal(taken)
  const left = Math.max(0, amount - already)
  const shareOf = (share: { numerator: number; denominator: number }) => shareOfAmount(amount, share)
  const wanted =
    share === "rest" ? left : "upTo" in share ? shareOf(share.upTo) - pendingTakenTotal(counted) : shareOf(share)
  return Math.max(0, Math.min(left, wanted))
}
