import { PromotionActions } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  refreshPaymentCollectionForCartWorkflow,
  releaseLockStep,
  updateCartPromotionsWorkflow,
} from "@medusajs/medusa/core-flows"
import { deleteRedemptionPromotionStep } from "./steps/delete-redemption-promotion"
import { resolveCartRedemptionStep } from "./steps/resolve-cart-redemption"
import { setCartBonusStep } from "./steps/set-cart-bonus"

export type ApplyCartRedemptionWorkflowInput = {
  cart_id: string
  /** The signed-in customer; the cart must be theirs. */
  customer_id: string
  /** Minor units of the balance; 0 removes the bonus from the cart. */
  amount: number
}

export const applyCartRedemptionWorkflowId = "apply-cart-redemption"

/**
 * Pays part of a cart with bonus, or stops doing so (amount 0): the cart's bonus adjustments
 * are replaced (setCartBonusStep: no promotion, so the card's discount is taken on the price
 * whatever came first, and the bonus pays part of what is left), then the payment collection
 * follows the new total. The amount is limited to the balance and to
 * `redemption.maxOrderPercent` of the lines that may be paid with bonus (no gift card, no line a
 * rule of the program keeps from it), and goes on those lines only; nothing is taken from the balance here (see the
 * completeCart validate hook). A cart still paying with a bonus promotion (from before the
 * adjustments) has it taken off and deleted. Runs for one cart are serialised by a lock.
 */
export const applyCartRedemptionWorkflow = createWorkflow(
  applyCartRedemptionWorkflowId,
  (input: WorkflowData<ApplyCartRedemptionWorkflowInput>) => {
    const lockKey = transform({ input }, ({ input }) => `wallet-pass:redeem:${input.cart_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120, retryInterval: 0.05 })

    const decision = resolveCartRedemptionStep(input)

    when("wallet-pass-redemption-promotion", { decision }, ({ decision }) => decision.promotion_applied).then(() => {
      updateCartPromotionsWorkflow.runAsStep({
        input: transform({ decision }, ({ decision }) => ({
          cart_id: decision.cart_id,
          promo_codes: [decision.code],
          action: PromotionActions.REMOVE,
        })),
      })
      deleteRedemptionPromotionStep(transform({ decision }, ({ decision }) => ({ codes: [decision.code] })))
    })

    setCartBonusStep(
      transform({ decision }, ({ decision }) => ({
        cart_id: decision.cart_id,
        amount: decision.amount,
        item_ids: decision.item_ids,
      }))
    )
    refreshPaymentCollectionForCartWorkflow.runAsStep({
      input: transform({ decision }, ({ decision }) => ({ cart_id: decision.cart_id })),
    })

    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(decision)
  }
)
