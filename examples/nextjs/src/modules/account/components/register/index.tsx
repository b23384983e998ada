"use client"

import { useActionState } from "react"
import { signup } from "@lib/data/customer"
import { Button, Input } from "@modules/common/components/ui"

export default function Register({ onSignIn }: { onSignIn: () => void }) {
  const [message, action, pending] = useActionState(signup, null)
  return (
    <div className="flex w-full max-w-sm flex-col items-center" data-testid="register-page">
      <h1 className="mb-6 text-large-semi uppercase">Become a member</h1>
      <p className="mb-4 text-center text-base-regular text-ui-fg-base">
        With a mobile phone you get a loyalty card for Apple Wallet or Google Wallet.
      </p>
      <form className="flex w-full flex-col" action={action}>
        <div className="flex w-full flex-col gap-y-2">
          <Input label="First name" name="first_name" autoComplete="given-name" required />
          <Input label="Last name" name="last_name" autoComplete="family-name" required />
          <Input label="Email" name="email" type="email" autoComplete="email" required />
          <Input label="Phone" name="phone" type="tel" autoComplete="tel" placeholder="+49 151 23456789" />
          <Input label="Password" name="password" type="password" autoComplete="new-password" minLength={8} required />
        </div>
        {message && (
          <p role="alert" className="mt-2 txt-compact-small text-ui-fg-error">
            {message}
          </p>
        )}
        <Button type="submit" className="mt-6 w-full" isLoading={pending}>
          Join
        </Button>
      </form>
      <span className="mt-6 text-center text-small-regular text-ui-fg-base">
        Already a member?{" "}
        <button type="button" onClick={onSignIn} className="underline">
          Sign in
        </button>
        .
      </span>
    </div>
  )
}
