import { createHook, createWorkflow, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { computeOrderAccrualStep } from "./steps/compute-order-accrual"
import { readOrderAccrualStep } from "./steps/read-order-accrual"
import { recordLedgerChangeStep } from "./steps/record-ledger-change"
import {
  ORDER_BONUS_BASE_HOOK,
  orderBonusBaseResult,
  type OrderBonusBaseHookInput,
  type OrderBonusBaseHookResult,
} from "./order-bonus-base"

export const recordOrderAccrualWorkflowId = "record-order-accrual"

/**
 * Decides the bonus of an order once, from the rates in force when it was placed, and records
 * the decision, "nothing" too (docs/loyalty.md, "Decided once, at placement"); credits it
 * exactly once (keyed `order:<id>:accrual`, so the order event delivered twice or three times,
 * or the order sweep, credits once) and queues balance/add.
 *
 * Hook `setOrderBonusBase` (docs/loyalty.md, "Extending: workflow hooks"): runs only for an
 * order still to decide, between reading it and deciding; its handler answers the base to
 * use (`{ base }`, minor units, 0 to `max_base`) or bases by line (`{ lines }`, the earn rules
 * then applying: docs/program.md, "Earn rules"), nothing to keep the plugin's.
 */
export const recordOrderAccrualWorkflow = createWorkflow(
  recordOrderAccrualWorkflowId,
  (input: WorkflowData<{ order_id: string }>) => {
    const reading = readOrderAccrualStep(input)
    let hook!: ReturnType<
      typeof createHook<typeof ORDER_BONUS_BASE_HOOK, OrderBonusBaseHookInput, OrderBonusBaseHookResult>
    >
    const hookAnswer = when("order-bonus-base-to-decide", { reading }, ({ reading }) => !!reading.pending).then(() => {
      hook = createHook(ORDER_BONUS_BASE_HOOK, reading.pending!.hook_input, {
        resultValidator: orderBonusBaseResult,
      })
      return hook.getResult()
    })
    const change = computeOrderAccrualStep({ reading, hook_answer: hookAnswer })
    return new WorkflowResponse(recordLedgerChangeStep(change), { hooks: [hook] })
  }
)
