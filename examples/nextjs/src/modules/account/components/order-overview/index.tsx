import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import { convertToLocale } from "@lib/util/money"
import { Button } from "@modules/common/components/ui"
import { bonusPaid } from "medusa-plugin-wallet-pass/storefront"
import PaidWithBonus from "@modules/wallet-pass/components/paid-with-bonus"

/** The account's orders, newest first: number, date, total, the bonus paid, the details. */
export default function OrderOverview({
  orders,
  countryCode,
}: {
  orders: HttpTypes.StoreOrder[]
  countryCode: string
}) {
  if (!orders.length)
    return (
      <div className="flex w-full flex-col items-center gap-y-4" data-testid="no-orders-container">
        <h2 className="text-large-semi">Nothing to see here</h2>
        <p className="text-base-regular">You don&apos;t have any orders yet.</p>
      </div>
    )
  return (
    <div className="flex w-full flex-col gap-y-8">
      {orders.map((order) => {
        const items = order.items?.reduce((n, i) => n + i.quantity, 0) ?? 0
        return (
          <div
            key={order.id}
            className="flex flex-col border-b border-gray-200 pb-6 last:border-none"
            data-testid="order-card"
          >
            <div className="mb-1 text-large-semi uppercase">
              #<span data-testid="order-display-id">{order.display_id}</span>
            </div>
            <div className="flex items-center divide-x divide-gray-200 text-small-regular text-ui-fg-base">
              <span className="pr-2">{new Date(order.created_at).toDateString()}</span>
              <span className="px-2" data-testid="order-amount" data-value={order.total}>
                {convertToLocale({ amount: order.total, currency_code: order.currency_code })}
              </span>
              <span className="pl-2">{`${items} ${items > 1 ? "items" : "item"}`}</span>
            </div>
            <PaidWithBonus
              amount={bonusPaid(order).total}
              currencyCode={order.currency_code}
              className="mt-2 flex gap-x-2 text-small-regular text-ui-fg-subtle"
            />
            <div className="mt-4 flex justify-end">
              <Link href={`/${countryCode}/account/orders/details/${order.id}`}>
                <Button variant="secondary" data-testid="order-details-link">
                  See details
                </Button>
              </Link>
            </div>
          </div>
        )
      })}
    </div>
  )
}
