import { createWorkflow, transform, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ledgerKeys, OPERATION_PRIORITY, operationKeys } from "../../modules/wallet-pass"
import { recordLedgerChangeStep } from "./steps/record-ledger-change"
import { resolveCustomerHolderStep } from "../enrollment/steps/resolve-customer-holder"

export type AdjustHolderBalanceInput = {
  customer_id: string
  /** Signed minor units. */
  amount: number
  reason: string
  actor?: string | null
  /** The balance currency, named in a refusal's message. */
  currency_code?: string | null
}

export const adjustHolderBalanceWorkflowId = "adjust-wallet-pass-holder-balance"

/**
 * An admin credits or debits a customer's bonus with a reason: a `manual` ledger entry (a
 * debit can't take the balance below zero) and balance/add or balance/deduct queued ahead
 * of other work.
 */
export const adjustHolderBalanceWorkflow = createWorkflow(
  adjustHolderBalanceWorkflowId,
  (input: WorkflowData<AdjustHolderBalanceInput>) => {
    const holder = resolveCustomerHolderStep({ customer_id: input.customer_id })
    const change = transform({ input, holder }, ({ input, holder }) => {
      const key = ledgerKeys.manual()
      return {
        entry: {
          holder_id: holder.id,
          amount: input.amount,
          kind: "manual" as const,
          dedupe_key: key,
          reason: input.reason,
          forbid_overdraft: input.amount < 0,
          metadata: { actor: input.actor ?? null },
          currency_code: input.currency_code ?? null,
        },
        operation: {
          method: input.amount > 0 ? ("balance_add" as const) : ("balance_deduct" as const),
          payload: {},
          dedupe_key: operationKeys.forEntry(key),
          priority: OPERATION_PRIORITY.money,
        },
      }
    })
    return new WorkflowResponse(recordLedgerChangeStep(change))
  }
)
