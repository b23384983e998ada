import type { HttpTypes } from "@medusajs/types"
import { type FormEvent, useCallback, useEffect, useState } from "react"
import {
  confirmVerification,
  installUrl,
  passStep,
  qrSvg,
  requestVerification,
  retrievePass,
  retrieveVerification,
  type StoreWalletPass,
  type StoreWalletPassInstall,
  type StoreWalletPassResponse,
  type StoreWalletPassVerification,
} from "medusa-plugin-wallet-pass/storefront"
import { day, money } from "./format"
import { errorText, sdk } from "./sdk"

/** How often, and how many times, a card being issued is looked at again. */
const ISSUING_POLL_MS = 2_000
const ISSUING_POLLS = 30

/** The signed-in customer's pass (the kit's `retrievePass`), looked at again while it is being issued. */
export function usePass(customer: HttpTypes.StoreCustomer | null | undefined) {
  const [answer, setAnswer] = useState<StoreWalletPassResponse | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [polls, setPolls] = useState(0)
  const customerId = customer?.id
  const reload = useCallback(async () => {
    try {
      setAnswer(await retrievePass(sdk))
      setError(null)
    } catch (e) {
      setError(e)
    }
  }, [])

  useEffect(() => {
    setAnswer(null)
    setPolls(0)
    if (customerId) void reload()
  }, [customerId, reload])

  // The shopper's one next step (the kit's passStep): a new customer's card is issued in the
  // background (the service is called through a queue), so "issuing" looks again.
  const step = passStep(answer, !!customer?.phone)
  const issuing = step.step === "issuing"
  useEffect(() => {
    if (!issuing || polls >= ISSUING_POLLS) return
    const timer = setTimeout(() => {
      setPolls((n) => n + 1)
      void reload()
    }, ISSUING_POLL_MS)
    return () => clearTimeout(timer)
  }, [issuing, polls, reload])

  // Back on the tab: the balance may have changed meanwhile (an order, a credit from the service).
  useEffect(() => {
    if (!customerId) return
    const onVisible = () => document.visibilityState === "visible" && void reload()
    document.addEventListener("visibilitychange", onVisible)
    return () => document.removeEventListener("visibilitychange", onVisible)
  }, [customerId, reload])

  return { answer, error, reload, step, issuing, gaveUp: issuing && polls >= ISSUING_POLLS }
}

type PassState = ReturnType<typeof usePass>

/**
 * "My pass": one next step at a time (the kit's passStep): fix the phone, prove it, wait for the
 * card, add a phone, or contact the shop; then the card, adding it to a wallet, what expires soon.
 */
export function PassPanel({
  customer,
  state,
  onCustomerChanged,
}: {
  customer: HttpTypes.StoreCustomer
  state: PassState
  onCustomerChanged: () => Promise<void>
}) {
  const { answer, error, reload, step, gaveUp } = state
  const pass = answer?.wallet_pass ?? null
  // The card shows once there is one of this account's own: issued or being issued (not while its
  // phone cannot be read, nor while another account's pass has the phone).
  const showCard =
    !!pass &&
    (step.step === "ready" ||
      (step.step === "verify" && !step.reason) ||
      (step.step === "issuing" && pass.enrollment_state === "pending"))
  const phoneSaved = async () => {
    await onCustomerChanged()
    await reload()
  }
  return (
    <section className="panel pass-panel" aria-labelledby="pass-title" data-testid="my-pass" data-step={step.step}>
      <h2 id="pass-title">My pass</h2>
      {error ? <p className="error">{errorText(error)}</p> : null}
      {step.step === "loading" && !error && <p className="muted">Loading your card…</p>}
      {step.step === "fix_phone" && (
        <div className="notice">
          <p className="error" data-testid="pass-phone-problem">
            {step.message}
          </p>
          <FixPhone example={step.example} choices={step.choices} current={customer.phone} onSaved={phoneSaved} />
        </div>
      )}
      {step.step === "verify" && step.reason && (
        <div className="notice" data-testid="pass-not-linked">
          <p>{step.reason}</p>
          <VerifyPhone phone={customer.phone} onVerified={reload} />
        </div>
      )}
      {step.step === "issuing" && (
        <p className="muted" data-testid="pass-issuing">
          {gaveUp ? "Your card is still being issued. Come back in a few minutes." : "Your card is being issued…"}
        </p>
      )}
      {step.step === "add_phone" && (
        <div className="notice">
          <p className="muted">Add a mobile phone to your account to get a loyalty card.</p>
          <FixPhone example="+49 151 23456789" current={customer.phone} onSaved={phoneSaved} />
        </div>
      )}
      {step.step === "contact" && (
        <p className="error" data-testid="pass-contact">
          We could not issue your card. Please contact us.
        </p>
      )}
      {showCard && pass && (
        <>
          <PassCard pass={pass} holderName={[customer.first_name, customer.last_name].filter(Boolean).join(" ")} />
          {step.step === "ready" && <AddToWallet pass={pass} />}
          {step.step === "verify" && !step.reason && <VerifyPhone phone={customer.phone} onVerified={reload} />}
          <Expiring pass={pass} />
        </>
      )}
    </section>
  )
}

/**
 * The account's phone, written again: the store reads it when it is saved (a number it can
 * read gets the card issued; one it cannot answers why again).
 */
function FixPhone({
  example,
  choices = [],
  current,
  onSaved,
}: {
  example: string
  choices?: { phone: string; country: string }[]
  current?: string | null
  onSaved: () => Promise<void>
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    await save(String(new FormData(event.currentTarget).get("phone") ?? "").trim())
  }
  const save = async (phone: string) => {
    if (!phone) return
    setBusy(true)
    setError(null)
    try {
      await sdk.store.customer.update({ phone })
      await onSaved()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {choices.length > 0 && (
        <div className="choices" data-testid="pass-phone-choices">
          {choices.map((c) => (
            <button key={c.phone} className="button" type="button" disabled={busy} onClick={() => void save(c.phone)}>
              Yes, it is {c.phone}
            </button>
          ))}
        </div>
      )}
      <form className="verify__form" onSubmit={submit} data-testid="pass-fix-phone">
        <label>
          Mobile phone, with its country code
          <input
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={current ?? ""}
            placeholder={example}
            data-testid="fix-phone-input"
          />
        </label>
        <button className="button primary" type="submit" disabled={busy} data-testid="fix-phone-save">
          {busy ? "Saving…" : "Save the phone"}
        </button>
        {error ? <p className="error">{errorText(error)}</p> : null}
      </form>
    </>
  )
}

function PassCard({ pass, holderName }: { pass: StoreWalletPass; holderName: string }) {
  const card = pass.cards[0]
  return (
    <>
      <div className="wallet-card" data-testid="pass-card">
        <div className="wallet-card__top">
          <span className="wallet-card__brand">Linden Rewards</span>
          {pass.level && <span className="wallet-card__level">{pass.level.name}</span>}
        </div>
        <div className="wallet-card__label">Bonus balance</div>
        <div className="wallet-card__balance" data-testid="pass-balance" data-amount={pass.balance}>
          {money(pass.balance, pass.currency_code)}
        </div>
        <div className="wallet-card__rates" data-testid="pass-rates">
          {pass.bonus_percent > 0 && (
            <span>
              <strong>{pass.bonus_percent}%</strong> back in bonus
            </span>
          )}
          {pass.discount_percent > 0 && (
            <span>
              <strong>{pass.discount_percent}%</strong> off every order
            </span>
          )}
        </div>
        <div className="wallet-card__bottom">
          <span>{card ? `No. ${card.number}` : holderName || "\u00a0"}</span>
          <span className={pass.installed ? "pill pill--ok" : "pill"} data-testid="pass-installed">
            {pass.enrollment_state === "pending"
              ? "Being issued…"
              : pass.installed
                ? "✓ In your wallet"
                : "Not in a wallet yet"}
          </span>
        </div>
      </div>
      {pass.level?.next && (
        <p className="muted small">
          Spend {money(pass.level.next.missing, pass.currency_code)} more to reach{" "}
          <strong>{pass.level.next.name}</strong>.
        </p>
      )}
      {pass.balance_hidden && (
        <p className="muted small">Part of your balance shows once you have verified your phone.</p>
      )}
    </>
  )
}

/**
 * The button for this device, or a QR code on a desktop. The device is the store's reading of
 * the browser's user agent (the kit's `installUrl` asks the install route, which parses it):
 * the page needs no user-agent rules of its own.
 */
function AddToWallet({ pass }: { pass: StoreWalletPass }) {
  const [target, setTarget] = useState<StoreWalletPassInstall | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let live = true
    ;(async () => {
      const found = await installUrl(sdk)
      if (!live) return
      setTarget(found)
      if (found.platform === "form") {
        const svg = await qrSvg(sdk)
        if (live) setQr(svg)
      }
    })().catch((e) => live && setError(e))
    return () => {
      live = false
    }
  }, [pass.links.ios, pass.links.android, pass.links.form])

  return (
    <div className="add-to-wallet" data-testid="add-to-wallet-block">
      <p className="add-to-wallet__lead">
        {pass.installed
          ? "Your card is in your wallet. Add it to another phone:"
          : "Keep your card on your phone: your balance and offers, always up to date."}
      </p>
      {error ? <p className="error">{errorText(error)}</p> : null}
      {!target && !error && <p className="muted small">Finding the right wallet for this device…</p>}
      {target && target.platform !== "form" && (
        <a className="wallet-button" href={target.url} data-testid="add-to-wallet" data-platform={target.platform}>
          <WalletGlyph />
          <span>
            <small>Add to</small>
            {target.platform === "ios" ? "Apple Wallet" : "Google Wallet"}
          </span>
        </a>
      )}
      {target?.platform === "form" && (
        <div className="qr">
          {qr ? (
            <img
              className="qr__code"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
              width={148}
              height={148}
              alt="QR code that adds your card to your phone's wallet"
              data-testid="wallet-qr"
            />
          ) : (
            <div className="qr__code qr__code--loading" />
          )}
          <div>
            <strong>Scan with your phone</strong>
            <p className="muted small">
              Point your phone's camera at the code: the card goes to Apple Wallet on an iPhone, Google Wallet on
              Android.
            </p>
            <a className="small" href={target.url}>
              Or open the link on this device
            </a>
          </div>
        </div>
      )}
    </div>
  )
}

function WalletGlyph() {
  return (
    <svg className="wallet-button__glyph" viewBox="0 0 32 24" aria-hidden="true">
      <rect x="1" y="1" width="30" height="22" rx="4" fill="#fff" />
      <rect x="1" y="5" width="30" height="5" fill="#34a853" />
      <rect x="1" y="9" width="30" height="5" fill="#fbbc04" />
      <rect x="1" y="13" width="30" height="5" fill="#ea4335" />
      <path d="M1 16h9a6 6 0 0 0 12 0h9v3a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4z" fill="#dfe3e8" />
    </svg>
  )
}

/** Proving the phone: a code texted through the service, typed back here. */
function VerifyPhone({ phone, onVerified }: { phone?: string | null; onVerified: () => Promise<void> }) {
  const [sent, setSent] = useState<StoreWalletPassVerification["verification"] | null>(null)
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }
  const send = () =>
    run(async () => {
      setSent((await requestVerification(sdk)).verification)
      // The service may refuse the text (or answer that it sent none): the store does not send
      // it again by itself, so say so and offer to ask again.
      for (let i = 0; i < ISSUING_POLLS / 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, ISSUING_POLL_MS))
        const { verification } = await retrieveVerification(sdk)
        if (verification?.text === "queued") continue
        if (verification?.text === "not_sent") {
          setSent(null)
          throw new Error(verification.message ?? "The code could not be texted to your phone. Try again later.")
        }
        return
      }
    })
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await confirmVerification(sdk, code)
      await onVerified()
    })
  }
  return (
    <div className="verify" data-testid="verify-phone">
      <strong>Verify your phone</strong>
      <p className="muted small">
        Prove that {phone ?? "your phone"} is yours to see your whole balance, pay with it and add the card to your
        wallet.
      </p>
      {!sent ? (
        <button className="button primary" type="button" onClick={send} disabled={busy} data-testid="send-code">
          Text me a code
        </button>
      ) : (
        <form className="verify__form" onSubmit={confirm}>
          <label>
            Code sent to {sent.phone}
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              placeholder="123456"
              required
              data-testid="code"
            />
          </label>
          <button className="button primary" type="submit" disabled={busy} data-testid="confirm-code">
            Verify
          </button>
          <button className="link small" type="button" onClick={send} disabled={busy}>
            Send a new code
          </button>
        </form>
      )}
      {error ? <p className="error">{errorText(error)}</p> : null}
    </div>
  )
}

/** Credits that lapse soon, soonest first (the pass route's `expiring`). */
function Expiring({ pass }: { pass: StoreWalletPass }) {
  if (!pass.expiring.length) return null
  return (
    <div className="expiring" data-testid="expiring">
      <strong>Expiring soon</strong>
      <ul>
        {pass.expiring.map((credit, i) => (
          <li key={i}>
            <span>{money(credit.amount, pass.currency_code)}</span>
            <span className="muted">{credit.expires_at ? `on ${day(credit.expires_at)}` : ""}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
