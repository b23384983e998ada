import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordLedgerChangeStep } from "../ledger/steps/record-ledger-change"
import { computeProgramBonusStep, type ProgramBonusInput } from "./steps/compute-program-bonus"

export const grantProgramBonusWorkflowId = "grant-wallet-pass-program-bonus"

/**
 * Credits a bonus of the loyalty program to a holder (docs/program.md), exactly once per
 * holder and bonus (its ledger key), and queues balance/add like any credit.
 */
export const grantProgramBonusWorkflow = createWorkflow(
  grantProgramBonusWorkflowId,
  (input: WorkflowData<ProgramBonusInput>) =>
    new WorkflowResponse(recordLedgerChangeStep(computeProgramBonusStep(input)))
)
