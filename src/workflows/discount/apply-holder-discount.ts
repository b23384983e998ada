import { acquireLockStep, linkCustomerGroupsToCustomerStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ensureDiscountCustomerGroupStep } from "./steps/ensure-discount-customer-group"
import { ensureDiscountPromotionStep } from "./steps/ensure-discount-promotion"
import { refreshDiscountCartsStep } from "./steps/refresh-discount-carts"
import { resolveHolderDiscountStep } from "./steps/resolve-holder-discount"

export type ApplyHolderDiscountWorkflowInput = {
  customer_id: string
  /** False: open carts keep their prices until their next change (a level change: docs/program.md). */
  refresh_carts?: boolean
}

export type ApplyHolderDiscountWorkflowOutput = {
  customer_id: string
  /** The percent applied, in basis points (0: no discount). */
  basis_points: number
  /** The plugin group the customer is in now, null for none. */
  customer_group_id: string | null
  added_group_ids: string[]
  removed_group_ids: string[]
  /** False when `discount.enabled` is off or the customer does not exist. */
  enabled: boolean
}

export const applyHolderDiscountWorkflowId = "apply-holder-discount"

/**
 * Brings a customer's store pricing in line with their holder's discount percent (design
 * docs/loyalty.md), through Medusa's promotion engine: the customer ends in exactly one plugin group,
 * the one of their percent ("Wallet pass discount 10%", with its automatic promotion
 * "WALLETPASS-DISCOUNT-10"), made on first use; at 0% (or without a holder) in none. When
 * membership changed, the customer's open carts are re-priced at once.
 *
 * It reads the percent from the holder row, so it is safe to run again and in any order;
 * runs for one customer are serialised by a lock (configure a shared locking provider
 * with several server instances). Nothing happens when `discount.enabled` is false.
 */
export const applyHolderDiscountWorkflow = createWorkflow(
  applyHolderDiscountWorkflowId,
  (input: WorkflowData<ApplyHolderDiscountWorkflowInput>) => {
    const lockKey = transform({ input }, ({ input }) => `wallet-pass:discount:${input.customer_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120, retryInterval: 0.05 })

    const target = resolveHolderDiscountStep({ customer_id: input.customer_id })

    const isSet = ({ target }: { target: { enabled: boolean; basis_points: number } }) =>
      target.enabled && target.basis_points > 0
    const group = when("wallet-pass-discount-is-set", { target }, isSet).then(() => {
      const group = ensureDiscountCustomerGroupStep({ basis_points: target.basis_points })
      const promotionInput = transform({ target, group }, ({ target, group }) => ({
        basis_points: target.basis_points,
        customer_group_id: group.id,
      }))
      ensureDiscountPromotionStep(promotionInput)
      return group
    })

    const membership = transform({ target, group }, ({ target, group }) => {
      const keep = target.enabled && target.basis_points > 0 ? (group?.id ?? null) : null
      const current = target.group_ids
      return {
        id: target.customer_id,
        keep,
        add: target.enabled && keep && !current.includes(keep) ? [keep] : [],
        remove: target.enabled ? current.filter((id) => id !== keep) : [],
      }
    })

    const changed = ({ membership }: { membership: { add: string[]; remove: string[] } }) =>
      membership.add.length + membership.remove.length > 0
    when("wallet-pass-discount-membership-changed", { membership }, changed).then(() => {
      const links = transform({ membership }, ({ membership }) => ({
        id: membership.id,
        add: membership.add,
        remove: membership.remove,
      }))
      linkCustomerGroupsToCustomerStep(links)
      const skip = transform({ input }, ({ input }) => input.refresh_carts === false)
      refreshDiscountCartsStep({ customer_id: input.customer_id, skip })
    })

    releaseLockStep({ key: lockKey })

    const result = transform({ target, membership }, ({ target, membership }) => ({
      customer_id: target.customer_id,
      basis_points: target.enabled ? target.basis_points : 0,
      customer_group_id: target.enabled ? membership.keep : null,
      added_group_ids: membership.add,
      removed_group_ids: membership.remove,
      enabled: target.enabled,
    }))
    return new WorkflowResponse<ApplyHolderDiscountWorkflowOutput>(result)
  }
)
