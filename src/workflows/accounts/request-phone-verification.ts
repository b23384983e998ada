import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../modules/wallet-pass"

export type RequestPhoneVerificationInput = {
  /** The holder of the phone; null when no pass has it (the answer is the same, no text goes). */
  holder_id: string | null
  customer_id: string
  phone: string
  /** The phone's country (ISO alpha-2), kept with the counted text. */
  country: string | null
  /** The phone's range (country code and first digits), shared out within a class of sender. */
  phone_range: string | null
  /** The client's address, counted against `texts.perAddress` and its prefix's share. */
  address: string | null
  /** Whether the account has an order: a stake (docs/security.md, "Texts"). */
  ordered: boolean
}

export const requestPhoneVerificationStepId = "request-wallet-pass-phone-verification"

/**
 * Records a verification and queues its text, or answers the `texts` limit it is over
 * (nothing recorded); compensation withdraws both.
 */
const requestPhoneVerificationStep = createStep(
  requestPhoneVerificationStepId,
  async (input: RequestPhoneVerificationInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const created = await walletPass.requestVerification(input)
    return new StepResponse(created, created.ok ? created.id : undefined)
  },
  async (id, { container }) => {
    if (!id) return
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const [verification] = await walletPass.listWalletPassVerifications({ id })
    if (verification?.operation_id) await walletPass.withdrawOperations([verification.operation_id])
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
