"use client"

import { useRouter } from "next/navigation"
import type { StoreWalletPassBonus } from "medusa-plugin-wallet-pass/storefront"
import { PayWithBonus, useCartBonus } from "medusa-plugin-wallet-pass/storefront/react"
import { applyBonus, removeBonus, retrieveBonus } from "@lib/data/wallet-pass"

/**
 * "Pay with bonus" in the cart: the React piece over the server actions of
 * `@lib/data/wallet-pass`; each change renders the page again (the totals come from the server).
 */
export default function CartBonus({
  cartId,
  initial,
  currencyCode,
}: {
  cartId: string
  initial: StoreWalletPassBonus | null
  currencyCode: string
}) {
  const router = useRouter()
  const bonus = useCartBonus({ retrieveBonus, applyBonus, removeBonus }, cartId, {
    initial,
    onCart: () => router.refresh(),
  })
  return (
    <PayWithBonus
      className="pay-with-bonus"
      bonus={bonus.bonus}
      busy={bonus.busy}
      error={bonus.error}
      onApply={bonus.apply}
      onRemove={bonus.remove}
      currencyCode={currencyCode}
      locale="en-US"
      nothingText="No bonus to spend on this cart yet: verify your phone, or collect bonus with your orders."
    />
  )
}
