import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { REDEMPTION_PROMOTION_PREFIX } from "../constants"

/** A cart untouched this long will not pay with its bonus any more: its promotion goes. */
export const STALE_BONUS_CART_DAYS = 7
const PAGE = 200

/** A cart's bonus promotion that can no longer apply; `open`: its cart exists, not completed (the code is taken off it first). */
export type StaleRedemptionPromotion = { code: string; cart_id: string; open: boolean }

export const findStaleRedemptionPromotionsStepId = "find-stale-redemption-promotions"

/**
 * Bonus promotions (`WALLETPASS-BONUS-<cart>`) whose cart was completed (an order placed
 * before the order's own clean-up existed, or whose clean-up failed), is gone, or was not
 * touched for {@link STALE_BONUS_CART_DAYS} days. Reads only.
 */
export const findStaleRedemptionPromotionsStep = createStep(
  findStaleRedemptionPromotionsStepId,
  async (_: void, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const carts = container.resolve(Modules.CART)
    const cutoff = Date.now() - STALE_BONUS_CART_DAYS * 86_400_000
    const stale: StaleRedemptionPromotion[] = []
    // Paged by offset over a list nothing changes while it is read (deleting comes later).
    for (let offset = 0; ; offset += PAGE) {
      const page = await promotions.listPromotions(
        { code: { $like: `${REDEMPTION_PROMOTION_PREFIX}%` } },
        { select: ["id", "code", "metadata"], take: PAGE, skip: offset, order: { id: "ASC" } }
      )
      const cartOf = new Map(
        page.map((p) => [
          p.code!,
          (p.metadata as { cart_id?: string } | null)?.cart_id ?? p.code!.slice(REDEMPTION_PROMOTION_PREFIX.length),
        ])
      )
      const found = cartOf.size
        ? await carts.listCarts({ id: [...cartOf.values()] }, { select: ["id", "completed_at", "updated_at"] })
        : []
      const byId = new Map(found.map((c) => [c.id, c]))
      for (const [code, cartId] of cartOf) {
        const cart = byId.get(cartId)
        const open = !!cart && !cart.completed_at
        if (!open || new Date(cart!.updated_at as Date).getTime() < cutoff) stale.push({ code, cart_id: cartId, open })
      }
      if (page.length < PAGE) break
    }
    return new StepResponse<StaleRedemptionPromotion[]>(stale)
  }
)
