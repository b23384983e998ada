import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { floorToMinorUnits } from "../../../lib/amounts"

/** The returned share of an order's items, by list value (unit price x quantity). */
export async function returnedShare(container: { resolve: (key: string) => any }, orderId: string, returnId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: returns }] = await Promise.all([
    query.graph({ entity: "order", fields: ["items.*"], filters: { id: orderId } }),
    query.graph({
      entity: "return",
      fields: ["id", "items.item_id", "items.quantity", "items.received_quantity"],
      filters: { id: returnId },
    }),
  ])
  const items = new Map<string, { quantity: number; value: number }>()
  let denominator = 0
  for (const item of orders[0]?.items ?? []) {
    // Ordered quantity x unit price: fixed at order time (item totals shrink as items come back).
    const value = floorToMinorUnits(item.unit_price) * Number(item.quantity)
    items.set(item.id, { quantity: Number(item.quantity), value })
    denominator += value
  }
  let numerator = 0
  for (const r of returns[0]?.items ?? []) {
    const item = items.get(r.item_id)
    const quantity = Number(r.received_quantity ?? r.quantity ?? 0)
    if (item && item.quantity > 0) numerator += Math.floor((item.value * quantity) / item.quantity)
  }
  return { numerator, denominator }
}
