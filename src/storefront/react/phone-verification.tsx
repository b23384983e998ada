"use client"
import { type FormEvent, useId, useState } from "react"
import type { StoreWalletPassVerificationConfirm, WalletPassActions } from "../index"
import { usePhoneVerification } from "./hooks"
import { inputText } from "./state"

export const PHONE_VERIFICATION_TEXT = {
  lead: (phone: string | null | undefined) =>
    `Prove that ${phone || "your phone"} is yours to see your whole balance, pay with it and add the card to your wallet.`,
  send: "Text me a code",
  sending: "Sending…",
  codeLabel: (phone: string) => `Code sent to ${phone}`,
  confirm: "Verify",
  confirming: "Checking…",
  resend: "Send a new code",
  verified: "Your phone is verified.",
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
  text?: Partial<typeof PHONE_VERIFICATION_TEXT>
  className?: string
}

/**
 * Proving the phone: "Text me a code", then the six digits the phone received (the store's
 * message on a wrong code: the attempts left), "Send a new code". A labelled one-time-code
 * input, errors announced (`role="alert"`), the buttons disabled while a call runs.
 */
export function PhoneVerification({ actions, phone, onVerified, text, className }: PhoneVerificationProps) {
  const t = { ...PHONE_VERIFICATION_TEXT, ...text }
  const { sent, verified, busy, error, send, confirm } = usePhoneVerification(actions, { onVerified })
  const [code, setCode] = useState("")
  const id = useId()

  if (verified)
    return (
      <div className={className} data-wallet-pass="phone-verification">
        <p role="status">{t.verified}</p>
      </div>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void confirm(code)
  }
  return (
    <div className={className} data-wallet-pass="phone-verification">
      <p data-wallet-pass="lead">{t.lead(phone)}</p>
      {!sent ? (
        <button type="button" onClick={() => void send()} disabled={busy} data-wallet-pass="send-code">
          {busy ? t.sending : t.send}
        </button>
      ) : (
        <form onSubmit={submit} data-wallet-pass="code-form">
          <label htmlFor={`${id}-code`}>{t.codeLabel(sent.phone)}</label>
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
            data-wallet-pass="code"
          />
          <button type="submit" disabled={busy} data-wallet-pass="confirm-code">
            {busy ? t.confirming : t.confirm}
          </button>
          <button type="button" onClick={() => void send()} disabled={busy} data-wallet-pass="resend-code">
            {t.resend}
          </button>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" data-wallet-pass="error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
