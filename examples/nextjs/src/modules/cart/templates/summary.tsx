import type { HttpTypes } from "@medusajs/types"
import Link from "next/link"
import type { PassStep, StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import CartTotals from "@modules/common/components/cart-totals"
import { Button, Heading } from "@modules/common/components/ui"
import CartBonus from "@modules/wallet-pass/components/pay-with-bonus"
import { walletPassContactUrl, walletPassLocale } from "@modules/wallet-pass/lib/config"

function getCheckoutStep(cart: HttpTypes.StoreCart) {
  if (!cart?.shipping_address?.address_1 || !cart.email) return "address"
  if (cart?.shipping_methods?.length === 0) return "delivery"
  return "payment"
}

/**
 * The cart's summary: "Pay with bonus" (the wallet pass, for a signed-in customer) above the
 * totals, which the server renders again once the bonus changed; then the checkout.
 */
export default function Summary({
  cart,
  signedIn,
  bonus,
  passStep,
}: {
  cart: HttpTypes.StoreCart
  signedIn: boolean
  bonus: StoreWalletPassBonus | null
  passStep: PassStep["step"] | null
}) {
  const countryCode = cart.region?.countries?.[0]?.iso_2 ?? "de"
  return (
    <div className="flex flex-col gap-y-4">
      <Heading level="h2" className="text-[2rem] leading-[2.75rem]">
        Summary
      </Heading>
      {signedIn && (
        <CartBonus
          cartId={cart.id}
          initial={bonus}
          currencyCode={cart.currency_code}
          step={passStep}
          contactUrl={walletPassContactUrl()}
          locale={walletPassLocale()}
        />
      )}
      <div className="h-px w-full border-b border-gray-200" />
      <CartTotals totals={cart} />
      <Link href={`/${countryCode}/checkout?step=${getCheckoutStep(cart)}`} data-testid="checkout-button">
        <Button className="h-10 w-full">Go to checkout</Button>
      </Link>
    </div>
  )
}
