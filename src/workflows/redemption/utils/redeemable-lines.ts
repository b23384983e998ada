import { DEFAULT_EARNING, type Earning, lineRules, type Program } from "../../../modules/wallet-pass"

/**
 * Which lines of a cart may be paid with bonus (docs/loyalty.md, "Paying with bonus", "Lines
 * that cannot be paid with bonus"): the program's earning rules in force now decide (a cart is
 * no order yet); gift cards cannot be by default (`earning.giftCards.redeem`), and a rule with
 * `redeem: false` on the line's product tag, type, category or collection takes the line out.
 */

/** What the rules read of a line: its product's collection, type, categories and tags. */
export type LineProductFacts = {
  id: string
  title: string | null
  is_giftcard: boolean
  product_collection_id: string | null
  product_category_ids: string[]
  product_type_id: string | null
  product_tag_ids: string[]
}

/** Why a line cannot be paid with bonus. */
export type ExclusionReason = "gift_card" | "rule"

/** The cart fields the facts come from: the line, its product's collection, type, categories, tags (one query). */
export const LINE_PRODUCT_FIELDS = [
  "items.id",
  "items.title",
  "items.is_giftcard",
  "items.product_id",
  "items.product_type_id",
  "items.product.id",
  "items.product.collection_id",
  "items.product.type_id",
  "items.product.categories.id",
  "items.product.tags.id",
] as const

/** A product as the facts read it (query.graph's `product`, or a cart line's `product`). */
export type ProductFactsRow = {
  id?: string | null
  collection_id?: string | null
  type_id?: string | null
  categories?: ({ id: string } | null)[] | null
  tags?: ({ id: string } | null)[] | null
}

/** A cart or order line as query.graph answers it with LINE_PRODUCT_FIELDS. */
export type LineRow = {
  id: string
  title?: string | null
  is_giftcard?: boolean | null
  product_id?: string | null
  product_type_id?: string | null
  product?: ProductFactsRow | null
}

/** The facts of a line; `product` given apart when the line was read without it (checkout's cart). */
export function lineFactsOf(line: LineRow, product: ProductFactsRow | null = line.product ?? null): LineProductFacts {
  const ids = (list: ({ id: string } | null)[] | null | undefined) => (list ?? []).flatMap((x) => (x ? [x.id] : []))
  return {
    id: line.id,
    title: line.title ?? null,
    is_giftcard: line.is_giftcard === true,
    product_collection_id: product?.collection_id ?? null,
    product_category_ids: ids(product?.categories),
    product_type_id: product?.type_id ?? line.product_type_id ?? null,
    product_tag_ids: ids(product?.tags),
  }
}

/** Rules that exclude nothing (gift cards included). */
export const NO_EARNING_RULES: Earning = { rules: [], giftCards: { earn: true, redeem: true }, campaigns: [] }

/** The earning rules of a program (its schema gives the defaults to a version saved before they existed). */
export function earningOf(program: Program): Earning {
  return program.earning ?? DEFAULT_EARNING
}

/** Null when the line may be paid with bonus, else why not. */
export function exclusionOf(line: LineProductFacts, earning: Earning): ExclusionReason | null {
  if (line.is_giftcard) return earning.giftCards.redeem ? null : "gift_card"
  return lineRules({ ...line, base: 0 }, earning).redeem ? null : "rule"
}
