import { ContainerRegistrationKeys, PromotionActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"

type Detach = { cart_id: string; code: string }

export const detachRedemptionPromotionsStepId = "detach-redemption-promotions"

/**
 * Takes bonus codes off open carts (Medusa's updateCartPromotionsWorkflow, so the carts'
 * totals follow). A cart that cannot be updated is logged and left out of the output, so
 * its promotion is kept. Compensation puts the codes back on the carts it changed.
 */
export const detachRedemptionPromotionsStep = createStep(
  detachRedemptionPromotionsStepId,
  async (input: Detach[], { container }) => {
    const detached: Detach[] = []
    for (const { cart_id, code } of input) {
      try {
        await updateCartPromotionsWorkflow(container).run({
          input: { cart_id, promo_codes: [code], action: PromotionActions.REMOVE },
        })
        detached.push({ cart_id, code })
      } catch (e) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`wallet-pass: could not take bonus code ${code} off cart ${cart_id}: ${(e as Error).message}`)
      }
    }
    return new StepResponse<Detach[], Detach[]>(detached, detached)
  },
  async (detached: Detach[] | undefined, { container }) => {
    for (const { cart_id, code } of detached ?? []) {
      await updateCartPromotionsWorkflow(container).run({
        input: { cart_id, promo_codes: [code], action: PromotionActions.ADD },
      })
    }
  }
)
