import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { applyHolderDiscountWorkflow } from "../workflows/discount/apply-holder-discount"
import { isDiscountGroup } from "../workflows/discount/discount-names"

/**
 * Run once by `medusa db:migrate` (Medusa's migration scripts): the customers without an
 * account that a version before this rule put in a plugin discount group are priced again, so
 * they leave it. A guest cart that names such a customer's e-mail is attached to it, and was
 * priced by that group (docs/security.md, "What an unproven account gets of a pass"). Each is
 * re-priced by applyHolderDiscountWorkflow, which decides by the rule (cartRates); an account
 * in a group is left alone (it changes at its next rate change or proof, as before).
 */
export default async function repriceDiscountGroupsWithoutAccount({
  container,
}: {
  container: MedusaContainer
}): Promise<number> {
  const customers = container.resolve(Modules.CUSTOMER)
  const groups = (await customers.listCustomerGroups({}, { select: ["id", "name", "metadata"], take: null })).filter(
    isDiscountGroup
  )
  if (!groups.length) return 0
  const members = await customers.listCustomers(
    { groups: groups.map((g) => g.id), has_account: false },
    { select: ["id"], take: null }
  )
  for (const { id } of members) {
    await applyHolderDiscountWorkflow(container).run({ input: { customer_id: id } })
  }
  if (members.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`wallet-pass: ${members.length} customers without an account priced again (no discount group)`)
  }
  return members.length
}
