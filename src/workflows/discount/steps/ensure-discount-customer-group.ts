import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { DISCOUNT_MANAGED_BY, DISCOUNT_METADATA_KEY, discountGroupName } from "../discount-names"

export type EnsureDiscountCustomerGroupStepInput = { basis_points: number }
export type EnsureDiscountCustomerGroupStepOutput = { id: string; name: string; created: boolean }

export const ensureDiscountCustomerGroupStepId = "ensure-discount-customer-group"

/**
 * The customer group of one discount percent ("Wallet pass discount 10%"): found by name,
 * else created. Concurrent runs for the same percent meet at the group's unique name: the
 * loser re-reads and reuses the winner's group. Compensation deletes a group this run
 * created, only while nobody is in it (another run may have started using it).
 */
export const ensureDiscountCustomerGroupStep = createStep(
  ensureDiscountCustomerGroupStepId,
  async ({ basis_points }: EnsureDiscountCustomerGroupStepInput, { container }) => {
    const customers = container.resolve(Modules.CUSTOMER)
    const name = discountGroupName(basis_points)
    const find = async () => (await customers.listCustomerGroups({ name }, { select: ["id"] }))[0]

    const existing = await find()
    if (existing) {
      return new StepResponse<EnsureDiscountCustomerGroupStepOutput, string | null>(
        { id: existing.id, name, created: false },
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
          { id: raced.id, name, created: false },
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
