import type { HttpTypes } from "@medusajs/types"
import CartTotals from "@modules/common/components/cart-totals"
import { Heading } from "@modules/common/components/ui"

export default function CheckoutSummary({ cart }: { cart: HttpTypes.StoreCart }) {
  return (
    <div className="sticky top-0 flex flex-col-reverse gap-y-8 py-8 small:flex-col small:py-0">
      <div className="flex w-full flex-col bg-white">
        <Heading level="h2" className="flex flex-row items-baseline text-3xl-regular">
          In your Cart
        </Heading>
        <div className="my-6 h-px w-full border-b border-gray-200" />
        <ul className="mb-6 flex flex-col gap-y-2 txt-medium">
          {cart.items?.map((item) => (
            <li key={item.id} className="flex justify-between">
              <span>
                {item.product_title ?? item.title} × {item.quantity}
              </span>
            </li>
          ))}
        </ul>
        <CartTotals totals={cart} />
      </div>
    </div>
  )
}
