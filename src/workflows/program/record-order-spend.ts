import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { computeOrderSpendStep, type OrderSpendCause } from "./steps/compute-order-spend"
import { updateLevelsWorkflow } from "./update-levels"

export const recordOrderSpendWorkflowId = "record-wallet-pass-order-spend"

/**
 * An order placed, canceled or returned: what it counts toward its customer's level is
 * recorded once, and the customer's level follows in the same transaction (docs/program.md).
 */
export const recordOrderSpendWorkflow = createWorkflow(
  recordOrderSpendWorkflowId,
  (input: WorkflowData<{ order_id: string; cause: OrderSpendCause }>) => {
    const spend = computeOrderSpendStep(input)
    const levels = when({ spend }, ({ spend }) => !!spend).then(() =>
      updateLevelsWorkflow.runAsStep({ input: transform({ spend }, ({ spend }) => ({ spend: spend! })) })
    )
    return new WorkflowResponse(transform({ levels }, ({ levels }) => levels ?? null))
  }
)
