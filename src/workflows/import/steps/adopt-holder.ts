import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type AdoptionResult, type ServiceCustomerSnapshot, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type AdoptHolderStepInput = {
  holder_id: string
  /** What the service holds for the phone; null when it did not know it. */
  snapshot: ServiceCustomerSnapshot | null
  /** Only the balance and the state (a createCustomer stores rates and cards in steps of its own). */
  balance_only?: boolean
}

export const adoptHolderStepId = "adopt-wallet-pass-holder"

/**
 * Takes what the service holds for a holder's phone, once (docs/adoption.md). Compensation
 * cancels the opening entry it wrote and puts the adoption state back.
 */
export const adoptHolderStep = createStep(
  adoptHolderStepId,
  async (input: AdoptHolderStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const result = await walletPass.adoptHolder({
      holder_id: input.holder_id,
      snapshot: input.snapshot,
      balanceOnly: input.balance_only,
    })
    return new StepResponse<AdoptionResult, AdoptionResult>(result, result)
  },
  async (done, { container }) => {
    if (!done || done.before === done.state) return
    await container.resolve(WALLET_PASS_MODULE).undoAdoption(done)
  }
)
