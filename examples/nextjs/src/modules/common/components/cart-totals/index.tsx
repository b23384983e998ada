"use client"

import { convertToLocale } from "@lib/util/money"
import { bonusPaid, type BonusPaidSource } from "medusa-plugin-wallet-pass/storefront"
import PaidWithBonus from "@modules/wallet-pass/components/paid-with-bonus"

type CartTotalsProps = {
  totals: {
    total?: number | null
    subtotal?: number | null
    tax_total?: number | null
    currency_code: string
    item_subtotal?: number | null
    shipping_subtotal?: number | null
    discount_subtotal?: number | null
    // The wallet pass: the items' adjustments (bonusPaid).
    items?: BonusPaidSource["items"]
  }
}

/** The totals of a cart or an order (the cart, the checkout, the order confirmation and details). */
export default function CartTotals({ totals }: CartTotalsProps) {
  const { currency_code, total, tax_total, item_subtotal, shipping_subtotal } = totals
  // The wallet pass: the bonus paid is shown apart from the discounts, which Medusa counts it among.
  const paid = bonusPaid(totals)
  // The rows are without tax (the subtotals, then Taxes): the bonus's share without tax too, so
  // they add up to the total.
  const bonus = paid.subtotal
  const discount = paid.discount.subtotal
  const money = (amount?: number | null) => convertToLocale({ amount: amount ?? 0, currency_code })
  return (
    <div>
      <div className="flex flex-col gap-y-2 txt-medium text-ui-fg-subtle">
        <div className="flex items-center justify-between">
          <span>Subtotal (excl. shipping and taxes)</span>
          <span data-testid="cart-subtotal" data-value={item_subtotal || 0}>
            {money(item_subtotal)}
          </span>
        </div>
        <div className="flex items-center justify-between">
          <span>Shipping</span>
          <span data-testid="cart-shipping" data-value={shipping_subtotal || 0}>
            {money(shipping_subtotal)}
          </span>
        </div>
        {!!discount && (
          <div className="flex items-center justify-between">
            <span>Discount</span>
            <span className="text-ui-fg-interactive" data-testid="cart-discount" data-value={discount}>
              - {money(discount)}
            </span>
          </div>
        )}
        <PaidWithBonus amount={bonus} currencyCode={currency_code} />
        <div className="flex justify-between">
          <span>Taxes</span>
          <span data-testid="cart-taxes" data-value={tax_total || 0}>
            {money(tax_total)}
          </span>
        </div>
      </div>
      <div className="my-4 h-px w-full border-b border-gray-200" />
      <div className="mb-2 flex items-center justify-between txt-medium text-ui-fg-base">
        <span>Total</span>
        <span className="txt-xlarge-plus" data-testid="cart-total" data-value={total || 0}>
          {money(total)}
        </span>
      </div>
      <div className="mt-4 h-px w-full border-b border-gray-200" />
    </div>
  )
}
