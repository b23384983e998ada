import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type OrderDecisionRow, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { accrualLedgerChange } from "./compute-order-accrual"
import type { RecordLedgerChangeStepInput } from "./record-ledger-change"

export const maturePendingBonusStepId = "mature-pending-bonus"

/**
 * The accrual of a matured pending bonus (docs/loyalty.md, "Pending bonus"): what was left of it
 * (`matured_amount`), keyed as any order's accrual (`order:<id>:accrual`), so writing it twice
 * (two instances, a retry, a cancel that makes sure of it) credits once. Null for nothing left.
 */
export async function maturedAccrualChange(
  container: MedusaContainer,
  decision: OrderDecisionRow
): Promise<RecordLedgerChangeStepInput> {
  if (!decision.matured_at || !decision.matured_amount || decision.matured_amount <= 0) return null
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "display_id"],
    filters: { id: decision.order_id },
  })
  return accrualLedgerChange(decision, data[0]?.display_id ?? decision.order_id, decision.matured_amount, {
    pending_until: new Date(decision.pending_until!).toISOString(),
    pending_amount: decision.amount,
  })
}

/** Matures an order's pending bonus if its days are over (the database's clock), and answers its accrual. */
export const maturePendingBonusStep = createStep(
  maturePendingBonusStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const decision = await container.resolve(WALLET_PASS_MODULE).maturePendingBonus(order_id)
    return new StepResponse<RecordLedgerChangeStepInput>(
      decision ? await maturedAccrualChange(container, decision) : null
    )
  }
)
