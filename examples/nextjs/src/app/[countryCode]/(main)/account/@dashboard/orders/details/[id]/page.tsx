import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { retrieveOrder } from "@lib/data/orders"
import OrderDetailsTemplate from "@modules/order/templates/order-details-template"

export const metadata: Metadata = { title: "Order details" }

export default async function OrderDetailPage({ params }: { params: Promise<{ countryCode: string; id: string }> }) {
  const { countryCode, id } = await params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) notFound()
  return <OrderDetailsTemplate order={order} countryCode={countryCode} />
}
