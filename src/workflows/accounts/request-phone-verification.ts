import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"

export type RequestPhoneVerificationInput = { holder_id: string; customer_id: string; phone: string }

export const requestPhoneVerificationStepId = "request-wallet-pass-phone-verification"

/** Records a verification and queues its text; compensation withdraws both. */
const requestPhoneVerificationStep = createStep(
  requestPhoneVerificationStepId,
  async (input: RequestPhoneVerificationInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const created = await walletPass.requestVerification(input)
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (!id) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const [verification] = await walletPass.listWalletPassVerifications({ id })
    if (verification?.operation_id) await walletPass.softDeleteWalletPassOperations([verification.operation_id])
    await walletPass.softDeleteWalletPassVerifications([id])
  }
)

export const requestPhoneVerificationWorkflowId = "request-wallet-pass-phone-verification"

/**
 * A store account asks to prove it holds its phone: a code is texted to the phone through
 * the service (user_create_or_update with `sms`), ahead of other work (docs/adoption.md).
 */
export const requestPhoneVerificationWorkflow = createWorkflow(
  requestPhoneVerificationWorkflowId,
  (input: WorkflowData<RequestPhoneVerificationInput>) => new WorkflowResponse(requestPhoneVerificationStep(input))
)
