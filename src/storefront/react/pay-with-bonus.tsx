"use client"
import { type FormEvent, useEffect, useId, useState } from "react"
import type { StoreWalletPassBonus } from "../index"
import { formatAmount } from "../format"
import { inputText, parseBonusAmount } from "./state"
import { cx, textsFor, WALLET_PASS_TEXTS, type PayWithBonusTexts } from "./texts"

/** The English texts (the default); other languages: the `locale` prop. */
export const PAY_WITH_BONUS_TEXT: PayWithBonusTexts = WALLET_PASS_TEXTS.en.payWithBonus

/** Classes of PayWithBonus's parts; a Tailwind store styles each one. */
export type PayWithBonusClassNames = {
  /** The form (open) or the block (applied, nothing to take). */
  root?: string
  /** The line above the input: the title, the most the cart may take, the cap. */
  summary?: string
  title?: string
  /** An amount written as money: the most the cart may take, or what was paid. */
  amount?: string
  /** The cap and "You may use up to …". */
  note?: string
  label?: string
  input?: string
  /** Every button; then Apply (primary) and Remove (secondary). */
  button?: string
  primaryButton?: string
  secondaryButton?: string
  /** The problem with the amount typed, or the store's message. */
  error?: string
  /** Said when the cart may take no bonus. */
  status?: string
  /** Why the most is lower: the lines that cannot be paid with bonus. */
  excluded?: string
}

/** A number as the shopper would type it in `locale`: its decimal sign, no grouping, at most two decimals. */
const inputNumber = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2, numberingSystem: "latn" }).format(value)

export type PayWithBonusProps = {
  /** The cart's bonus (`retrieveBonus`/`useCartBonus`): paid now, the most it may be, the cap. */
  bonus: StoreWalletPassBonus | null
  /** The cart's currency, for the amounts. */
  currencyCode?: string | null
  /** The store's locale (BCP 47, e.g. "de-DE"): texts and money in it, English otherwise. */
  locale?: string
  busy?: boolean
  /** The store's message when applying or removing failed. */
  error?: string | null
  onApply: (amount: number) => unknown
  onRemove: () => unknown
  /** Said instead of the form when the cart may take no bonus (`max` 0), e.g. "Verify your phone to pay with your bonus." */
  nothingText?: string
  text?: Partial<Omit<PayWithBonusTexts, "problems">> & {
    problems?: Partial<PayWithBonusTexts["problems"]>
  }
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: PayWithBonusClassNames
}

/**
 * "Pay with bonus" in the cart: the most the cart may take (the balance the customer may
 * spend, under the store's cap), an amount (the most, to begin with), Apply; once applied,
 * what was paid and Remove. Nothing at all when the store has paying with bonus off.
 */
export function PayWithBonus({
  bonus,
  currencyCode,
  locale,
  busy = false,
  error,
  onApply,
  onRemove,
  nothingText,
  text,
  className,
  classNames: c = {},
}: PayWithBonusProps) {
  const base = textsFor(locale).payWithBonus
  const t = { ...base, ...text, problems: { ...base.problems, ...text?.problems } }
  const root = cx(c.root, className)
  const id = useId()
  const max = bonus?.max ?? 0
  // The most, to begin with, written as the locale writes a number ("45,5" under de-DE); without
  // a locale as JavaScript does (no guess at the runtime's: server and browser would differ).
  const initial = max > 0 ? (locale ? inputNumber(max, locale) : String(max)) : ""
  const [amount, setAmount] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    setAmount(initial)
    setProblem(null)
  }, [initial])

  if (!bonus || bonus.max_order_percent === 0) return null
  const money = (value: number) => formatAmount(value, currencyCode, locale)
  const cap = t.cap(bonus.max_order_percent)
  const message = problem ?? error ?? null
  // The lines left out of the cap (gift cards, lines the store excludes), said in every state.
  const excluded = bonus.excluded?.length ? (
    <p className={c.excluded} data-wallet-pass="bonus-excluded" data-amount={bonus.excluded_total}>
      {t.excluded(
        bonus.excluded.map((line) => `${line.title ?? line.line_id} (${t.excludedReason[line.reason]})`).join(", "),
        money(bonus.excluded_total)
      )}
    </p>
  ) : null

  if (bonus.amount > 0)
    return (
      <div className={root} data-wallet-pass="pay-with-bonus" data-state="applied">
        <p className={c.summary}>
          <strong className={c.amount} data-wallet-pass="bonus-applied" data-amount={bonus.amount}>
            {t.applied(money(bonus.amount))}
          </strong>{" "}
          <span className={c.note}>{t.mayUse(money(bonus.max), cap)}</span>
        </p>
        {excluded}
        <button
          type="button"
          onClick={() => void onRemove()}
          disabled={busy}
          className={cx(c.button, c.secondaryButton)}
          data-wallet-pass="remove-bonus"
        >
          {t.remove}
        </button>
        {message ? (
          <p role="alert" className={c.error} data-wallet-pass="error">
            {message}
          </p>
        ) : null}
      </div>
    )
  if (max <= 0)
    return (
      <div className={root} data-wallet-pass="pay-with-bonus" data-state="nothing">
        <p className={c.status}>{nothingText ?? t.nothing}</p>
        {excluded}
      </div>
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseBonusAmount(amount, max)
    if ("problem" in parsed) {
      const p = t.problems[parsed.problem]
      return setProblem(typeof p === "function" ? p(money(max)) : p)
    }
    setProblem(null)
    void onApply(parsed.amount)
  }
  return (
    <form className={root} onSubmit={submit} noValidate data-wallet-pass="pay-with-bonus" data-state="open">
      <p className={c.summary}>
        <strong className={c.title}>{t.title}</strong>{" "}
        <span className={c.amount} data-wallet-pass="bonus-max" data-amount={max}>
          {t.upTo(money(max))}
        </span>{" "}
        <span className={c.note}>({cap})</span>
      </p>
      {excluded}
      <label htmlFor={`${id}-amount`} className={c.label}>
        {t.inputLabel}
      </label>
      <input
        id={`${id}-amount`}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(inputText(e))}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className={c.input}
        data-wallet-pass="bonus-amount"
      />
      <button type="submit" disabled={busy} className={cx(c.button, c.primaryButton)} data-wallet-pass="apply-bonus">
        {t.apply}
      </button>
      {message ? (
        <p id={`${id}-error`} role="alert" className={c.error} data-wallet-pass="error">
          {message}
        </p>
      ) : null}
    </form>
  )
}
