import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import type { ReactNode } from "react"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@modules/common/components/ui"
import Addresses from "../components/addresses"
import Payment from "../components/payment"
import { paymentName } from "../components/payment-name"
import Review from "../components/review"
import Shipping from "../components/shipping"

const STEPS = ["address", "delivery", "payment", "review"] as const

/** The checkout's steps (the `?step=` of the URL): address → delivery → payment → review. */
export default function CheckoutForm({
  cart,
  customer,
  step,
  shippingOptions,
  paymentMethods,
}: {
  cart: HttpTypes.StoreCart
  customer: HttpTypes.StoreCustomer | null
  step: string
  shippingOptions: HttpTypes.StoreCartShippingOption[]
  paymentMethods: HttpTypes.StorePaymentProvider[]
}) {
  const countryCode = cart.region?.countries?.[0]?.iso_2 ?? "de"
  const at = Math.max(0, STEPS.indexOf(step as (typeof STEPS)[number]))
  const address = cart.shipping_address
  const method = cart.shipping_methods?.at(-1)
  const session = cart.payment_collection?.payment_sessions?.find((s) => s.status === "pending")
  const edit = (s: string) => `/${countryCode}/checkout?step=${s}`
  return (
    <div className="grid w-full grid-cols-1 gap-y-8">
      <Step title="Shipping Address" open={at === 0} done={at > 0 && !!address?.address_1} editHref={edit("address")}>
        {at === 0 ? (
          <Addresses cart={cart} customer={customer} countryCode={countryCode} />
        ) : (
          address && (
            <Text className="txt-medium text-ui-fg-subtle" data-testid="shipping-address-summary">
              {address.first_name} {address.last_name}, {address.address_1}, {address.postal_code} {address.city},{" "}
              {address.country_code?.toUpperCase()} · {cart.email}
            </Text>
          )
        )}
      </Step>
      <Step title="Delivery" open={at === 1} done={at > 1 && !!method} editHref={edit("delivery")}>
        {at === 1 ? (
          <Shipping cart={cart} options={shippingOptions} countryCode={countryCode} />
        ) : (
          method && (
            <Text className="txt-medium text-ui-fg-subtle">
              {method.name} · {convertToLocale({ amount: method.amount ?? 0, currency_code: cart.currency_code })}
            </Text>
          )
        )}
      </Step>
      <Step title="Payment" open={at === 2} done={at > 2 && !!session} editHref={edit("payment")}>
        {at === 2 ? (
          <Payment cart={cart} providers={paymentMethods} countryCode={countryCode} />
        ) : (
          session && <Text className="txt-medium text-ui-fg-subtle">{paymentName(session.provider_id)}</Text>
        )}
      </Step>
      <Step title="Review" open={at === 3} done={false}>
        {at === 3 && <Review ready={!!address?.address_1 && !!method && !!session} />}
      </Step>
    </div>
  )
}

function Step({
  title,
  open,
  done,
  editHref,
  children,
}: {
  title: string
  open: boolean
  done: boolean
  editHref?: string
  children: ReactNode
}) {
  return (
    <section className="bg-white" data-testid={`checkout-step-${title.toLowerCase().replace(/\s+/g, "-")}`}>
      <div className="mb-6 flex flex-row items-center justify-between">
        <Heading
          level="h2"
          className={`flex flex-row items-baseline gap-x-2 text-3xl-regular ${open || done ? "" : "opacity-50"}`}
        >
          {title} {done && <span aria-label="done">✓</span>}
        </Heading>
        {done && editHref && (
          <Link href={editHref} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
            Edit
          </Link>
        )}
      </div>
      {children}
      <div className="mt-8 h-px w-full border-b border-gray-200" />
    </section>
  )
}
