import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const deleteRedemptionPromotionStepId = "delete-redemption-promotion"

/** Deletes carts' bonus promotions (soft delete) that exist; compensation restores them. */
export const deleteRedemptionPromotionStep = createStep(
  deleteRedemptionPromotionStepId,
  async ({ codes }: { codes: string[] }, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const found = codes.length ? await promotions.listPromotions({ code: codes }, { select: ["id"] }) : []
    const ids = found.map((p) => p.id)
    if (ids.length) await promotions.softDeletePromotions(ids)
    return new StepResponse<{ deleted: string[] }, string[]>({ deleted: ids }, ids)
  },
  async (ids: string[] | undefined, { container }) => {
    if (ids?.length) await container.resolve(Modules.PROMOTION).restorePromotions(ids)
  }
)
