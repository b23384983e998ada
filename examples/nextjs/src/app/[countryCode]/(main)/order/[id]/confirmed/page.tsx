import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { retrieveOrder } from "@lib/data/orders"
import OrderCompletedTemplate from "@modules/order/templates/order-completed-template"

export const metadata: Metadata = { title: "Order Confirmed" }

export default async function OrderConfirmedPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) notFound()
  return <OrderCompletedTemplate order={order} />
}
