import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { queueStoreEventStep, type StoreEventInput } from "./steps/queue-store-event"

export const sendStoreEventWorkflowId = "send-wallet-pass-store-event"

/** A store event for the service's triggers, once per event and entity (docs/store-events.md). */
export const sendStoreEventWorkflow = createWorkflow(
  sendStoreEventWorkflowId,
  (input: WorkflowData<StoreEventInput>) => new WorkflowResponse(queueStoreEventStep(input))
)
