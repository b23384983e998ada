import type { HttpTypes } from "@medusajs/types"
import { formatAmount, passStep, type StoreWalletPass } from "medusa-plugin-wallet-pass/storefront"
import { AddToWallet, LevelProgress } from "medusa-plugin-wallet-pass/storefront/react"
import { installUrl, qrSvg, retrievePass } from "@lib/data/wallet-pass"
import { FixPhone, IssuingStatus, VerifyPhone } from "./pass-actions"

const LOCALE = "en-US"

/**
 * "Wallet pass" in the account (a server component): the card read with the customer's token,
 * its level, what expires; then Add to Wallet for this device (the install link asked with the
 * shopper's user agent, the QR code on a desktop) once the phone is verified, the phone's
 * verification before. Every answer of the store has one next step (the kit's passStep): fix the
 * phone, prove it, wait for the card, add a phone, or contact the shop. The client parts: the
 * phone's form, the verification and the wait while the card is issued.
 */
export default async function WalletPass({ customer }: { customer: HttpTypes.StoreCustomer }) {
  const answer = await retrievePass()
  if (!answer.ok)
    return (
      <Section>
        <p role="alert">{answer.error.message}</p>
      </Section>
    )
  const pass = answer.data.wallet_pass
  const step = passStep(answer.data, !!customer.phone)
  if (step.step === "fix_phone" || step.step === "add_phone")
    return (
      <Section>
        {step.step === "fix_phone" ? (
          <p role="alert" data-testid="pass-phone-problem">
            {step.message}
          </p>
        ) : (
          <p className="muted">Add a mobile phone to your account to get a loyalty card.</p>
        )}
        <FixPhone
          example={step.step === "fix_phone" ? step.example : "+49 151 23456789"}
          choices={step.step === "fix_phone" ? step.choices : []}
          current={customer.phone}
        />
      </Section>
    )
  // Another account's pass has the phone: proving it is the way, whatever this account's own pass says.
  if (step.step === "verify" && step.reason)
    return (
      <Section>
        <p data-testid="pass-not-linked">{step.reason}</p>
        <VerifyPhone phone={customer.phone} />
      </Section>
    )
  if (step.step === "contact")
    return (
      <Section>
        <p role="alert" data-testid="pass-contact">
          We could not issue your card. Please contact us.
        </p>
      </Section>
    )
  if (!pass)
    return (
      <Section>
        <IssuingStatus initial={answer.data} expectCard={!!customer.phone} />
      </Section>
    )

  const ready = pass.enrolled && pass.verified
  const install = ready ? await installUrl() : null
  const qr = install?.ok && install.data.platform === "form" ? await qrSvg() : null
  return (
    <Section>
      <PassCard pass={pass} holder={[customer.first_name, customer.last_name].filter(Boolean).join(" ")} />
      <LevelProgress level={pass.level} currencyCode={pass.currency_code} locale={LOCALE} className="level" />
      {pass.balance_hidden && (
        <p className="muted small">Part of your balance shows once you have verified your phone.</p>
      )}
      {step.step === "issuing" && <IssuingStatus initial={answer.data} expectCard />}
      {step.step === "verify" && (
        <div className="panel-block">
          <h2>Verify your phone</h2>
          <VerifyPhone phone={customer.phone} />
        </div>
      )}
      {install && (
        <div className="panel-block" data-testid="add-to-wallet-block">
          <h2>{pass.installed ? "Add it to another phone" : "Add your card to your phone"}</h2>
          <AddToWallet
            target={install.ok ? install.data : null}
            error={install.ok ? (qr && !qr.ok ? qr.error.message : null) : install.error.message}
            qrSvg={qr?.ok ? qr.data : null}
            className="add-to-wallet"
          />
        </div>
      )}
      <Expiring pass={pass} />
    </Section>
  )
}

function Section({ children }: { children: React.ReactNode }) {
  return (
    <section className="wallet-pass" aria-labelledby="wallet-pass-title" data-testid="wallet-pass-page">
      <h1 id="wallet-pass-title">Wallet pass</h1>
      {children}
    </section>
  )
}

function PassCard({ pass, holder }: { pass: StoreWalletPass; holder: string }) {
  const card = pass.cards[0]
  return (
    <div className="card" data-testid="pass-card">
      <div className="card__top">
        <span className="card__brand">Linden Rewards</span>
        {pass.level?.name && <span className="card__level">{pass.level.name}</span>}
      </div>
      <span className="card__label">Bonus balance</span>
      <strong className="card__balance" data-testid="pass-balance" data-amount={pass.balance}>
        {formatAmount(pass.balance, pass.currency_code, LOCALE)}
      </strong>
      <p className="card__rates" data-testid="pass-rates">
        {pass.bonus_percent > 0 && <span>{pass.bonus_percent}% back in bonus</span>}
        {pass.discount_percent > 0 && <span>{pass.discount_percent}% off every order</span>}
      </p>
      <div className="card__bottom">
        <span>{card ? `No. ${card.number}` : holder}</span>
        <span className={pass.installed ? "pill pill--ok" : "pill"} data-testid="pass-installed">
          {pass.enrollment_state === "pending"
            ? "Being issued…"
            : pass.installed
              ? "In your wallet"
              : "Not in a wallet yet"}
        </span>
      </div>
    </div>
  )
}

/** Credits that lapse soon, soonest first. */
function Expiring({ pass }: { pass: StoreWalletPass }) {
  if (!pass.expiring.length) return null
  const day = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" })
  return (
    <div className="panel-block" data-testid="expiring">
      <h2>Expiring soon</h2>
      <ul className="expiring">
        {pass.expiring.map((credit, i) => (
          <li key={i}>
            <span>{formatAmount(credit.amount, pass.currency_code, LOCALE)}</span>
            <span className="muted">{credit.expires_at ? `on ${day.format(new Date(credit.expires_at))}` : ""}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
