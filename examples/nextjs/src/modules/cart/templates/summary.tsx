import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import CartTotals from "@modules/common/components/cart-totals"
import { Button, Heading } from "@modules/common/components/ui"

function getCheckoutStep(cart: HttpTypes.StoreCart) {
  if (!cart?.shipping_address?.address_1 || !cart.email) return "address"
  if (cart?.shipping_methods?.length === 0) return "delivery"
  return "payment"
}

/** The cart's summary: its totals (CartTotals) and the way to the checkout. */
export default function Summary({ cart }: { cart: HttpTypes.StoreCart }) {
  const countryCode = cart.region?.countries?.[0]?.iso_2 ?? "de"
  return (
    <div className="flex flex-col gap-y-4">
      <Heading level="h2" className="text-[2rem] leading-[2.75rem]">
        Summary
      </Heading>
      <div className="h-px w-full border-b border-gray-200" />
      <CartTotals totals={cart} />
      <Link href={`/${countryCode}/checkout?step=${getCheckoutStep(cart)}`} data-testid="checkout-button">
        <Button className="h-10 w-full">Go to checkout</Button>
      </Link>
    </div>
  )
}
