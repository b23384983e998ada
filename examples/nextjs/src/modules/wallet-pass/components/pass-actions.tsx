"use client"

import { useRouter } from "next/navigation"
import { useActionState, useEffect, useState, type ReactNode } from "react"
import type { StoreWalletPassResponse } from "medusa-plugin-wallet-pass/storefront"
import { PhoneVerification, useWalletPass } from "medusa-plugin-wallet-pass/storefront/react"
import {
  confirmVerification,
  requestVerification,
  retrievePass,
  retrieveVerification,
  updatePhone,
} from "@lib/data/wallet-pass"
import { phoneFormClasses, phoneVerificationClasses } from "../lib/classes"

/**
 * While the card is being issued (a new customer's card is made in the background), the pass
 * is looked at again through the `retrievePass` server action; once it is issued, the page is
 * rendered again by the server. `children` shows when no card is on its way.
 */
export function IssuingStatus({
  initial,
  expectCard,
  children,
}: {
  initial: StoreWalletPassResponse
  expectCard: boolean
  children?: ReactNode
}) {
  const router = useRouter()
  const { issuing, gaveUp, answer } = useWalletPass({ retrievePass }, { initial, expectCard })
  const changed = answer !== initial
  useEffect(() => {
    if (changed && !issuing) router.refresh()
  }, [changed, issuing, router])
  if (!issuing) return changed ? null : <>{children}</>
  return (
    <p role="status" className="txt-compact-small text-ui-fg-subtle" data-testid="pass-issuing">
      {gaveUp ? "Your card is still being issued. Come back in a few minutes." : "Your card is being issued…"}
    </p>
  )
}

/** How often, and how many times, the page is rendered again after the proof until it shows the card. */
const AFTER_PROOF_REFRESH_MS = 3_000
const AFTER_PROOF_REFRESHES = 10

/**
 * The phone's verification through server actions; the page is rendered again once it is
 * proven. A refresh can be dropped by the router (another one in flight), and this component
 * is gone once the server renders the proven pass: until then it asks again, a few times.
 */
export function VerifyPhone({ phone }: { phone?: string | null }) {
  const router = useRouter()
  const [verified, setVerified] = useState(false)
  useEffect(() => {
    if (!verified) return
    router.refresh()
    let left = AFTER_PROOF_REFRESHES
    const timer = setInterval(() => {
      if (--left <= 0) clearInterval(timer)
      router.refresh()
    }, AFTER_PROOF_REFRESH_MS)
    return () => clearInterval(timer)
  }, [verified, router])
  return (
    <PhoneVerification
      actions={{ requestVerification, confirmVerification, retrieveVerification }}
      phone={phone}
      onVerified={() => setVerified(true)}
      classNames={phoneVerificationClasses}
    />
  )
}

/**
 * The account's phone written again, when the store cannot read it (or there is none): saved
 * through a server action, then the page is rendered again with what the store answers.
 */
export function FixPhone({
  example,
  choices = [],
  current,
}: {
  example: string
  choices?: { phone: string; country: string }[]
  current?: string | null
}) {
  const router = useRouter()
  const [error, save, saving] = useActionState(async (state: string | null, form: FormData) => {
    const failed = await updatePhone(state, form)
    if (!failed) router.refresh()
    return failed
  }, null)
  const c = phoneFormClasses
  return (
    <form action={save} className={c.root} data-testid="pass-fix-phone">
      {choices.map((choice) => (
        // An ambiguous number's mobile reading, confirmed with one press.
        <button
          key={choice.phone}
          type="submit"
          name="phone"
          value={choice.phone}
          disabled={saving}
          className={`${c.button} ${c.primaryButton}`}
        >
          Yes, it is {choice.phone}
        </button>
      ))}
      <label htmlFor="wallet-pass-phone" className={c.label}>
        Mobile phone, with its country code
      </label>
      <input
        id="wallet-pass-phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={current ?? ""}
        placeholder={example}
        className={c.input}
        data-testid="fix-phone-input"
      />
      <button type="submit" disabled={saving} className={`${c.button} ${c.primaryButton}`} data-testid="fix-phone-save">
        {saving ? "Saving…" : "Save the phone"}
      </button>
      {error && (
        <p role="alert" className={c.error}>
          {error}
        </p>
      )}
    </form>
  )
}
