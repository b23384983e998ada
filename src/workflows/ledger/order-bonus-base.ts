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
  /** The line after its own discounts, with tax (its base with `accrual.base: "total"`). */
  total: number
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

/**
 * A handler's answer. `{ base }`: the whole order's base, earning the rate in force with no
 * earn rules (what the hook meant before earn rules). `{ lines }`: bases of some lines by line
 * id (each 0 to the larger of the line's `base` and `total`), the program's earn rules then
 * applying line by line; a line left out keeps its base. No answer (undefined) keeps the
 * plugin's lines and base (docs/program.md, "Earn rules").
 */
export type OrderBonusBaseHookResult = { base: number } | { lines: Record<string, number> } | undefined

const minorUnits = z.number().int("must be whole minor units").nonnegative("must not be negative")
const baseSchema = z.object({ base: minorUnits }).strict()
const linesSchema = z.object({ lines: z.record(z.string(), minorUnits) }).strict()

/** Medusa's resultValidator: the answer's shape, refused with an error naming the hook. */
export const orderBonusBaseResult = {
  parse(data: unknown): OrderBonusBaseHookResult {
    if (data === undefined) return undefined
    const byLines = typeof data === "object" && data !== null && "lines" in data
    const parsed = byLines ? linesSchema.safeParse(data) : baseSchema.safeParse(data)
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.join(".") || "answer"} ${i.message}`).join("; ")
      throw new Error(
        `${ORDER_BONUS_BASE_HOOK} hook: invalid answer (${why}); expected { base: minor units } or { lines: { [line id]: minor units } }`
      )
    }
    return parsed.data
  },
}

/** What the handler chose: nothing (the plugin's lines), one base for the order, or bases by line. */
export type OrderBonusBaseChoice =
  { kind: "plugin" } | { kind: "base"; base: number } | { kind: "lines"; lines: Record<string, number> }

/** The handler's answer, checked against the input's bounds (the order's, each line's). */
export function chosenBases(
  input: Pick<OrderBonusBaseHookInput, "base" | "max_base"> & { order?: { items: OrderBonusBaseLine[] } },
  answer: unknown
): OrderBonusBaseChoice {
  const result = orderBonusBaseResult.parse(answer)
  if (!result) return { kind: "plugin" }
  if ("base" in result) {
    if (result.base > input.max_base) {
      throw new Error(
        `${ORDER_BONUS_BASE_HOOK} hook: base ${result.base} is more than the order's items total ${input.max_base}`
      )
    }
    return { kind: "base", base: result.base }
  }
  const items = new Map((input.order?.items ?? []).map((line) => [line.id, line]))
  for (const [id, base] of Object.entries(result.lines)) {
    const line = items.get(id)
    if (!line) throw new Error(`${ORDER_BONUS_BASE_HOOK} hook: lines.${id} is not a line of the order`)
    const max = Math.max(line.base, line.total)
    if (base > max) {
      throw new Error(`${ORDER_BONUS_BASE_HOOK} hook: lines.${id} base ${base} is more than the line's total ${max}`)
    }
  }
  return { kind: "lines", lines: result.lines }
}
