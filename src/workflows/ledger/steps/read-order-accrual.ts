import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartRates, type OrderDecisionRow, WALLET_PASS_MODULE } from "../../../modules/wallet-pass"
import { floorToMinorUnits } from "../../../lib/amounts"
import { balanceCurrency } from "../../../utils/currency"
import type { OrderBonusBaseHookInput, OrderBonusBaseLine } from "../order-bonus-base"
import { ITEM_TOTALS_FIELDS } from "../../../utils/totals-fields"

export const readOrderAccrualStepId = "read-order-accrual"

export type OrderRow = {
  id: string
  display_id?: number | null
  customer_id?: string | null
  item_total: unknown
  item_tax_total: unknown
  total: unknown
  created_at: Date | string
}
export type HolderRow = { id: string; customer_id: string | null; verified_customer_id: string | null } & Parameters<
  typeof cartRates
>[0]

/**
 * What deciding an order's bonus starts from: the decision already recorded, or why the
 * order earns nothing (`skip`), or, for an order still to decide, `pending` with the
 * setOrderBonusBase hook's input (docs/loyalty.md, "Extending: workflow hooks").
 */
export type OrderAccrualReading = {
  order_id: string
  display_id: number | null
  skip: string | null
  decision: OrderDecisionRow | null
  pending: { order: OrderRow; holder: HolderRow; currency: string; hook_input: OrderBonusBaseHookInput } | null
}

type ItemRow = {
  id: string
  title?: string | null
  quantity: unknown
  product_id?: string | null
  variant_id?: string | null
  variant_sku?: string | null
  is_giftcard?: boolean | null
  product_type_id?: string | null
  total: unknown
  tax_total: unknown
}
type ProductRow = {
  id: string
  collection_id?: string | null
  type_id?: string | null
  categories?: { id: string }[] | null
  tags?: { id: string }[] | null
}

const minor = (v: unknown) => floorToMinorUnits(Number(v ?? 0))

/** The plugin's accrual base (option `accrual.base`): items after discounts without tax, or the order total. */
function pluginBase(order: OrderRow, base: "subtotal" | "total"): number {
  return base === "total" ? minor(order.total) : minor(order.item_total) - minor(order.item_tax_total)
}

/** The order's lines as the hook gets them: one query for their products' collection, type, categories, tags. */
async function linesOf(container: MedusaContainer, items: ItemRow[]): Promise<OrderBonusBaseLine[]> {
  const ids = [...new Set(items.map((i) => i.product_id).filter((id): id is string => !!id))]
  const products = new Map<string, ProductRow>()
  if (ids.length) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "product",
      fields: ["id", "collection_id", "type_id", "categories.id", "tags.id"],
      filters: { id: ids },
    })
    for (const p of data as ProductRow[]) products.set(p.id, p)
  }
  return items.map((item) => {
    const product = item.product_id ? products.get(item.product_id) : undefined
    return {
      id: item.id,
      title: item.title ?? null,
      quantity: Number(item.quantity ?? 0),
      product_id: item.product_id ?? null,
      variant_id: item.variant_id ?? null,
      variant_sku: item.variant_sku ?? null,
      is_giftcard: item.is_giftcard === true,
      product_type_id: item.product_type_id ?? product?.type_id ?? null,
      product_collection_id: product?.collection_id ?? null,
      product_category_ids: (product?.categories ?? []).map((c) => c.id),
      product_tag_ids: (product?.tags ?? []).map((t) => t.id),
      base: minor(item.total) - minor(item.tax_total),
      total: minor(item.total),
    }
  })
}

/**
 * Reads what an order's bonus is decided from (docs/loyalty.md, "Decided once, at
 * placement"): the decision already recorded (a repeat of the event, the order sweep), or the
 * reason the order earns nothing, or the order, its lines and holder and the plugin's base,
 * for the setOrderBonusBase hook and then computeOrderAccrualStep. Reads only.
 */
export const readOrderAccrualStep = createStep(
  readOrderAccrualStepId,
  async ({ order_id }: { order_id: string }, { container }) => {
    const walletPass = container.resolve(WALLET_PASS_MODULE)
    const reading: OrderAccrualReading = { order_id, display_id: null, skip: null, decision: null, pending: null }
    const done = (skip: string | null) => new StepResponse<OrderAccrualReading>({ ...reading, skip })
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "currency_code",
        "customer_id",
        "item_total",
        "item_tax_total",
        "total",
        "status",
        "created_at",
      ],
      filters: { id: order_id },
    })
    const order = data[0]
    if (!order) return done("order not found")
    reading.display_id = order.display_id ?? null
    if (order.status === "canceled") return done("order is canceled")
    reading.decision = await walletPass.retrieveOrderDecision(order_id)
    if (reading.decision) return done(null)
    const currency = await balanceCurrency(container)
    if (!currency || order.currency_code?.toLowerCase() !== currency) {
      return done(`order currency ${order.currency_code} is not the balance currency ${currency}`)
    }
    if (!order.customer_id) return done("order has no customer")
    const [holder] = await walletPass.listWalletPassHolders({ customer_id: order.customer_id })
    if (!holder) return done("customer has no wallet pass")
    if (!holder.phone) {
      return done(`customer is not enrolled (${holder.enrollment_error ?? holder.enrollment_state})`)
    }
    const { data: withItems } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      // item_total: the order module computes the lines' totals only with an order total asked
      // for; ITEM_TOTALS_FIELDS: those totals right on Medusa 2.18 too (src/utils/totals-fields.ts).
      fields: [
        ...new Set([
          "id",
          "item_total",
          "items.id",
          "items.title",
          "items.quantity",
          "items.product_id",
          "items.variant_id",
          "items.variant_sku",
          "items.is_giftcard",
          "items.product_type_id",
          "items.total",
          "items.tax_total",
          ...ITEM_TOTALS_FIELDS,
        ]),
      ],
      filters: { id: order_id },
    })
    const row = order as OrderRow
    const base = pluginBase(row, walletPass.getOptions().accrual.base)
    reading.pending = {
      order: row,
      holder,
      currency,
      hook_input: {
        order: {
          id: order.id,
          display_id: order.display_id ?? null,
          currency_code: currency,
          customer_id: order.customer_id,
          created_at: new Date(order.created_at).toISOString(),
          items: await linesOf(container, (withItems[0]?.items ?? []) as ItemRow[]),
        },
        holder: { id: holder.id, customer_id: holder.customer_id ?? null },
        base,
        max_base: Math.max(base, minor(order.item_total)),
      },
    }
    return done(null)
  }
)
