import type { HttpTypes } from "@medusajs/types"
import CartTotals from "@modules/common/components/cart-totals"
import { Heading, Text } from "@modules/common/components/ui"
import OrderDetails from "../components/order-details"

export default function OrderCompletedTemplate({ order }: { order: HttpTypes.StoreOrder }) {
  return (
    <div className="min-h-[calc(100vh-64px)] py-6">
      <div className="content-container flex h-full w-full max-w-4xl flex-col items-center justify-center gap-y-10">
        <div
          className="flex h-full w-full max-w-4xl flex-col gap-4 bg-white py-10"
          data-testid="order-complete-container"
        >
          <Heading level="h1" className="mb-4 flex flex-col gap-y-3 text-3xl text-ui-fg-base">
            <span>Thank you!</span>
            <span>Your order was placed successfully.</span>
          </Heading>
          <OrderDetails order={order} />
          <Heading level="h2" className="flex flex-row text-3xl-regular">
            Summary
          </Heading>
          <ul className="flex flex-col gap-y-2 txt-medium">
            {order.items?.map((item) => (
              <li key={item.id} className="flex justify-between">
                <Text>
                  {item.product_title ?? item.title} × {item.quantity}
                </Text>
              </li>
            ))}
          </ul>
          <CartTotals totals={order} />
        </div>
      </div>
    </div>
  )
}
