import { z } from "@medusajs/framework/zod"

/**
 * The `setOrderBonusBase` hook of recordOrderAccrualWorkflow (docs/loyalty.md, "Extending:
 * workflow hooks"): what a store's handler gets and may answer. Amounts are integers in
 * hundredths of the currency ("minor units"), as the plugin records them.
 */
export const ORDER_BONUS_BASE_HOOK = "setOrderBonusBase"

/** One line of the order, with what a store picks lines by, cheap to read. */
export type OrderBonusBaseLine = {
  id: string
  title: string | null
  quantity: number
  product_id: string | null
  variant_id: string | null
  variant_sku: string | null
  is_giftcard: boolean
  product_type_id: string | null
  product_collection_id: string | null
  product_category_ids: string[]
  product_tag_ids: string[]
  /** The line after its own discounts, without tax. */
  base: number
}

export type OrderBonusBaseHookInput = {
  order: {
    id: string
    display_id: number | null
    currency_code: string
    customer_id: string
    created_at: string
    items: OrderBonusBaseLine[]
  }
  holder: { id: string; customer_id: string | null }
  /** The base the plugin computed (option `accrual.base`: items after discounts without tax, or the total). */
  base: number
  /** The most a handler may answer: the larger of `base` and the order's items total after discounts, with tax. */
  max_base: number
}

/** A handler's answer: the base to use. No answer (undefined) keeps the plugin's base. */
export type OrderBonusBaseHookResult = { base: number } | undefined

const resultSchema = z
  .object({ base: z.number().int("must be whole minor units").nonnegative("must not be negative") })
  .strict()

/** Medusa's resultValidator: the answer's shape, refused with an error naming the hook. */
export const orderBonusBaseResult = {
  parse(data: unknown): OrderBonusBaseHookResult {
    if (data === undefined) return undefined
    const parsed = resultSchema.safeParse(data)
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.join(".") || "answer"} ${i.message}`).join("; ")
      throw new Error(`${ORDER_BONUS_BASE_HOOK} hook: invalid answer (${why}); expected { base: minor units }`)
    }
    return parsed.data
  },
}

/** The base to decide on: the handler's, checked against the input's bound, or the plugin's. */
export function chosenBase(input: Pick<OrderBonusBaseHookInput, "base" | "max_base">, answer: unknown): number {
  const result = orderBonusBaseResult.parse(answer)
  if (!result) return input.base
  if (result.base > input.max_base) {
    throw new Error(
      `${ORDER_BONUS_BASE_HOOK} hook: base ${result.base} is more than the order's items total ${input.max_base}`
    )
  }
  return result.base
}
