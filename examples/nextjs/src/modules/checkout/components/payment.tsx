"use client"

import type { HttpTypes } from "@medusajs/types"
import { useRouter } from "next/navigation"
import { useState } from "react"
import { initiatePaymentSession } from "@lib/data/cart"
import { StepSubmit, useStepAction } from "./step-submit"
import { paymentName } from "./payment-name"

/** The payment step: the region's payment providers (the system provider: manual payment), then review. */
export default function Payment({
  cart,
  providers,
  countryCode,
}: {
  cart: HttpTypes.StoreCart
  providers: HttpTypes.StorePaymentProvider[]
  countryCode: string
}) {
  const router = useRouter()
  const current = cart.payment_collection?.payment_sessions?.find((s) => s.status === "pending")?.provider_id
  const [chosen, setChosen] = useState(current ?? providers[0]?.id ?? "")
  const action = useStepAction(async () => {
    if (chosen !== current) await initiatePaymentSession(cart, { provider_id: chosen })
    router.push(`/${countryCode}/checkout?step=review`)
  })
  if (!providers.length)
    return <p className="txt-medium text-ui-fg-subtle">The store takes no payment in this region.</p>
  return (
    <div className="flex flex-col gap-y-4">
      <fieldset className="flex flex-col gap-y-2">
        <legend className="sr-only">Payment method</legend>
        {providers.map((p) => (
          <label
            key={p.id}
            className="flex cursor-pointer items-center gap-x-4 rounded-rounded border border-ui-border-base px-6 py-4 txt-medium has-[:checked]:border-ui-border-interactive"
          >
            <input
              type="radio"
              name="payment"
              value={p.id}
              checked={chosen === p.id}
              onChange={() => setChosen(p.id)}
            />
            {paymentName(p.id)}
          </label>
        ))}
      </fieldset>
      <StepSubmit action={action} disabled={!chosen} testId="submit-payment-button">
        Continue to review
      </StepSubmit>
    </div>
  )
}
