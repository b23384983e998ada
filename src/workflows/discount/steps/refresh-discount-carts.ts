import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"

export type RefreshDiscountCartsStepInput = { customer_id: string; skip?: boolean }
export type RefreshDiscountCartsStepOutput = { refreshed_cart_ids: string[]; failed_cart_ids: string[] }

export const refreshDiscountCartsStepId = "refresh-discount-carts"

/**
 * Re-prices the customer's open carts (not completed) after their discount group changed,
 * with Medusa's own refresh (refreshCartItemsWorkflow, what every cart change runs): it
 * re-evaluates automatic promotions against the customer's groups, keeps the promotion
 * codes already on the cart, refreshes shipping prices and the payment collection amount.
 *
 * A cart whose checkout has started (it has a payment session: a refresh would drop it and
 * fail the completion under way) or that cannot be refreshed now is skipped (the latter
 * logged): it is re-priced on its next change, and the discount itself stays applied.
 * Nothing to compensate: cart prices are derived from group membership, which the
 * workflow's own compensation restores.
 */
export const refreshDiscountCartsStep = createStep(
  refreshDiscountCartsStepId,
  async ({ customer_id, skip }: RefreshDiscountCartsStepInput, { container }) => {
    if (skip)
      return new StepResponse<RefreshDiscountCartsStepOutput, null>(
        { refreshed_cart_ids: [], failed_cart_ids: [] },
        null
      )
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { data: carts } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "cart",
      fields: ["id", "payment_collection.payment_sessions.id"],
      filters: { customer_id, completed_at: null },
    })
    const output: RefreshDiscountCartsStepOutput = { refreshed_cart_ids: [], failed_cart_ids: [] }
    for (const cart of carts) {
      if (cart.payment_collection?.payment_sessions?.length) {
        // Its checkout has started: a refresh would drop the payment session and fail the
        // completion under way. It keeps its price until its next change.
        output.failed_cart_ids.push(cart.id)
        continue
      }
      try {
        await refreshCartItemsWorkflow(container).run({ input: { cart_id: cart.id } })
        output.refreshed_cart_ids.push(cart.id)
      } catch (error) {
        output.failed_cart_ids.push(cart.id)
        logger.warn(
          `wallet-pass: cart ${cart.id} of customer ${customer_id} keeps its old discount until its next change: ${(error as Error).message}`
        )
      }
    }
    return new StepResponse(output, null)
  }
)
