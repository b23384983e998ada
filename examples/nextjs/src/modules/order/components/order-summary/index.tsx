import type { HttpTypes } from "@medusajs/types"
import { convertToLocale } from "@lib/util/money"
import { bonusPaid } from "medusa-plugin-wallet-pass/storefront"
import PaidWithBonus from "@modules/wallet-pass/components/paid-with-bonus"

/** An order's totals in the account's order details. */
export default function OrderSummary({ order }: { order: HttpTypes.StoreOrder }) {
  const money = (amount?: number | null) => convertToLocale({ amount: amount ?? 0, currency_code: order.currency_code })
  // The wallet pass: the bonus paid, apart from the discounts Medusa counts it among.
  const paid = bonusPaid(order)
  const bonus = paid.total
  const discount = paid.discount.total
  return (
    <div>
      <h2 className="text-base-semi">Order Summary</h2>
      <div className="my-2 text-small-regular text-ui-fg-base">
        <div className="mb-2 flex items-center justify-between text-base-regular text-ui-fg-base">
          <span>Subtotal</span>
          <span>{money(order.item_subtotal)}</span>
        </div>
        <div className="flex flex-col gap-y-1">
          {discount > 0 && (
            <div className="flex items-center justify-between">
              <span>Discount</span>
              <span data-testid="order-discount">- {money(discount)}</span>
            </div>
          )}
          <PaidWithBonus amount={bonus} currencyCode={order.currency_code} />
          <div className="flex items-center justify-between">
            <span>Shipping</span>
            <span>{money(order.shipping_total)}</span>
          </div>
          <div className="flex items-center justify-between">
            <span>Taxes</span>
            <span>{money(order.tax_total)}</span>
          </div>
        </div>
        <div className="my-4 h-px w-full border-b border-dashed border-gray-200" />
        <div className="mb-2 flex items-center justify-between text-base-regular text-ui-fg-base">
          <span>Total</span>
          <span data-testid="order-total" data-value={order.total}>
            {money(order.total)}
          </span>
        </div>
      </div>
    </div>
  )
}
