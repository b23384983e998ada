import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordReferralStep, type RecordReferralInput } from "./steps/record-referral"

export const recordReferralWorkflowId = "record-wallet-pass-referral"

/** Records who brought a customer, once (docs/program.md, "Referral"); the bonuses follow when the first order stands. */
export const recordReferralWorkflow = createWorkflow(
  recordReferralWorkflowId,
  (input: WorkflowData<RecordReferralInput>) => new WorkflowResponse(recordReferralStep(input))
)
