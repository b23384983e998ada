import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { retrieveCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { listCartShippingMethods } from "@lib/data/fulfillment"
import { listCartPaymentMethods } from "@lib/data/payment"
import CheckoutForm from "@modules/checkout/templates/checkout-form"
import CheckoutSummary from "@modules/checkout/templates/checkout-summary"

export const metadata: Metadata = { title: "Checkout" }

export default async function Checkout({ searchParams }: { searchParams: Promise<{ step?: string }> }) {
  const cart = await retrieveCart()
  if (!cart?.items?.length) notFound()
  const [customer, shippingOptions, paymentMethods] = await Promise.all([
    retrieveCustomer(),
    listCartShippingMethods(cart.id),
    listCartPaymentMethods(cart.region_id ?? ""),
  ])
  const { step } = await searchParams
  return (
    <div className="content-container grid grid-cols-1 gap-x-40 py-12 small:grid-cols-[1fr_416px]">
      <CheckoutForm
        cart={cart}
        customer={customer}
        step={step ?? "address"}
        shippingOptions={shippingOptions ?? []}
        paymentMethods={paymentMethods ?? []}
      />
      <CheckoutSummary cart={cart} />
    </div>
  )
}
