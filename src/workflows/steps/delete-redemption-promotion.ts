import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const deleteRedemptionPromotionStepId = "delete-redemption-promotion"

/** Deletes a cart's bonus promotion (soft delete) if it exists; compensation restores it. */
export const deleteRedemptionPromotionStep = createStep(
  deleteRedemptionPromotionStepId,
  async ({ code }: { code: string }, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const [promotion] = await promotions.listPromotions({ code }, { select: ["id"] })
    if (!promotion) return new StepResponse<{ deleted: string | null }, string | null>({ deleted: null }, null)
    await promotions.softDeletePromotions([promotion.id])
    return new StepResponse<{ deleted: string | null }, string | null>({ deleted: promotion.id }, promotion.id)
  },
  async (id: string | null | undefined, { container }) => {
    if (id) await container.resolve(Modules.PROMOTION).restorePromotions([id])
  }
)
