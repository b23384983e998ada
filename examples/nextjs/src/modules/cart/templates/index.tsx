import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@modules/common/components/ui"
import CartWalletPass from "@modules/wallet-pass/components/cart-wallet-pass"
import Summary from "./summary"

export default function CartTemplate({
  cart,
  customer,
}: {
  cart: HttpTypes.StoreCart | null
  customer: HttpTypes.StoreCustomer | null
}) {
  return (
    <div className="py-12">
      <div className="content-container" data-testid="cart-container">
        {cart?.items?.length ? (
          <div className="grid grid-cols-1 gap-x-40 small:grid-cols-[1fr_360px]">
            <div className="flex flex-col gap-y-6 bg-white py-6">
              {!customer && (
                <div className="flex items-center justify-between">
                  <div>
                    <Heading level="h2" className="txt-xlarge">
                      Already have an account?
                    </Heading>
                    <Text className="txt-medium text-ui-fg-subtle">
                      Sign in to pay part of this order with your bonus.
                    </Text>
                  </div>
                  <Link href={`/${cart.region?.countries?.[0]?.iso_2 ?? "de"}/account`} className="underline">
                    Sign in
                  </Link>
                </div>
              )}
              <Heading className="text-[2rem] leading-[2.75rem]">Cart</Heading>
              <ul className="flex flex-col divide-y divide-ui-border-base border-y border-ui-border-base">
                {cart.items.map((item) => (
                  <li
                    key={item.id}
                    className="flex items-center justify-between py-4 txt-medium"
                    data-testid="product-row"
                  >
                    <span className="text-ui-fg-base">
                      {item.product_title ?? item.title}
                      {item.variant_title && <span className="ml-2 text-ui-fg-subtle">{item.variant_title}</span>}
                    </span>
                    <span className="text-ui-fg-subtle">× {item.quantity}</span>
                    <span>
                      {convertToLocale({
                        amount: item.subtotal ?? item.unit_price * item.quantity,
                        currency_code: cart.currency_code,
                      })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="relative">
              <div className="sticky top-12 flex flex-col gap-y-8 py-6">
                {/* The wallet pass: pay with bonus, or the shopper's next step to it. */}
                {customer && <CartWalletPass cart={cart} customer={customer} />}
                <Summary cart={cart} />
              </div>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start justify-center py-48" data-testid="empty-cart-message">
            <Heading level="h1" className="text-3xl-regular">
              Cart
            </Heading>
            <Text className="mb-6 mt-4 text-base-regular">Your cart is empty.</Text>
          </div>
        )}
      </div>
    </div>
  )
}
