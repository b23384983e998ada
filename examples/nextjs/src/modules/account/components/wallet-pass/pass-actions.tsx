"use client"

import { useRouter } from "next/navigation"
import { useEffect, type ReactNode } from "react"
import type { StoreWalletPassResponse } from "medusa-plugin-wallet-pass/storefront"
import { PhoneVerification, useWalletPass } from "medusa-plugin-wallet-pass/storefront/react"
import { confirmVerification, requestVerification, retrievePass, retrieveVerification } from "@lib/data/wallet-pass"

/**
 * While the card is being issued (a new customer's card is made in the background), the pass
 * is looked at again through the `retrievePass` server action; once it is issued, the page is
 * rendered again by the server. `children` shows when no card is on its way.
 */
export function IssuingStatus({
  initial,
  expectCard,
  children,
}: {
  initial: StoreWalletPassResponse
  expectCard: boolean
  children?: ReactNode
}) {
  const router = useRouter()
  const { issuing, gaveUp, answer } = useWalletPass({ retrievePass }, { initial, expectCard })
  const changed = answer !== initial
  useEffect(() => {
    if (changed && !issuing) router.refresh()
  }, [changed, issuing, router])
  if (!issuing) return changed ? null : <>{children}</>
  return (
    <p role="status" className="muted" data-testid="pass-issuing">
      {gaveUp ? "Your card is still being issued. Come back in a few minutes." : "Your card is being issued…"}
    </p>
  )
}

/** The phone's verification through server actions; the page is rendered again once it is proven. */
export function VerifyPhone({ phone }: { phone?: string | null }) {
  const router = useRouter()
  return (
    <PhoneVerification
      actions={{ requestVerification, confirmVerification, retrieveVerification }}
      phone={phone}
      onVerified={() => router.refresh()}
      className="verify"
    />
  )
}
