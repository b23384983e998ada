import { PromotionActions } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep, updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import { deleteRedemptionPromotionStep } from "./steps/delete-redemption-promotion"
import { ensureRedemptionPromotionStep } from "./steps/ensure-redemption-promotion"
import { resolveCartRedemptionStep, ResolveCartRedemptionStepOutput } from "./steps/resolve-cart-redemption"

export type ApplyCartRedemptionWorkflowInput = {
  cart_id: string
  /** The signed-in customer; the cart must be theirs. */
  customer_id: string
  /** Minor units of the balance; 0 removes the bonus from the cart. */
  amount: number
}

export const applyCartRedemptionWorkflowId = "apply-cart-redemption"

/**
 * Pays part of a cart with bonus, or stops doing so (amount 0): the cart's own fixed
 * promotion (`WALLETPASS-BONUS-<cart id>`) is made or re-valued and applied through Medusa's
 * promotion engine, so totals, taxes and the order record are right; removing takes it off
 * the cart and deletes it. The amount is limited to the balance and to
 * `redemption.maxOrderPercent` of the cart; nothing is taken from the balance here (see
 * the completeCart validate hook). Runs for one cart are serialised by a lock.
 */
export const applyCartRedemptionWorkflow = createWorkflow(
  applyCartRedemptionWorkflowId,
  (input: WorkflowData<ApplyCartRedemptionWorkflowInput>) => {
    const lockKey = transform({ input }, ({ input }) => `wallet-pass:redeem:${input.cart_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120, retryInterval: 0.05 })

    const decision = resolveCartRedemptionStep(input)
    const applies = ({ decision }: { decision: ResolveCartRedemptionStepOutput }) => decision.amount > 0

    when("wallet-pass-redemption-applies", { decision }, applies).then(() => {
      ensureRedemptionPromotionStep(
        transform({ decision }, ({ decision }) => ({
          code: decision.code,
          cart_id: decision.cart_id,
          customer_id: decision.customer_id,
          currency_code: decision.currency_code,
          amount: decision.amount,
        }))
      )
    })

    updateCartPromotionsWorkflow.runAsStep({
      input: transform({ decision }, ({ decision }) => ({
        cart_id: decision.cart_id,
        promo_codes: [decision.code],
        action: decision.amount > 0 ? PromotionActions.ADD : PromotionActions.REMOVE,
        force_refresh_payment_collection: true,
      })),
    })

    when("wallet-pass-redemption-removed", { decision }, ({ decision }) => decision.amount === 0).then(() => {
      deleteRedemptionPromotionStep(transform({ decision }, ({ decision }) => ({ codes: [decision.code] })))
    })

    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(decision)
  }
)
