import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { WALLET_PASS_MODULE } from "../../../modules/wallet-pass"

export type FindPassCustomerStepInput = { phone: string; email?: string | null }
export type FindPassCustomerStepOutput = {
  /** The store customer to link: the holder's, else one with this phone, else null. */
  customer_id: string | null
  /** An email already used by a guest customer cannot be given to a new one. */
  email_available: boolean
}

export const findPassCustomerStepId = "find-pass-customer"

/**
 * Finds the store customer for a phone (E.164): the customer already linked to the holder,
 * else a customer whose phone is that number (with or without the `+`), registered
 * accounts first.
 */
export const findPassCustomerStep = createStep(
  findPassCustomerStepId,
  async ({ phone, email }: FindPassCustomerStepInput, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const customers = container.resolve(Modules.CUSTOMER)
    const [holder] = await walletPass.listWalletPassHolders({ phone }, { select: ["id", "customer_id"] })
    let customerId: string | null = null
    if (holder?.customer_id) {
      const [linked] = await customers.listCustomers({ id: holder.customer_id }, { select: ["id"] })
      customerId = linked?.id ?? null
    }
    if (!customerId) {
      // The customer module's typed filters have no phone; query.graph filters any column.
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "customer",
        fields: ["id", "has_account", "created_at"],
        filters: { phone: [phone, phone.slice(1)] },
      })
      const [match] = [...data].sort(
        (a, b) => Number(b.has_account) - Number(a.has_account) || +new Date(a.created_at) - +new Date(b.created_at)
      )
      customerId = match?.id ?? null
    }
    let emailAvailable = Boolean(email)
    if (!customerId && email) {
      const taken = await customers.listCustomers({ email, has_account: false }, { select: ["id"], take: 1 })
      emailAvailable = taken.length === 0
    }
    return new StepResponse<FindPassCustomerStepOutput>({ customer_id: customerId, email_available: emailAvailable })
  }
)
