import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_EVENTS } from "../modules/wallet-pass/constants"
import { applyServiceBalanceStep, ApplyServiceBalanceStepInput } from "./steps/apply-service-balance"

export const applyServiceBalanceWorkflowId = "apply-service-balance"

/**
 * The service changed a holder's balance (addBalance hook): a credit (optionally with a
 * lifetime) or a write-off, applied exactly once per transactionId; the echo of our own
 * balance request is attached instead of applied. Emits wallet_pass.balance_changed when
 * the balance really changed.
 */
export const applyServiceBalanceWorkflow = createWorkflow(
  applyServiceBalanceWorkflowId,
  (input: WorkflowData<ApplyServiceBalanceStepInput>) => {
    const result = applyServiceBalanceStep(input)
    when({ result }, ({ result }) => result.created).then(() => {
      const data = transform({ input, result }, ({ input, result }) => ({
        holder_id: input.holder_id,
        entry_id: result.entry_id,
        amount: input.amount,
      }))
      emitEventStep({ eventName: WALLET_PASS_EVENTS.BALANCE_CHANGED, data })
    })
    return new WorkflowResponse(result)
  }
)
