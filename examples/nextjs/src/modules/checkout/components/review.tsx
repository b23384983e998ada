"use client"

import { placeOrder } from "@lib/data/cart"
import { Text } from "@modules/common/components/ui"
import { StepSubmit, useStepAction } from "./step-submit"

/** The review step: place the order (the store completes the cart; its confirmation follows). */
export default function Review({ ready }: { ready: boolean }) {
  // A placed order redirects to its confirmation; a refusal answers the store's message.
  const action = useStepAction(placeOrder)
  return (
    <div className="flex flex-col gap-y-4">
      <Text className="txt-medium-plus text-ui-fg-base">
        By clicking Place order, you confirm that you have read and accept our Terms of Use and Privacy Policy.
      </Text>
      <StepSubmit action={action} disabled={!ready} testId="submit-order-button">
        Place order
      </StepSubmit>
    </div>
  )
}
