import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { OPERATION_PRIORITY, operationKeys } from "../../modules/wallet-pass"
import { enqueueOperationStep } from "./steps/enqueue-operation"

export const requestStatusCheckWorkflowId = "request-wallet-pass-status-check"

/** Queues a /status call (checks the key and the account) ahead of everything else. */
export const requestStatusCheckWorkflow = createWorkflow(requestStatusCheckWorkflowId, () => {
  const input = transform({}, () => ({
    method: "status" as const,
    holder_id: null,
    payload: {},
    dedupe_key: operationKeys.statusCheck(),
    priority: OPERATION_PRIORITY.interactive,
  }))
  return new WorkflowResponse(enqueueOperationStep(input))
})
