import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import { Heading, Text } from "@modules/common/components/ui"
import OrderDetails from "../components/order-details"
import OrderSummary from "../components/order-summary"

export default function OrderDetailsTemplate({
  order,
  countryCode,
}: {
  order: HttpTypes.StoreOrder
  countryCode: string
}) {
  return (
    <div className="flex flex-col justify-center gap-y-4">
      <div className="flex items-center justify-between gap-2">
        <Heading level="h1" className="text-2xl-semi">
          Order details
        </Heading>
        <Link
          href={`/${countryCode}/account/orders`}
          className="text-ui-fg-subtle hover:text-ui-fg-base"
          data-testid="back-to-overview-button"
        >
          ← Back to overview
        </Link>
      </div>
      <div className="flex h-full w-full flex-col gap-4 bg-white" data-testid="order-details-container">
        <OrderDetails order={order} />
        <ul className="flex flex-col gap-y-2 txt-medium">
          {order.items?.map((item) => (
            <li key={item.id}>
              <Text>
                {item.product_title ?? item.title} × {item.quantity}
              </Text>
            </li>
          ))}
        </ul>
        <OrderSummary order={order} />
      </div>
    </div>
  )
}
