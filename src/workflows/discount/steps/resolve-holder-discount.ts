import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { cartRates, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { isDiscountGroup } from "../discount-names"

export type ResolveHolderDiscountStepInput = { customer_id: string }

export type ResolveHolderDiscountStepOutput = {
  customer_id: string
  /** False when `discount.enabled` is off or the customer no longer exists: nothing is changed. */
  enabled: boolean
  /**
   * The discount that applies now, read from the database rather than an event: 0 without a
   * holder, for an account that has not proven the phone, and for a customer without an
   * account (a guest cart that names its e-mail is attached to it).
   */
  basis_points: number
  /** Plugin discount groups the customer is in now. */
  group_ids: string[]
}

export const resolveHolderDiscountStepId = "resolve-holder-discount"

/**
 * Reads what a customer's discount should be and where they stand: the holder's current
 * percent (events may arrive late or out of order, the row is the truth) and the plugin
 * groups the customer is in. Reads only.
 */
export const resolveHolderDiscountStep = createStep(
  resolveHolderDiscountStepId,
  async ({ customer_id }: ResolveHolderDiscountStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const [customer] = await container
      .resolve(Modules.CUSTOMER)
      .listCustomers(
        { id: customer_id },
        { select: ["id", "has_account", "groups.id", "groups.name", "groups.metadata"], relations: ["groups"] }
      )
    const [holder] = await walletPass.listWalletPassHolders(
      { customer_id },
      {
        select: [
          "id",
          "customer_id",
          "verified_customer_id",
          "bonus_percent_bp",
          "discount_percent_bp",
          "rates_source",
        ],
      }
    )
    const options = walletPass.getOptions()
    const output: ResolveHolderDiscountStepOutput = {
      customer_id,
      enabled: options.discount.enabled && !!customer,
      // Only an account that proved the phone is in a discount group (docs/security.md).
      basis_points: holder ? cartRates(holder, customer, options).discount_bp : 0,
      group_ids: (customer?.groups ?? []).filter(isDiscountGroup).map((group) => group.id),
    }
    return new StepResponse(output)
  }
)
