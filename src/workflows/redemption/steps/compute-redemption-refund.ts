import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerKeys, OPERATION_PRIORITY, operationKeys, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import type { RecordLedgerChangeStepInput } from "../../ledger/steps/record-ledger-change"
import { reason } from "../../../lib/reasons"

export const computeRedemptionRefundStepId = "compute-redemption-refund"

/**
 * What a canceled order gives back: the bonus it paid with (its applied redemptions), as one
 * `redemption_refund` keyed `order:<id>:redeem:refund` with a balance/add. Null when it paid none.
 */
export const computeRedemptionRefundStep = createStep(
  computeRedemptionRefundStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const entries = await walletPass.listWalletPassLedgerEntries({ order_id, kind: "redemption", state: "applied" })
    const paid = -entries.reduce((sum, e) => sum + e.amount, 0)
    if (!entries.length || paid <= 0) return new StepResponse<RecordLedgerChangeStepInput>(null)
    return new StepResponse<RecordLedgerChangeStepInput>({
      entry: {
        holder_id: entries[0].holder_id,
        amount: paid,
        kind: "redemption_refund",
        dedupe_key: ledgerKeys.redemptionRefund(order_id),
        order_id,
        reason: reason("redemption_refund"),
      },
      operation: {
        method: "balance_add",
        payload: {},
        dedupe_key: operationKeys.forEntry(ledgerKeys.redemptionRefund(order_id)),
        priority: OPERATION_PRIORITY.money,
      },
    })
  }
)
