import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_EVENTS } from "../../modules/wallet-pass"
import { basisPointsToPercent } from "../../lib/amounts"
import { setHolderPrivilegesStep, SetHolderPrivilegesStepInput } from "./steps/set-holder-privileges"

export const setHolderPrivilegesWorkflowId = "set-holder-privileges"

/**
 * The service set a holder's bonus and/or discount percent (setPrivileges hook). Only the
 * rates sent change. wallet_pass.privileges_changed tells the pricing side when a rate
 * really changed.
 */
export const setHolderPrivilegesWorkflow = createWorkflow(
  setHolderPrivilegesWorkflowId,
  (input: WorkflowData<SetHolderPrivilegesStepInput>) => {
    const result = setHolderPrivilegesStep(input)
    when({ result }, ({ result }) => result.bonus_changed || result.discount_changed).then(() => {
      const data = transform({ result }, ({ result }) => ({
        holder_id: result.holder_id,
        customer_id: result.customer_id,
        bonus_percent: result.bonus_percent_bp === null ? null : basisPointsToPercent(result.bonus_percent_bp),
        discount_percent: basisPointsToPercent(result.discount_percent_bp),
        discount_changed: result.discount_changed,
      }))
      emitEventStep({ eventName: WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, data })
    })
    return new WorkflowResponse(result)
  }
)
