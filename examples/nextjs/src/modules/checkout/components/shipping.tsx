"use client"

import type { HttpTypes } from "@medusajs/types"
import { useRouter } from "next/navigation"
import { useState } from "react"
import { setShippingMethod } from "@lib/data/cart"
import { convertToLocale } from "@lib/util/money"
import { StepSubmit, useStepAction } from "./step-submit"

/** The delivery step: the store's shipping options for the cart, then payment. */
export default function Shipping({
  cart,
  options,
  countryCode,
}: {
  cart: HttpTypes.StoreCart
  options: HttpTypes.StoreCartShippingOption[]
  countryCode: string
}) {
  const router = useRouter()
  const [chosen, setChosen] = useState(cart.shipping_methods?.at(-1)?.shipping_option_id ?? options[0]?.id ?? "")
  const action = useStepAction(async () => {
    await setShippingMethod({ cartId: cart.id, shippingMethodId: chosen })
    router.push(`/${countryCode}/checkout?step=payment`)
  })
  if (!options.length)
    return <p className="txt-medium text-ui-fg-subtle">The store has no way to deliver to this address.</p>
  return (
    <div className="flex flex-col gap-y-4">
      <fieldset className="flex flex-col gap-y-2">
        <legend className="sr-only">Shipping method</legend>
        {options.map((option) => (
          <label
            key={option.id}
            className="flex cursor-pointer items-center justify-between rounded-rounded border border-ui-border-base px-6 py-4 txt-medium has-[:checked]:border-ui-border-interactive"
          >
            <span className="flex items-center gap-x-4">
              <input
                type="radio"
                name="shipping"
                value={option.id}
                checked={chosen === option.id}
                onChange={() => setChosen(option.id)}
              />
              {option.name}
            </span>
            <span className="text-ui-fg-subtle">
              {convertToLocale({ amount: option.amount ?? 0, currency_code: cart.currency_code })}
            </span>
          </label>
        ))}
      </fieldset>
      <StepSubmit action={action} disabled={!chosen} testId="submit-delivery-option-button">
        Continue to payment
      </StepSubmit>
    </div>
  )
}
