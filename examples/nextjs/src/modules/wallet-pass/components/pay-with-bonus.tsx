"use client"

import Link from "next/link"
import { useParams, useRouter } from "next/navigation"
import type { PassStep, StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import { PayWithBonus, useCartBonus } from "medusa-plugin-wallet-pass/storefront/react"
import { applyBonus, removeBonus, retrieveBonus } from "@lib/data/wallet-pass"
import { payWithBonusClasses } from "../lib/classes"

/**
 * "Pay with bonus" in the cart: the React piece over the server actions of
 * `@lib/data/wallet-pass`; each change renders the page again (the totals come from the
 * server). With nothing to spend, the shopper's next step from the pass as the store answers
 * it now (`step`, read fresh by the page): prove the phone, fix it, or contact the shop; never
 * "verify your phone" once it is verified.
 */
export default function CartBonus({
  cartId,
  initial,
  currencyCode,
  step,
  contactUrl,
  locale,
}: {
  cartId: string
  initial: StoreWalletPassBonus | null
  currencyCode: string
  step: PassStep["step"] | null
  contactUrl: string
  locale?: string
}) {
  const router = useRouter()
  const { countryCode } = useParams<{ countryCode: string }>()
  const bonus = useCartBonus({ retrieveBonus, applyBonus, removeBonus }, cartId, {
    initial,
    onCart: () => router.refresh(),
  })
  const nothing = !bonus.bonus || (bonus.bonus.max <= 0 && bonus.bonus.amount <= 0)
  const passPage = `/${countryCode}/account/wallet-pass`
  if (nothing && bonus.bonus?.max_order_percent !== 0) {
    const next =
      step === "verify" ? (
        <>
          <Link href={passPage} className="text-ui-fg-interactive underline">
            Verify your phone
          </Link>{" "}
          to pay with your bonus.
        </>
      ) : step === "fix_phone" || step === "add_phone" ? (
        <>
          <Link href={passPage} className="text-ui-fg-interactive underline">
            Add your mobile phone
          </Link>{" "}
          to get a loyalty card and pay with bonus.
        </>
      ) : step === "contact" ? (
        <>
          We could not issue your loyalty card.{" "}
          <a href={contactUrl} className="text-ui-fg-interactive underline">
            Contact us
          </a>
          .
        </>
      ) : step === "issuing" ? (
        "Your loyalty card is being issued; its bonus can pay for your next orders."
      ) : (
        "No bonus to spend on this cart yet: collect bonus with your orders."
      )
    return (
      <p className="txt-compact-small text-ui-fg-subtle" data-testid="cart-bonus-next-step" data-step={step ?? ""}>
        {next}
      </p>
    )
  }
  return (
    <PayWithBonus
      classNames={payWithBonusClasses}
      bonus={bonus.bonus}
      busy={bonus.busy}
      error={bonus.error}
      onApply={bonus.apply}
      onRemove={bonus.remove}
      currencyCode={currencyCode}
      locale={locale}
    />
  )
}
