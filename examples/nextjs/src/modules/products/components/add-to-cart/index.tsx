"use client"

import { useFormStatus } from "react-dom"
import { addToCart } from "@lib/data/cart"

function Submit() {
  const { pending } = useFormStatus()
  return (
    <button className="button" type="submit" disabled={pending} data-testid="add-to-cart">
      {pending ? "Adding…" : "Add to cart"}
    </button>
  )
}

/** A form posting to the `addToCart` server action, which shows the cart after. */
export default function AddToCart({ variantId, countryCode }: { variantId: string; countryCode: string }) {
  return (
    <form action={addToCart}>
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="countryCode" value={countryCode} />
      <Submit />
    </form>
  )
}
