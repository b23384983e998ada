import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteRedemptionPromotionStep } from "./steps/delete-redemption-promotion"
import { detachRedemptionPromotionsStep } from "./steps/detach-redemption-promotions"
import { findStaleRedemptionPromotionsStep } from "./steps/find-stale-redemption-promotions"

export const removeStaleBonusPromotionsWorkflowId = "remove-stale-bonus-promotions"

/**
 * Deletes the carts' bonus promotions that can no longer apply (their cart completed, gone
 * or untouched for a week), after taking them off carts still open, so they do not pile
 * up in the store's promotions. Answers the deleted promotion ids.
 */
export const removeStaleBonusPromotionsWorkflow = createWorkflow(removeStaleBonusPromotionsWorkflowId, () => {
  const stale = findStaleRedemptionPromotionsStep()
  const detached = detachRedemptionPromotionsStep(
    transform({ stale }, ({ stale }) => stale.filter((s) => s.open).map(({ cart_id, code }) => ({ cart_id, code })))
  )
  const removed = deleteRedemptionPromotionStep(
    transform({ stale, detached }, ({ stale, detached }) => ({
      codes: stale.filter((s) => !s.open || detached.some((d) => d.code === s.code)).map((s) => s.code),
    }))
  )
  return new WorkflowResponse(removed)
})
