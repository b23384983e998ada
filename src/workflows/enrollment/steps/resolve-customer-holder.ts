import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export const resolveCustomerHolderStepId = "resolve-customer-holder"

/** The holder of a customer that the service knows (a phone); a clear 400/404 otherwise. */
export const resolveCustomerHolderStep = createStep(
  resolveCustomerHolderStepId,
  async ({ customer_id }: { customer_id: string }, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const [holder] = await walletPass.listWalletPassHolders({ customer_id })
    if (!holder) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Customer ${customer_id} has no wallet pass`)
    }
    if (!holder.phone) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Customer ${customer_id} is not enrolled (${holder.enrollment_error ?? holder.enrollment_state})`
      )
    }
    return new StepResponse({ id: holder.id, phone: holder.phone })
  }
)
