import { createWorkflow, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { Program } from "../../modules/wallet-pass"
import { saveProgramStep } from "./steps/save-program"

export const saveProgramWorkflowId = "save-wallet-pass-program"

/**
 * An admin saves the loyalty program (docs/program.md): a new version, in force at once;
 * the caller then moves holders to their levels under it (updateAllLevels).
 */
export const saveProgramWorkflow = createWorkflow(
  saveProgramWorkflowId,
  (input: WorkflowData<{ program: Program; actor: string | null }>) => new WorkflowResponse(saveProgramStep(input))
)
