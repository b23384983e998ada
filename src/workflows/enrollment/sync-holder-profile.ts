import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncHolderProfileStep } from "./steps/sync-holder-profile"

export const syncHolderProfileWorkflowId = "sync-holder-profile"

/** A store customer changed: their pass profile follows (customer.updated). */
export const syncHolderProfileWorkflow = createWorkflow(
  syncHolderProfileWorkflowId,
  (input: WorkflowData<{ customer_id: string }>) => new WorkflowResponse(syncHolderProfileStep(input))
)
