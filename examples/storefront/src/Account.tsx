import { type FormEvent, useState } from "react"
import { errorText, sdk } from "./sdk"

type Mode = "sign-in" | "sign-up"

/**
 * Sign in with email and password, or create an account. A phone given at sign-up gets the
 * shopper a loyalty card: the plugin enrols every new customer who has one.
 */
export function Account({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [mode, setMode] = useState<Mode>("sign-in")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    setBusy(true)
    setError(null)
    try {
      const credentials = { email: form.email.trim(), password: form.password }
      if (mode === "sign-up") {
        await sdk.auth.register("customer", "emailpass", credentials)
        await sdk.store.customer.create({
          email: credentials.email,
          first_name: form.first_name.trim(),
          last_name: form.last_name.trim(),
          phone: form.phone.trim() || undefined,
        })
      }
      const login = await sdk.auth.login("customer", "emailpass", credentials)
      if (typeof login !== "string") throw new Error("This account needs another way to sign in")
      await onSignedIn()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="panel account" aria-labelledby="account-title">
      <h2 id="account-title">Your loyalty card</h2>
      <p className="muted">
        Sign in to see your bonus balance, pay with bonus and add your card to Apple Wallet or Google Wallet.
      </p>
      <div className="tabs" role="tablist">
        {(["sign-in", "sign-up"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? "tab tab--active" : "tab"}
            onClick={() => setMode(m)}
          >
            {m === "sign-in" ? "Sign in" : "Create account"}
          </button>
        ))}
      </div>
      <form className="form" onSubmit={submit} key={mode}>
        {mode === "sign-up" && (
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
        )}
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        {mode === "sign-up" && (
          <label>
            Mobile phone
            <input name="phone" type="tel" autoComplete="tel" placeholder="+49 151 23456789" />
            <small className="muted">Your loyalty card is issued for this number.</small>
          </label>
        )}
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
            minLength={mode === "sign-up" ? 8 : undefined}
            required
          />
        </label>
        {error ? <p className="error">{errorText(error)}</p> : null}
        <button className="button primary wide" type="submit" disabled={busy}>
          {busy ? "One moment…" : mode === "sign-in" ? "Sign in" : "Create account"}
        </button>
      </form>
    </section>
  )
}
