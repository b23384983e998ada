"use client"

import { useState } from "react"
import { placeOrder } from "@lib/data/cart"
import { Button, Text } from "@modules/common/components/ui"

/** The review step: place the order (the store completes the cart; its confirmation follows). */
export default function Review({ ready }: { ready: boolean }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    setBusy(true)
    setError(null)
    const refused = await placeOrder().catch((e: unknown) => (e instanceof Error ? e.message : String(e)))
    // A placed order redirects to its confirmation; a refusal answers the store's message.
    if (refused) {
      setError(refused)
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-4">
      <Text className="txt-medium-plus text-ui-fg-base">
        By clicking Place order, you confirm that you have read and accept our Terms of Use and Privacy Policy.
      </Text>
      {error && (
        <p role="alert" className="txt-compact-small text-ui-fg-error">
          {error}
        </p>
      )}
      <Button
        size="large"
        className="self-start"
        onClick={submit}
        isLoading={busy}
        disabled={!ready}
        data-testid="submit-order-button"
      >
        Place order
      </Button>
    </div>
  )
}
