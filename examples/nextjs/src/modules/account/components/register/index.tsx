"use client"

import { useActionState } from "react"
import { signup } from "@lib/data/customer"

export default function Register({ onSignIn }: { onSignIn: () => void }) {
  const [message, action, pending] = useActionState(signup, null)
  return (
    <div className="auth" data-testid="register-page">
      <h1>Become a member</h1>
      <p className="muted">With a mobile phone you get a loyalty card for Apple Wallet or Google Wallet.</p>
      <form className="form" action={action}>
        <div className="form__row">
          <label>
            First name
            <input name="first_name" autoComplete="given-name" required />
          </label>
          <label>
            Last name
            <input name="last_name" autoComplete="family-name" required />
          </label>
        </div>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Phone
          <input name="phone" type="tel" autoComplete="tel" placeholder="+49 151 23456789" />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="new-password" minLength={8} required />
        </label>
        {message && (
          <p className="error" role="alert">
            {message}
          </p>
        )}
        <button className="button wide" type="submit" disabled={pending}>
          Join
        </button>
      </form>
      <p className="muted small">
        Already a member?{" "}
        <button type="button" className="link" onClick={onSignIn}>
          Sign in
        </button>
      </p>
    </div>
  )
}
