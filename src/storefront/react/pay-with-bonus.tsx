"use client"
import { type FormEvent, useEffect, useId, useState } from "react"
import type { StoreWalletPassBonus } from "../index"
import { formatAmount } from "../format"
import { inputText, parseBonusAmount } from "./state"

export const PAY_WITH_BONUS_TEXT = {
  title: "Pay with bonus",
  upTo: (max: string) => `up to ${max}`,
  cap: (percent: number) => `at most ${percent}% of the items`,
  inputLabel: "Bonus to use",
  apply: "Apply",
  applied: (amount: string) => `${amount} paid with bonus`,
  mayUse: (max: string, cap: string) => `You may use up to ${max} (${cap}).`,
  remove: "Remove",
  nothing: "This cart cannot be paid with bonus.",
  problems: {
    empty: "Enter the bonus to use.",
    not_a_number: "Enter an amount, e.g. 12.50.",
    not_positive: "Enter an amount above zero.",
    over_max: (max: string) => `At most ${max} for this cart.`,
  },
}

export type PayWithBonusProps = {
  /** The cart's bonus (`retrieveBonus`/`useCartBonus`): paid now, the most it may be, the cap. */
  bonus: StoreWalletPassBonus | null
  /** The cart's currency, for the amounts. */
  currencyCode?: string | null
  locale?: string
  busy?: boolean
  /** The store's message when applying or removing failed. */
  error?: string | null
  onApply: (amount: number) => unknown
  onRemove: () => unknown
  /** Said instead of the form when the cart may take no bonus (`max` 0), e.g. "Verify your phone to pay with your bonus." */
  nothingText?: string
  text?: Partial<Omit<typeof PAY_WITH_BONUS_TEXT, "problems">> & {
    problems?: Partial<typeof PAY_WITH_BONUS_TEXT.problems>
  }
  className?: string
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
}: PayWithBonusProps) {
  const t = { ...PAY_WITH_BONUS_TEXT, ...text, problems: { ...PAY_WITH_BONUS_TEXT.problems, ...text?.problems } }
  const id = useId()
  const max = bonus?.max ?? 0
  const [amount, setAmount] = useState(max > 0 ? String(max) : "")
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    setAmount(max > 0 ? String(max) : "")
    setProblem(null)
  }, [max])

  if (!bonus || bonus.max_order_percent === 0) return null
  const money = (value: number) => formatAmount(value, currencyCode, locale)
  const cap = t.cap(bonus.max_order_percent)
  const message = problem ?? error ?? null

  if (bonus.amount > 0)
    return (
      <div className={className} data-wallet-pass="pay-with-bonus" data-state="applied">
        <p>
          <strong data-wallet-pass="bonus-applied" data-amount={bonus.amount}>
            {t.applied(money(bonus.amount))}
          </strong>{" "}
          <span>{t.mayUse(money(bonus.max), cap)}</span>
        </p>
        <button type="button" onClick={() => void onRemove()} disabled={busy} data-wallet-pass="remove-bonus">
          {t.remove}
        </button>
        {message ? (
          <p role="alert" data-wallet-pass="error">
            {message}
          </p>
        ) : null}
      </div>
    )
  if (max <= 0)
    return (
      <div className={className} data-wallet-pass="pay-with-bonus" data-state="nothing">
        <p>{nothingText ?? t.nothing}</p>
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
    <form className={className} onSubmit={submit} noValidate data-wallet-pass="pay-with-bonus" data-state="open">
      <p>
        <strong>{t.title}</strong>{" "}
        <span data-wallet-pass="bonus-max" data-amount={max}>
          {t.upTo(money(max))}
        </span>{" "}
        <span>({cap})</span>
      </p>
      <label htmlFor={`${id}-amount`}>{t.inputLabel}</label>
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
        data-wallet-pass="bonus-amount"
      />
      <button type="submit" disabled={busy} data-wallet-pass="apply-bonus">
        {t.apply}
      </button>
      {message ? (
        <p id={`${id}-error`} role="alert" data-wallet-pass="error">
          {message}
        </p>
      ) : null}
    </form>
  )
}
