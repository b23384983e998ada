"use client"

import { useActionState } from "react"
import { login } from "@lib/data/customer"

export default function Login({ onRegister }: { onRegister: () => void }) {
  const [message, action, pending] = useActionState(login, null)
  return (
    <div className="auth" data-testid="login-page">
      <h1>Welcome back</h1>
      <p className="muted">Sign in to see your loyalty card and pay with your bonus.</p>
      <form className="form" action={action}>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {message && (
          <p className="error" role="alert">
            {message}
          </p>
        )}
        <button className="button wide" type="submit" disabled={pending}>
          Sign in
        </button>
      </form>
      <p className="muted small">
        Not a member?{" "}
        <button type="button" className="link" onClick={onRegister}>
          Join us
        </button>
      </p>
    </div>
  )
}
