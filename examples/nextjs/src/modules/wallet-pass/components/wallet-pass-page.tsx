import type { HttpTypes } from "@medusajs/types"
import type { ReactNode } from "react"
import { formatAmount, passStep, type StoreWalletPass } from "medusa-plugin-wallet-pass/storefront"
import { AddToWallet, LevelProgress } from "medusa-plugin-wallet-pass/storefront/react"
import { installUrl, qrSvg, retrievePass } from "@lib/data/wallet-pass"
import { addToWalletClasses, levelProgressClasses } from "../lib/classes"
import { walletPassContactUrl, walletPassLocale } from "../lib/config"
import { FixPhone, IssuingStatus, VerifyPhone } from "./pass-actions"

/**
 * "Wallet pass" in the account (a server component): the card read with the customer's token,
 * its level, what expires; then Add to Wallet for this device (the install link asked with the
 * shopper's user agent, the QR code on a desktop) once the phone is verified, the phone's
 * verification before. Every answer of the store has one next step (the kit's passStep): fix the
 * phone, prove it, wait for the card, add a phone, or contact the shop.
 */
export default async function WalletPassPage({ customer }: { customer: HttpTypes.StoreCustomer }) {
  const locale = walletPassLocale()
  const answer = await retrievePass()
  if (!answer.ok)
    return (
      <Section>
        <p role="alert" className="text-ui-fg-error">
          {answer.error.message}
        </p>
      </Section>
    )
  const pass = answer.data.wallet_pass
  const step = passStep(answer.data, !!customer.phone)
  if (step.step === "fix_phone" || step.step === "add_phone")
    return (
      <Section>
        {step.step === "fix_phone" ? (
          <p role="alert" className="text-ui-fg-error" data-testid="pass-phone-problem">
            {step.message}
          </p>
        ) : (
          <p className="text-ui-fg-subtle">Add a mobile phone to your account to get a loyalty card.</p>
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
        <p className="text-ui-fg-subtle" data-testid="pass-not-linked">
          {step.reason}
        </p>
        <VerifyPhone phone={customer.phone} />
      </Section>
    )
  if (step.step === "contact")
    return (
      <Section>
        <p role="alert" data-testid="pass-contact">
          We could not issue your card.{" "}
          <a href={walletPassContactUrl()} className="text-ui-fg-interactive underline" data-testid="pass-contact-link">
            Contact us
          </a>{" "}
          and we will sort it out.
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
      <PassCard pass={pass} locale={locale} holder={[customer.first_name, customer.last_name].join(" ").trim()} />
      <LevelProgress
        level={pass.level}
        currencyCode={pass.currency_code}
        locale={locale}
        classNames={levelProgressClasses}
      />
      {pass.balance_hidden && (
        <p className="txt-compact-small text-ui-fg-subtle">
          Part of your balance shows once you have verified your phone.
        </p>
      )}
      {step.step === "issuing" && <IssuingStatus initial={answer.data} expectCard />}
      {step.step === "verify" && (
        <Block title="Verify your phone">
          <VerifyPhone phone={customer.phone} />
        </Block>
      )}
      {install && (
        <Block
          title={pass.installed ? "Add it to another phone" : "Add your card to your phone"}
          testId="add-to-wallet-block"
        >
          <AddToWallet
            target={install.ok ? install.data : null}
            error={install.ok ? (qr && !qr.ok ? qr.error.message : null) : install.error.message}
            qrSvg={qr?.ok ? qr.data : null}
            classNames={addToWalletClasses}
          />
        </Block>
      )}
      <Expiring pass={pass} locale={locale} />
    </Section>
  )
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section
      className="flex w-full flex-col gap-y-6"
      aria-labelledby="wallet-pass-title"
      data-testid="wallet-pass-page"
    >
      <h1 id="wallet-pass-title" className="text-2xl-semi">
        Wallet pass
      </h1>
      {children}
    </section>
  )
}

function Block({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-y-3 border-t border-ui-border-base pt-6" data-testid={testId}>
      <h2 className="text-large-semi">{title}</h2>
      {children}
    </div>
  )
}

function PassCard({ pass, holder, locale }: { pass: StoreWalletPass; holder: string; locale: string }) {
  const card = pass.cards[0]
  return (
    <div
      className="flex max-w-md flex-col gap-y-2 rounded-large bg-ui-button-inverted p-6 text-ui-fg-on-inverted shadow-elevation-card-rest"
      data-testid="pass-card"
    >
      <div className="flex items-center justify-between txt-compact-small-plus uppercase tracking-wide opacity-80">
        <span>Loyalty card</span>
        {pass.level?.name && <span>{pass.level.name}</span>}
      </div>
      <span className="txt-compact-small opacity-80">Bonus balance</span>
      <strong className="text-3xl" data-testid="pass-balance" data-amount={pass.balance}>
        {formatAmount(pass.balance, pass.currency_code, locale)}
      </strong>
      <p className="flex flex-wrap gap-x-4 txt-compact-small" data-testid="pass-rates">
        {pass.bonus_percent > 0 && <span>{pass.bonus_percent}% back in bonus</span>}
        {pass.discount_percent > 0 && <span>{pass.discount_percent}% off every order</span>}
      </p>
      <div className="flex items-center justify-between txt-compact-small">
        <span>{card ? `No. ${card.number}` : holder}</span>
        <span
          className={`rounded-full px-2 py-0.5 txt-compact-xsmall-plus ${pass.installed ? "bg-ui-tag-green-bg text-ui-tag-green-text" : "bg-ui-bg-base text-ui-fg-base"}`}
          data-testid="pass-installed"
        >
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
function Expiring({ pass, locale }: { pass: StoreWalletPass; locale: string }) {
  if (!pass.expiring.length) return null
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" })
  return (
    <Block title="Expiring soon" testId="expiring">
      <ul className="flex flex-col gap-y-1 txt-compact-medium">
        {pass.expiring.map((credit, i) => (
          <li key={i} className="flex justify-between max-w-md">
            <span>{formatAmount(credit.amount, pass.currency_code, locale)}</span>
            <span className="text-ui-fg-subtle">
              {credit.expires_at ? `on ${day.format(new Date(credit.expires_at))}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Block>
  )
}
