"use client"

import { useRouter } from "next/navigation"
import { useState } from "react"
import { addToCart } from "@lib/data/cart"
import { Button } from "@modules/common/components/ui"

/** Add to cart (the `addToCart` server action), then the cart. */
export default function ProductActions({ variantId, countryCode }: { variantId: string; countryCode: string }) {
  const router = useRouter()
  const [adding, setAdding] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const add = async () => {
    setAdding(true)
    setError(null)
    try {
      await addToCart({ variantId, quantity: 1, countryCode })
      router.push(`/${countryCode}/cart`)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setAdding(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-2">
      <Button onClick={add} isLoading={adding} className="h-10 w-full" data-testid="add-product-button">
        Add to cart
      </Button>
      {error && (
        <p role="alert" className="txt-compact-small text-ui-fg-error">
          {error}
        </p>
      )}
    </div>
  )
}
