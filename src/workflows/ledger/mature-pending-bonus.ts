import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"
import { maturePendingBonusStep } from "./steps/mature-pending-bonus"
import { recordLedgerChangeStep } from "./steps/record-ledger-change"

export const maturePendingBonusWorkflowId = "mature-pending-bonus"

/**
 * An order's pending bonus whose days are over becomes spendable (docs/loyalty.md, "Pending
 * bonus"): what cancels and returns left of it is credited exactly once, as an accrual at
 * placement is (`order:<id>:accrual`), and balance/add queued.
 */
export const maturePendingBonusWorkflow = createWorkflow(
  maturePendingBonusWorkflowId,
  (input: WorkflowData<{ order_id: string }>) =>
    new WorkflowResponse(recordLedgerChangeStep(maturePendingBonusStep(input)))
)

/**
 * One run of the maturity (the job's, src/jobs/mature-wallet-pass-pending-bonus.ts): the orders
 * whose pending bonus is due by the database's clock, at most `limit`, each matured by the
 * workflow (the maturity marks the holder's card due: its `pending` text moved). Answers how
 * many orders were looked at and how many credits were written by this run; a failure is left
 * for the next run (the order stays due).
 */
export async function maturePendingBonuses(
  container: MedusaContainer,
  input: { limit?: number } = {}
): Promise<{ due: number; credited: number; failed: number }> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const orderIds = await walletPass.listDuePendingBonuses({ limit: input.limit ?? 200 })
  let credited = 0
  let failed = 0
  for (const orderId of orderIds) {
    try {
      const { result } = await maturePendingBonusWorkflow(container).run({ input: { order_id: orderId } })
      if (result.created) credited++
    } catch (e) {
      failed++
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `wallet-pass: pending bonus of order ${orderId} not credited (tried again next run): ${(e as Error).message}`
        )
    }
  }
  return { due: orderIds.length, credited, failed }
}
