import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ledgerKeys,
  OPERATION_PRIORITY,
  WALLET_PASS_MODULE,
  type WalletPassModuleService,
} from "../../../modules/wallet-pass"
import { floorToMinorUnits } from "../../../lib/amounts"
import { type LedgerChangeCompensation, withdrawLedgerChange } from "../utils/withdraw-ledger-change"
import { refundBeyondReturns, returnedBonusShare, returnedPaidValue } from "../utils/order-shares"
import { reason } from "../../../lib/reasons"
import { maturedAccrualChange } from "./mature-pending-bonus"

export type ReverseOrderAccrualStepInput =
  | { order_id: string; cause: { type: "cancel" } | { type: "return"; return_id: string } }
  | { order_id?: undefined; cause: { type: "refund"; payment_id: string } }

type Compensation = LedgerChangeCompensation
type Output = { reversed: number; pending_taken: number }
type ReversalInput = Parameters<WalletPassModuleService["reverseOrderAccrual"]>[0]

export const reverseOrderAccrualStepId = "reverse-order-accrual"

/**
 * A refund of a payment: the order it paid for and the refunded share of what was paid
 * (captured, else authorised) — the total so far, so each new refund has its own key. For an
 * order with lines only the refund beyond the returned items' paid value counts, against what
 * refunds took (refundBeyondReturns, docs/loyalty.md "Refunds").
 */
async function refundedShare(container: { resolve: (key: string) => any }, paymentId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection_id"],
    filters: { id: paymentId },
  })
  const collectionId = payments[0]?.payment_collection_id
  if (!collectionId) return null
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "amount", "captured_amount", "refunded_amount", "order.id"],
    filters: { id: collectionId },
  })
  const collection = collections[0]
  const orderId: string | undefined = collection?.order?.id
  if (!orderId) return null
  const paid = floorToMinorUnits(collection.captured_amount) || floorToMinorUnits(collection.amount)
  const refunded = floorToMinorUnits(collection.refunded_amount)
  const returnedValue = await returnedPaidValue(container, orderId)
  const share: ReversalInput["share"] =
    returnedValue === null
      ? { upTo: { numerator: refunded, denominator: paid } }
      : refundBeyondReturns(refunded, paid, returnedValue)
  return { orderId, refunded, share }
}

/**
 * A cancel, return or refund of an order whose bonus is pending (docs/loyalty.md, "Pending
 * bonus"): its share comes off what waits, once per cause, with nothing for the ledger or the
 * service; taking it marks the card due (its `pending` text). Answers what was taken, or null when the
 * bonus is not pending: never was, or has matured, and then its accrual is made sure of first
 * (keyed: written once), so the reversal that follows finds it.
 */
async function takeFromPending(container: MedusaContainer, request: ReversalInput): Promise<number | null> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const pending = await walletPass.takePendingBonus({
    order_id: request.order_id,
    dedupe_key: request.dedupe_key,
    share: request.share,
  })
  if (pending.state === "pending") return pending.taken
  if (pending.state === "matured") {
    const change = await maturedAccrualChange(container, pending.decision)
    if (change) await walletPass.applyLedgerEntryAndEnqueue(change.entry, change.operation)
  }
  return null
}

/**
 * Takes back an order's bonus: all that is left of it on cancel, on a return the share the
 * returned lines earned (returnedBonusShare, docs/program.md "Returns"), up to the refunded share on a refund (a refund that repays returned
 * items takes nothing more: refundedShare); once per cause, never more than was credited; from what waits
 * while the bonus is pending (takeFromPending). Compensation
 * cancels the entry this run created and withdraws its request.
 */
export const reverseOrderAccrualStep = createStep(
  reverseOrderAccrualStepId,
  async ({ order_id, cause }: ReverseOrderAccrualStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    let request: ReversalInput | null = null
    if (cause.type === "refund") {
      const refund = await refundedShare(container, cause.payment_id)
      if (refund) {
        request = {
          order_id: refund.orderId,
          dedupe_key: ledgerKeys.orderRefunded(refund.orderId, cause.payment_id, refund.refunded),
          share: refund.share,
          reason: reason("payment_refunded", { payment_id: cause.payment_id }),
          priority: OPERATION_PRIORITY.money,
        }
      }
    } else {
      request = {
        order_id: order_id!,
        dedupe_key:
          cause.type === "cancel"
            ? ledgerKeys.orderCanceled(order_id!)
            : ledgerKeys.orderReturned(order_id!, cause.return_id),
        share: cause.type === "cancel" ? "rest" : await returnedBonusShare(container, order_id!, cause.return_id),
        reason:
          cause.type === "cancel" ? reason("order_canceled") : reason("items_returned", { return_id: cause.return_id }),
        priority: OPERATION_PRIORITY.money,
      }
    }
    const pending = request ? await takeFromPending(container, request) : null
    if (pending !== null) return new StepResponse<Output, Compensation>({ reversed: 0, pending_taken: pending })
    const result = request ? await walletPass.reverseOrderAccrual(request) : null
    const output: Output = { reversed: result?.created ? -result.entry.amount : 0, pending_taken: 0 }
    if (!result?.created) {
      return new StepResponse<Output, Compensation>(output)
    }
    return new StepResponse<Output, Compensation>(output, {
      entry_id: result.entry.id,
      operation_id: result.operation?.id ?? null,
    })
  },
  (created: Compensation | undefined, { container }) => withdrawLedgerChange(container, created)
)
