import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { DISCOUNT_MANAGED_BY, DISCOUNT_METADATA_KEY, discountGroupName } from "../discount-names"

export type EnsureDiscountCustomerGroupStepInput = { basis_points: number }
export type EnsureDiscountCustomerGroupStepOutput = { id: string; name: string; created: boolean }

export const ensureDiscountCustomerGroupStepId = "ensure-discount-customer-group"

/**
 * The customer group of one discount percent ("Wallet pass discount 10%"): found by the
 * plugin's marker (so a merchant may rename it, docs/program.md), else by name, else created. Concurrent runs for the same percent meet at the group's unique name: the
 * loser re-reads and reuses the winner's group. Compensation deletes a group this run
 * created, only while nobody is in it (another run may have started using it).
 */
export const ensureDiscountCustomerGroupStep = createStep(
  ensureDiscountCustomerGroupStepId,
  async ({ basis_points }: EnsureDiscountCustomerGroupStepInput, { container }) => {
    const customers = container.resolve(Modules.CUSTOMER)
    const name = discountGroupName(basis_points)
    // By its marker first: the merchant may rename the group (into their language); then by
    // the name the plugin gives it (a group whose marker was edited away).
    const find = async () => {
      const managed = await customers.listCustomerGroups(
        { created_by: DISCOUNT_MANAGED_BY },
        { select: ["id", "name", "metadata"] }
      )
      const marked = managed.find((g) => Number(g.metadata?.[DISCOUNT_METADATA_KEY]) === basis_points)
      return marked ?? (await customers.listCustomerGroups({ name }, { select: ["id", "name"] }))[0]
    }

    const existing = await find()
    if (existing) {
      return new StepResponse<EnsureDiscountCustomerGroupStepOutput, string | null>(
        { id: existing.id, name: existing.name ?? name, created: false },
        null
      )
    }
    try {
      const group = await customers.createCustomerGroups({
        name,
        created_by: DISCOUNT_MANAGED_BY,
        metadata: { [DISCOUNT_METADATA_KEY]: basis_points, managed_by: DISCOUNT_MANAGED_BY },
      })
      return new StepResponse<EnsureDiscountCustomerGroupStepOutput, string | null>(
        { id: group.id, name, created: true },
        group.id
      )
    } catch (error) {
      const raced = await find()
      if (raced) {
        return new StepResponse<EnsureDiscountCustomerGroupStepOutput, string | null>(
          { id: raced.id, name: raced.name ?? name, created: false },
          null
        )
      }
      throw error
    }
  },
  async (createdGroupId: string | null | undefined, { container }) => {
    if (!createdGroupId) return
    const customers = container.resolve(Modules.CUSTOMER)
    const members = await customers.listCustomers({ groups: createdGroupId }, { select: ["id"], take: 1 })
    if (!members.length) {
      await customers.deleteCustomerGroups([createdGroupId])
    }
  }
)
