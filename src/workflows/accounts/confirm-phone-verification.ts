import { MedusaError } from "@medusajs/framework/utils"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../modules/wallet-pass"

export type ConfirmPhoneVerificationInput = { customer_id: string; code: string }

export const confirmPhoneVerificationStepId = "confirm-wallet-pass-phone-verification"

/**
 * Checks the code. A wrong one is counted and refused (NOT_ALLOWED names the attempts left);
 * the count stands even though the workflow fails (it is the point of counting).
 */
const confirmPhoneVerificationStep = createStep(
  confirmPhoneVerificationStepId,
  async (input: ConfirmPhoneVerificationInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const outcome = await walletPass.confirmVerification(input)
    if (!outcome.ok) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, outcome.reason)
    return new StepResponse({ holder_id: outcome.holder_id, moved_from: outcome.moved_from })
  }
)

export const confirmPhoneVerificationWorkflowId = "confirm-wallet-pass-phone-verification"

/**
 * A store account proves its phone with the code it received: the holder is verified for
 * it, and a pass of that phone held by another store customer moves to it
 * (wallet_pass.holder_moved, so pricing follows the pass).
 */
export const confirmPhoneVerificationWorkflow = createWorkflow(
  confirmPhoneVerificationWorkflowId,
  (input: WorkflowData<ConfirmPhoneVerificationInput>) => {
    const confirmed = confirmPhoneVerificationStep(input)
    when({ confirmed }, ({ confirmed }) => confirmed.moved_from !== null).then(() => {
      const data = transform({ confirmed, input }, ({ confirmed, input }) => ({
        holder_id: confirmed.holder_id,
        from_customer_id: confirmed.moved_from,
        to_customer_id: input.customer_id,
        via: "verification",
      }))
      emitEventStep({ eventName: WALLET_PASS_EVENTS.HOLDER_MOVED, data })
    })
    return new WorkflowResponse(confirmed)
  }
)
