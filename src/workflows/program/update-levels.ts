import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type LevelPassInput, WALLET_PASS_EVENTS } from "../../modules/wallet-pass"
import { levelEvents } from "./utils/level-events"
import { updateLevelsStep } from "./steps/update-levels"

export const updateLevelsWorkflowId = "update-wallet-pass-levels"

/**
 * Recomputes holders' levels (docs/program.md) and announces what changed:
 * wallet_pass.level_changed for a new level, wallet_pass.privileges_changed for new rates
 * (the discount groups follow it).
 */
export const updateLevelsWorkflow = createWorkflow(updateLevelsWorkflowId, (input: WorkflowData<LevelPassInput>) => {
  const result = updateLevelsStep(input)
  const events = transform({ result }, ({ result }) => levelEvents(result.changes))
  emitEventStep({ eventName: WALLET_PASS_EVENTS.LEVEL_CHANGED, data: events.levels }).config({
    name: "emit-level-changed",
  })
  emitEventStep({ eventName: WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, data: events.rates }).config({
    name: "emit-rates-changed",
  })
  return new WorkflowResponse(result)
})
