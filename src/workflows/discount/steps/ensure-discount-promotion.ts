import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { PromotionDTO } from "@medusajs/framework/types"
import { basisPointsToPercent } from "../../../lib/amounts"
import {
  CUSTOMER_GROUP_RULE_ATTRIBUTE,
  DISCOUNT_MANAGED_BY,
  DISCOUNT_METADATA_KEY,
  discountPromotionCode,
} from "../discount-names"

export type EnsureDiscountPromotionStepInput = { basis_points: number; customer_group_id: string }
export type EnsureDiscountPromotionStepOutput = { id: string; code: string; created: boolean }

type Compensation =
  | null
  | { created: string; customer_group_id: string }
  | { rule_restored: { id: string; values: string[] } }
  | { rule_added: { promotion_id: string; rule_id: string } }

export const ensureDiscountPromotionStepId = "ensure-discount-promotion"

/**
 * The automatic promotion of one discount percent ("WALLETPASS-DISCOUNT-10"): percentage of
 * the order, spread across the items, only for customers in the percent's group. Found by
 * code, else created; a concurrent creation (unique code) is re-read and reused. An
 * existing promotion whose group rule no longer names the group (the merchant deleted the
 * group and it was made again) is pointed at it. Its status and value are the merchant's:
 * set it inactive in the admin to pause a percent. No currency: a percent applies in every
 * currency. Compensation undoes what this run did (a created promotion only while its group
 * is empty).
 */
export const ensureDiscountPromotionStep = createStep(
  ensureDiscountPromotionStepId,
  async ({ basis_points, customer_group_id }: EnsureDiscountPromotionStepInput, { container }) => {
    const promotions = container.resolve(Modules.PROMOTION)
    const code = discountPromotionCode(basis_points)
    const find = async (): Promise<PromotionDTO | undefined> =>
      (await promotions.listPromotions({ code }, { relations: ["rules", "rules.values"] }))[0]

    let promotion = await find()
    if (!promotion) {
      try {
        const created = await promotions.createPromotions({
          code,
          type: "standard",
          status: "active",
          is_automatic: true,
          application_method: {
            type: "percentage",
            target_type: "order",
            allocation: "across",
            value: basisPointsToPercent(basis_points),
          },
          rules: [{ attribute: CUSTOMER_GROUP_RULE_ATTRIBUTE, operator: "in", values: [customer_group_id] }],
          metadata: { [DISCOUNT_METADATA_KEY]: basis_points, managed_by: DISCOUNT_MANAGED_BY },
        })
        return new StepResponse<EnsureDiscountPromotionStepOutput, Compensation>(
          { id: created.id, code, created: true },
          { created: created.id, customer_group_id }
        )
      } catch (error) {
        promotion = await find()
        if (!promotion) throw error
      }
    }

    const output: EnsureDiscountPromotionStepOutput = { id: promotion.id, code, created: false }
    const rule = promotion.rules?.find((r) => r.attribute === CUSTOMER_GROUP_RULE_ATTRIBUTE)
    const values = (rule?.values ?? []).map((v) => v.value ?? "")
    if (rule && rule.operator === "in" && values.length === 1 && values[0] === customer_group_id) {
      return new StepResponse<EnsureDiscountPromotionStepOutput, Compensation>(output, null)
    }
    if (rule) {
      await promotions.updatePromotionRules([{ id: rule.id, operator: "in", values: [customer_group_id] }])
      return new StepResponse<EnsureDiscountPromotionStepOutput, Compensation>(output, {
        rule_restored: { id: rule.id, values },
      })
    }
    // Without a group rule the promotion would discount every customer.
    const [added] = await promotions.addPromotionRules(promotion.id, [
      { attribute: CUSTOMER_GROUP_RULE_ATTRIBUTE, operator: "in", values: [customer_group_id] },
    ])
    return new StepResponse<EnsureDiscountPromotionStepOutput, Compensation>(output, {
      rule_added: { promotion_id: promotion.id, rule_id: added.id },
    })
  },
  async (compensation: Compensation | undefined, { container }) => {
    if (!compensation) return
    const promotions = container.resolve(Modules.PROMOTION)
    if ("created" in compensation) {
      const members = await container
        .resolve(Modules.CUSTOMER)
        .listCustomers({ groups: compensation.customer_group_id }, { select: ["id"], take: 1 })
      if (!members.length) await promotions.deletePromotions([compensation.created])
    } else if ("rule_restored" in compensation) {
      await promotions.updatePromotionRules([compensation.rule_restored])
    } else {
      await promotions.removePromotionRules(compensation.rule_added.promotion_id, [compensation.rule_added.rule_id])
    }
  }
)
