import type { OrderBonusBaseLine } from "../order-bonus-base"

/** A line of the setOrderBonusBase hook's input for the unit specs: no product facts unless given. */
export const hookLine = (
  id: string,
  base: number,
  total: number,
  facts: Partial<OrderBonusBaseLine> = {}
): OrderBonusBaseLine => ({
  id,
  title: null,
  quantity: 1,
  product_id: null,
  variant_id: null,
  variant_sku: null,
  is_giftcard: false,
  product_type_id: null,
  product_collection_id: null,
  product_category_ids: [],
  product_tag_ids: [],
  base,
  total,
  ...facts,
})
