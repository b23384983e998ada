import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type EnqueueInput, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export const enqueueOperationStepId = "enqueue-wallet-pass-operation"

/** Queues a request to the service (once per dedupe key); compensation withdraws one this run queued. */
export const enqueueOperationStep = createStep(
  enqueueOperationStepId,
  async (input: EnqueueInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const { operation, created } = await walletPass.enqueueOperation(input)
    return new StepResponse(operation, created ? operation.id : undefined)
  },
  async (createdId: string | undefined, { container }) => {
    if (!createdId) return
    await container.resolve(WALLET_PASS_MODULE).withdrawOperations([createdId])
  }
)
