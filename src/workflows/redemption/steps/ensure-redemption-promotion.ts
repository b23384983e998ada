import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PromotionDTO } from "@medusajs/framework/types"
import { REDEMPTION_MANAGED_BY } from "../../../modules/wallet-pass/redemption"
import { fromMinorUnits } from "../../../modules/wallet-pass/utils/amounts"

export type EnsureRedemptionPromotionStepInput = {
  code: string
  cart_id: string
  customer_id: string
  currency_code: string
  /** Minor units, > 0. */
  amount: number
}

type Compensation = { created: string } | { restored: { id: string; value: number } } | null

export const ensureRedemptionPromotionStepId = "ensure-redemption-promotion"

/**
 * The cart's bonus promotion: a fixed, tax-inclusive amount off the order (spread across the
 * items), in the balance currency, usable only by the cart's customer. Made on first use,
 * its value replaced on re-apply. Compensation deletes what it made or restores the value.
 */
export const ensureRedemptionPromotionStep = createStep(
  ensureRedemptionPromotionStepId,
  async (input: EnsureRedemptionPromotionStepInput, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const value = fromMinorUnits(input.amount)
    const find = async (): Promise<PromotionDTO | undefined> =>
      (await promotions.listPromotions({ code: input.code }, { relations: ["application_method"] }))[0]
    let promotion = await find()
    if (!promotion) {
      try {
        const created = await promotions.createPromotions({
          code: input.code,
          type: "standard",
          status: "active",
          is_automatic: false,
          is_tax_inclusive: true,
          application_method: {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value,
            currency_code: input.currency_code,
          },
          rules: [{ attribute: "customer_id", operator: "eq", values: [input.customer_id] }],
          metadata: { managed_by: REDEMPTION_MANAGED_BY, cart_id: input.cart_id },
        })
        return new StepResponse<{ id: string }, Compensation>({ id: created.id }, { created: created.id })
      } catch (error) {
        promotion = await find() // made concurrently (unique code): use it
        if (!promotion) throw error
      }
    }
    const previous = Number(promotion.application_method?.value ?? 0)
    if (previous === value) {
      return new StepResponse<{ id: string }, Compensation>({ id: promotion.id }, null)
    }
    await promotions.updatePromotions([{ id: promotion.id, application_method: { value } }])
    return new StepResponse<{ id: string }, Compensation>(
      { id: promotion.id },
      { restored: { id: promotion.id, value: previous } }
    )
  },
  async (compensation: Compensation | undefined, { container }) => {
    if (!compensation) return
    const promotions = container.resolve(Modules.PROMOTION)
    if ("created" in compensation) {
      await promotions.deletePromotions([compensation.created])
    } else {
      await promotions.updatePromotions([
        { id: compensation.restored.id, application_method: { value: compensation.restored.value } },
      ])
    }
  }
)
