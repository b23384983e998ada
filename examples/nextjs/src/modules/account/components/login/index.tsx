"use client"

import { useActionState } from "react"
import { login } from "@lib/data/customer"
import { Button, Input } from "@modules/common/components/ui"

export default function Login({ onRegister }: { onRegister: () => void }) {
  const [message, action, pending] = useActionState(login, null)
  return (
    <div className="flex w-full max-w-sm flex-col items-center" data-testid="login-page">
      <h1 className="mb-6 text-large-semi uppercase">Welcome back</h1>
      <p className="mb-8 text-center text-base-regular text-ui-fg-base">
        Sign in to see your loyalty card and pay with your bonus.
      </p>
      <form className="w-full" action={action}>
        <div className="flex w-full flex-col gap-y-2">
          <Input label="Email" name="email" type="email" autoComplete="email" required />
          <Input label="Password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {message && (
          <p role="alert" className="mt-2 txt-compact-small text-ui-fg-error">
            {message}
          </p>
        )}
        <Button type="submit" className="mt-6 w-full" isLoading={pending}>
          Sign in
        </Button>
      </form>
      <span className="mt-6 text-center text-small-regular text-ui-fg-base">
        Not a member?{" "}
        <button type="button" onClick={onRegister} className="underline">
          Join us
        </button>
        .
      </span>
    </div>
  )
}
