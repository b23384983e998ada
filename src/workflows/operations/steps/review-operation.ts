import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type ReviewOperationStepInput = {
  id: string
  action: "retry" | "resolve"
  note?: string | null
  actor?: string | null
}

export const reviewOperationStepId = "review-wallet-pass-operation"

/** Retries or resolves a failed / needs-review request; compensation puts it back as it was. */
export const reviewOperationStep = createStep(
  reviewOperationStepId,
  async (input: ReviewOperationStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { before, after } = await walletPass.reviewOperation(input)
    return new StepResponse(after, {
      id: before.id,
      state: before.state,
      next_attempt_at: before.next_attempt_at,
      completed_at: before.completed_at,
      result: before.result,
    })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve(WALLET_PASS_MODULE).restoreOperationState(before)
  }
)
