import type { HttpTypes } from "@medusajs/types"
import { Text } from "@modules/common/components/ui"

export default function OrderDetails({ order }: { order: HttpTypes.StoreOrder }) {
  return (
    <div>
      <Text>
        We have sent the order confirmation details to{" "}
        <span className="text-ui-fg-medium-plus font-semibold">{order.email}</span>.
      </Text>
      <Text className="mt-2">
        Order date: <span data-testid="order-date">{new Date(order.created_at).toDateString()}</span>
      </Text>
      <Text className="mt-2 text-ui-fg-interactive">
        Order number: <span data-testid="order-id">{order.display_id}</span>
      </Text>
    </div>
  )
}
