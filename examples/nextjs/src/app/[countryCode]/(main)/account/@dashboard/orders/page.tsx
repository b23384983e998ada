import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { listOrders } from "@lib/data/orders"
import OrderOverview from "@modules/account/components/order-overview"

export const metadata: Metadata = { title: "Orders" }

export default async function Orders({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const orders = await listOrders().catch(() => null)
  if (!orders) notFound()
  return (
    <div className="w-full" data-testid="orders-page-wrapper">
      <div className="mb-8 flex flex-col gap-y-4">
        <h1 className="text-2xl-semi">Orders</h1>
        <p className="text-base-regular">View your previous orders and their status.</p>
      </div>
      <OrderOverview orders={orders} countryCode={countryCode} />
    </div>
  )
}
