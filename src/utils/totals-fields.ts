/**
 * The line fields Medusa computes a line's totals from. A query that asks a cart's or an
 * order's total (`total`, `item_total`, `items.total`, ...) and also names fields of its
 * `items` or `shipping_methods` names these too: Medusa 2.18 then loads only the named fields
 * of those lines, and every total comes out 0 (2.19 loads the lines whole). Named, the totals
 * are the same on every 2.x the plugin supports (README, "Compatibility").
 */
export const ITEM_TOTALS_FIELDS = [
  "items.unit_price",
  "items.quantity",
  "items.is_tax_inclusive",
  "items.compare_at_unit_price",
  "items.tax_lines.*",
  "items.adjustments.*",
] as const

/** The shipping methods' counterpart of {@link ITEM_TOTALS_FIELDS}. */
export const SHIPPING_TOTALS_FIELDS = [
  "shipping_methods.amount",
  "shipping_methods.is_tax_inclusive",
  "shipping_methods.tax_lines.*",
  "shipping_methods.adjustments.*",
] as const
