import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ForwardedEvent } from "../../../modules/wallet-pass"
import { type EventValue, eventValueParts, eventValueText } from "../../../lib/event-values"
import type { StoreEventInput } from "../steps/queue-store-event"

/** The data Medusa's events carry (order ids, a fulfillment's, a return's). */
export type ForwardedEventData = { id?: string; order_id?: string; fulfillment_id?: string; return_id?: string }

type OrderFacts = {
  id: string
  display_id?: number | null
  customer_id?: string | null
  /** A guest checkout's customer has no account (has_account false). */
  customer?: { has_account?: boolean | null } | null
  currency_code?: string
  total?: unknown
}

const ORDER_FIELDS = ["id", "display_id", "customer_id", "customer.has_account", "currency_code", "total"]

/** "12": the order as a value names it ("#12"). */
const orderRef = (order: OrderFacts) => String(order.display_id ?? order.id)

/**
 * What one of Medusa's events means for the service's triggers (docs/store-events.md): the
 * entity it is once for, whose it is, and its value. Null when the event names nothing the
 * store has (a fulfillment of no order).
 */
export async function describeForwardedEvent(
  container: MedusaContainer,
  name: ForwardedEvent,
  data: ForwardedEventData
): Promise<StoreEventInput | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const order = async (id: string | undefined) =>
    id
      ? ((await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id } })).data[0] as
          OrderFacts | undefined)
      : undefined
  const fulfillment = async (id: string | undefined) => {
    if (!id) return undefined
    const { data: rows } = await query.graph({
      entity: "fulfillment",
      fields: ["id", "items.quantity", "labels.tracking_number", ...ORDER_FIELDS.map((f) => `order.${f}`)],
      filters: { id },
    })
    return rows[0] as
      | { id: string; items?: { quantity?: unknown }[]; labels?: { tracking_number?: string }[]; order?: OrderFacts }
      | undefined
  }
  const forOrder = (o: OrderFacts, entity_id: string, parts: EventValue): StoreEventInput => ({
    name,
    entity_id,
    customer_id: o.customer_id ?? null,
    guest: !o.customer_id || o.customer?.has_account === false,
    value: eventValueText(parts),
    value_parts: parts,
  })

  switch (name) {
    case "order.placed":
    case "order.completed":
    case "order.canceled": {
      const o = await order(data.id)
      return o
        ? forOrder(
            o,
            o.id,
            eventValueParts("order_total", {
              order: orderRef(o),
              amount: Number(o.total ?? 0),
              currency: o.currency_code,
            })
          )
        : null
    }
    case "order.fulfillment_created":
    case "shipment.created":
    case "delivery.created": {
      const f = await fulfillment(name === "order.fulfillment_created" ? data.fulfillment_id : data.id)
      const o = f?.order ?? (await order(data.order_id))
      if (!f || !o) return null
      const items = (f.items ?? []).reduce((n, i) => n + Number(i.quantity ?? 0), 0)
      const tracking = (f.labels ?? []).map((l) => l.tracking_number).filter(Boolean)
      const parts =
        name === "shipment.created" && tracking.length
          ? eventValueParts("order_tracking", { order: orderRef(o), tracking: tracking.join(", ") })
          : eventValueParts("order_items", { order: orderRef(o), items })
      return forOrder(o, f.id, parts)
    }
    case "order.return_received": {
      const o = await order(data.order_id)
      if (!o || !data.return_id) return null
      const { data: returns } = await query.graph({
        entity: "return",
        fields: ["id", "items.received_quantity", "refund_amount"],
        filters: { id: data.return_id },
      })
      const r = returns[0] as { items?: { received_quantity?: unknown }[]; refund_amount?: unknown } | undefined
      const items = (r?.items ?? []).reduce((n, i) => n + Number(i.received_quantity ?? 0), 0)
      return forOrder(o, data.return_id, eventValueParts("order_returned", { order: orderRef(o), items }))
    }
  }
}
