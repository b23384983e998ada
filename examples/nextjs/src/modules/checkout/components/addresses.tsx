"use client"

import type { HttpTypes } from "@medusajs/types"
import { startTransition, useActionState, type FormEvent } from "react"
import { setAddresses } from "@lib/data/cart"
import { Button, Input } from "@modules/common/components/ui"

/** The address step: the shipping address (billing the same) and the email, then delivery. */
export default function Addresses({
  cart,
  customer,
  countryCode,
}: {
  cart: HttpTypes.StoreCart
  customer: HttpTypes.StoreCustomer | null
  countryCode: string
}) {
  const [message, action, pending] = useActionState(setAddresses, null)
  const a = cart.shipping_address
  const countries = cart.region?.countries ?? []
  // Submitted by hand, not as the form's action: a refused address keeps what the shopper typed.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    startTransition(() => action(data))
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-y-4" data-testid="address-form">
      <div className="grid grid-cols-2 gap-4">
        <Input
          label="First name"
          name="shipping_address.first_name"
          autoComplete="given-name"
          required
          defaultValue={a?.first_name ?? customer?.first_name ?? ""}
        />
        <Input
          label="Last name"
          name="shipping_address.last_name"
          autoComplete="family-name"
          required
          defaultValue={a?.last_name ?? customer?.last_name ?? ""}
        />
        <Input
          label="Address"
          name="shipping_address.address_1"
          autoComplete="address-line1"
          required
          defaultValue={a?.address_1 ?? ""}
        />
        <Input
          label="Company"
          name="shipping_address.company"
          autoComplete="organization"
          defaultValue={a?.company ?? ""}
        />
        <Input
          label="Postal code"
          name="shipping_address.postal_code"
          autoComplete="postal-code"
          required
          defaultValue={a?.postal_code ?? ""}
        />
        <Input
          label="City"
          name="shipping_address.city"
          autoComplete="address-level2"
          required
          defaultValue={a?.city ?? ""}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="shipping-country" className="text-sm font-medium">
            Country
          </label>
          <select
            id="shipping-country"
            name="shipping_address.country_code"
            defaultValue={a?.country_code ?? countryCode}
            className="h-10 rounded-md border border-gray-200 bg-white px-3 text-sm"
          >
            {countries.map((c) => (
              <option key={c.iso_2} value={c.iso_2 ?? ""}>
                {c.display_name}
              </option>
            ))}
          </select>
        </div>
        <Input
          label="Phone"
          name="shipping_address.phone"
          type="tel"
          autoComplete="tel"
          defaultValue={a?.phone ?? customer?.phone ?? ""}
        />
      </div>
      <Input
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={cart.email ?? customer?.email ?? ""}
      />
      {message && (
        <p role="alert" className="txt-compact-small text-ui-fg-error">
          {message}
        </p>
      )}
      <Button
        type="submit"
        size="large"
        className="mt-2 self-start"
        isLoading={pending}
        data-testid="submit-address-button"
      >
        Continue to delivery
      </Button>
    </form>
  )
}
