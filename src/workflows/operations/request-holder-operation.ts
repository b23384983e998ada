import { createWorkflow, transform, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { OPERATION_PRIORITY, operationKeys, OperationMethod } from "../../modules/wallet-pass"
import { enqueueOperationStep } from "./steps/enqueue-operation"
import { resolveCustomerHolderStep } from "../enrollment/steps/resolve-customer-holder"

export type RequestHolderOperationInput = {
  customer_id: string
  method: OperationMethod
  payload: Record<string, unknown>
}

export const requestHolderOperationWorkflowId = "request-wallet-pass-holder-operation"

/**
 * An admin's request about one customer's pass (refresh from the service, personal push,
 * install link, event): queued at interactive priority, ahead of accruals and bulk work.
 */
export const requestHolderOperationWorkflow = createWorkflow(
  requestHolderOperationWorkflowId,
  (input: WorkflowData<RequestHolderOperationInput>) => {
    const holder = resolveCustomerHolderStep({ customer_id: input.customer_id })
    const operation = transform({ input, holder }, ({ input, holder }) => ({
      method: input.method,
      holder_id: holder.id,
      payload: input.payload,
      dedupe_key: operationKeys.adminRequest(input.method),
      priority: OPERATION_PRIORITY.interactive,
    }))
    return new WorkflowResponse(enqueueOperationStep(operation))
  }
)
