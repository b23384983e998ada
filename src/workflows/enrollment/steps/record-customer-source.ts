import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type RecordCustomerSourceStepInput = { customer_id: string; source: "hook" | "import" }

export const recordCustomerSourceStepId = "record-wallet-pass-customer-source"

/**
 * Marks a store customer the plugin itself created from the service's base (a pass install,
 * the import), in the plugin's own table: such a customer is never enrolled back. Trust is
 * decided from this mark, never from customer metadata, which a store route lets the
 * customer write (docs/security.md). Compensation removes the mark.
 */
export const recordCustomerSourceStep = createStep(
  recordCustomerSourceStepId,
  async (input: RecordCustomerSourceStepInput, { container }) => {
    const [mark] = await container.resolve(WALLET_PASS_MODULE).createWalletPassCustomerSources([input])
    return new StepResponse(mark.id, mark.id)
  },
  async (id: string | undefined, { container }) => {
    if (id) await container.resolve(WALLET_PASS_MODULE).deleteWalletPassCustomerSources([id])
  }
)
