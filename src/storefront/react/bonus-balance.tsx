"use client"
import type { StoreWalletPass } from "../index"
import { formatAmount } from "../format"
import { cx, textsFor, WALLET_PASS_TEXTS, type BonusBalanceTexts } from "./texts"

/** The English texts (the default); other languages: the `locale` prop. */
export const BONUS_BALANCE_TEXT: BonusBalanceTexts = WALLET_PASS_TEXTS.en.bonusBalance

/** Classes of BonusBalance's parts; a Tailwind store styles each one. */
export type BonusBalanceClassNames = {
  root?: string
  /** "Bonus", and the spendable amount in it. */
  label?: string
  amount?: string
  /** "+€1.66 pending · spendable from 12 Dec 2026" (drawn only with something pending). */
  pending?: string
}

export type BonusBalanceProps = {
  /** The pass (GET /store/customers/me/wallet-pass): its balance, pending part and currency. */
  pass: Pick<StoreWalletPass, "balance" | "pending" | "pending_until" | "currency_code">
  /** The store's locale (BCP 47, e.g. "de-DE"): texts, money and the date in it, English otherwise. */
  locale?: string
  text?: Partial<BonusBalanceTexts>
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: BonusBalanceClassNames
}

/**
 * The bonus the customer may spend, and beside it what their orders earned that still waits
 * (docs/loyalty.md, "Pending bonus"): "+€1.66 pending", with the date the next of it becomes
 * spendable. The pending line is drawn only when something is pending.
 */
export function BonusBalance({ pass, locale, text, className, classNames: c = {} }: BonusBalanceProps) {
  const t = { ...textsFor(locale).bonusBalance, ...text }
  const money = (value: number) => formatAmount(value, pass.currency_code, locale)
  const pending = pass.pending ?? 0
  const until = pass.pending_until
    ? new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(
        new Date(pass.pending_until)
      )
    : null
  return (
    <div className={cx(c.root, className)} data-wallet-pass="bonus-balance">
      <p className={c.label}>
        {t.balance}:{" "}
        <strong className={c.amount} data-wallet-pass="bonus-balance-amount" data-amount={pass.balance}>
          {money(pass.balance)}
        </strong>
      </p>
      {pending > 0 ? (
        <p className={c.pending} data-wallet-pass="bonus-pending" data-amount={pending}>
          {t.pending(money(pending))}
          {until ? ` · ${t.until(until)}` : null}
        </p>
      ) : null}
    </div>
  )
}
