"use client"
import { type FormEvent, useId, useState } from "react"
import type { StoreWalletPassVerificationConfirm, WalletPassActions } from "../index"
import { usePhoneVerification } from "./hooks"
import { inputText } from "./state"
import { cx, textsFor, WALLET_PASS_TEXTS, type PhoneVerificationTexts } from "./texts"

/** The English texts (the default); other languages: the `locale` prop. */
export const PHONE_VERIFICATION_TEXT: PhoneVerificationTexts = WALLET_PASS_TEXTS.en.phoneVerification

/** Classes of PhoneVerification's parts; a Tailwind store styles each one. */
export type PhoneVerificationClassNames = {
  root?: string
  /** The sentence that says why to prove the phone. */
  lead?: string
  /** The form around the code, its label and its input. */
  form?: string
  label?: string
  input?: string
  /** Every button; then "Text me a code" and "Verify" (primary) or "Send a new code" (secondary). */
  button?: string
  primaryButton?: string
  secondaryButton?: string
  /** The store's message (a wrong code, a text not sent). */
  error?: string
  /** "Your phone is verified." */
  status?: string
}

export type PhoneVerificationProps = {
  /**
   * The server actions or `walletPassActions(sdk)`: `requestVerification` and
   * `confirmVerification`; with `retrieveVerification` too, a code the service did not text
   * is told to the shopper.
   */
  actions: Pick<WalletPassActions, "requestVerification" | "confirmVerification" | "retrieveVerification">
  /** The account's phone, named in the lead text. */
  phone?: string | null
  /** Runs once the code was accepted: read the pass again (or `router.refresh()`). */
  onVerified?: (answer: StoreWalletPassVerificationConfirm) => unknown
  /** The store's locale (BCP 47, e.g. "de-DE"): texts in its language, English otherwise. */
  locale?: string
  text?: Partial<PhoneVerificationTexts>
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: PhoneVerificationClassNames
}

/**
 * Proving the phone: "Text me a code", then the six digits the phone received (the store's
 * message on a wrong code: the attempts left), "Send a new code". A labelled one-time-code
 * input, errors announced (`role="alert"`), the buttons disabled while a call runs.
 */
export function PhoneVerification({
  actions,
  phone,
  onVerified,
  locale,
  text,
  className,
  classNames: c = {},
}: PhoneVerificationProps) {
  const t = { ...textsFor(locale).phoneVerification, ...text }
  const { sent, verified, busy, error, send, confirm } = usePhoneVerification(actions, {
    onVerified,
    notSent: t.notSent,
  })
  const [code, setCode] = useState("")
  const id = useId()
  const root = cx(c.root, className)
  const primary = cx(c.button, c.primaryButton)

  if (verified)
    return (
      <div className={root} data-wallet-pass="phone-verification">
        <p role="status" className={c.status}>
          {t.verified}
        </p>
      </div>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void confirm(code)
  }
  return (
    <div className={root} data-wallet-pass="phone-verification">
      <p data-wallet-pass="lead" className={c.lead}>
        {t.lead(phone)}
      </p>
      {!sent ? (
        <button
          type="button"
          onClick={() => void send()}
          disabled={busy}
          className={primary}
          data-wallet-pass="send-code"
        >
          {busy ? t.sending : t.send}
        </button>
      ) : (
        <form onSubmit={submit} className={c.form} data-wallet-pass="code-form">
          <label htmlFor={`${id}-code`} className={c.label}>
            {t.codeLabel(sent.phone)}
          </label>
          <input
            id={`${id}-code`}
            name="code"
            value={code}
            onChange={(e) => setCode(inputText(e).replace(/\D/g, "").slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={c.input}
            data-wallet-pass="code"
          />
          <button type="submit" disabled={busy} className={primary} data-wallet-pass="confirm-code">
            {busy ? t.confirming : t.confirm}
          </button>
          <button
            type="button"
            onClick={() => void send()}
            disabled={busy}
            className={cx(c.button, c.secondaryButton)}
            data-wallet-pass="resend-code"
          >
            {t.resend}
          </button>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className={c.error} data-wallet-pass="error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
