import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { type SyncRunKind, WALLET_PASS_MODULE } from "../../modules/wallet-pass"

export type StartSyncRunInput = { kind: SyncRunKind; requested_by?: string | null }

export const startSyncRunStepId = "start-wallet-pass-sync-run"

/** Starts (or resumes) a run; compensation cancels a run it started and withdraws its queued requests. */
const startSyncRunStep = createStep(
  startSyncRunStepId,
  async (input: StartSyncRunInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { run, created } = await walletPass.startSyncRun(input)
    return new StepResponse({ run_id: run.id, created }, created ? run.id : null)
  },
  async (runId, { container }) => {
    if (!runId) return
    await container.resolve(WALLET_PASS_MODULE).cancelSyncRun(runId)
  }
)

export const startSyncRunWorkflowId = "start-wallet-pass-sync-run"

/**
 * Starts a background sweep over the service's base (docs/adoption.md): the import, the
 * install-flag sync or the drift check; a run of that kind already going is resumed, never
 * doubled. Its requests go at background priority within the plan's share.
 */
export const startSyncRunWorkflow = createWorkflow(
  startSyncRunWorkflowId,
  (input: WorkflowData<StartSyncRunInput>) => new WorkflowResponse(startSyncRunStep(input))
)
