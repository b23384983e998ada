import { convertToLocale } from "@lib/util/money"

/**
 * "Paid with bonus −€20.00": the row a totals block shows apart from "Discount" (the cart's,
 * the checkout's, the order confirmation's and the order details'); nothing when no bonus was
 * paid. `amount`: the kit's `bonusPaid(cart or order)` on the table's own basis: `.subtotal`
 * where the rows are without tax and Taxes is a row of its own (the starter's cart totals),
 * `.total` where they include it (the order details); the two are equal in a store without tax.
 */
export default function PaidWithBonus({
  amount,
  currencyCode,
  className = "flex items-center justify-between",
}: {
  amount: number
  currencyCode: string
  className?: string
}) {
  if (!(amount > 0)) return null
  return (
    <div className={className}>
      <span>Paid with bonus</span>
      <span className="text-ui-fg-interactive" data-testid="paid-with-bonus" data-value={amount}>
        - {convertToLocale({ amount, currency_code: currencyCode })}
      </span>
    </div>
  )
}
