"use client"
import type { StoreWalletPassCartEarn, StoreWalletPassEarn } from "../index"
import { formatAmount } from "../format"
import { cx, textsFor, WALLET_PASS_TEXTS, type YouWillEarnTexts } from "./texts"

/** The English texts (the default); other languages: the `locale` prop. */
export const YOU_WILL_EARN_TEXT: YouWillEarnTexts = WALLET_PASS_TEXTS.en.youWillEarn

/** Classes of YouWillEarn's parts; a Tailwind store styles each one. */
export type YouWillEarnClassNames = {
  root?: string
  /** The bonus written as money. */
  amount?: string
  /** "Cannot be paid with bonus" beside a product the store excludes. */
  note?: string
}

export type YouWillEarnProps = {
  /**
   * On a product page: one variant of `retrieveEarn`'s answer (`variants[i]`); in the cart:
   * `retrieveCartEarn`'s answer. Null while loading: nothing is drawn.
   */
  earn: StoreWalletPassEarn["variants"][number] | StoreWalletPassCartEarn | null
  /** The balance currency (the answers' `currency_code`; the cart's answer carries its own). */
  currencyCode?: string | null
  /** The store's locale (BCP 47, e.g. "de-DE"): texts and money in it, English otherwise. */
  locale?: string
  text?: Partial<YouWillEarnTexts>
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: YouWillEarnClassNames
}

/**
 * "Earn €6.00 in bonus" on a product page, "You will earn €16.00 in bonus with this order" in
 * the cart: the store routes' estimate (docs/storefront-react.md, "YouWillEarn"), the same the
 * order then earns. Nothing when it earns nothing (unless `text.none` says something).
 */
export function YouWillEarn({ earn, currencyCode, locale, text, className, classNames: c = {} }: YouWillEarnProps) {
  if (!earn) return null
  const t = { ...textsFor(locale).youWillEarn, ...text }
  const isCart = "lines" in earn
  const bonus = isCart ? earn.amount : earn.bonus
  const notRedeemable = !isCart && !earn.redeemable
  const root = cx(c.root, className)
  if (bonus <= 0 && !t.none && !notRedeemable) return null
  // The cart's answer names its currency: a cart piece needs no `currencyCode` of its own.
  const money = formatAmount(bonus, currencyCode ?? (isCart ? earn.currency_code : null), locale)
  return (
    <p className={root} data-wallet-pass="you-will-earn" data-amount={bonus}>
      {bonus > 0 ? (
        <span className={c.amount}>{isCart ? t.cart(money) : t.product(money)}</span>
      ) : t.none ? (
        <span className={c.amount}>{t.none}</span>
      ) : null}
      {notRedeemable ? (
        <>
          {bonus > 0 || t.none ? " " : null}
          <span className={c.note} data-wallet-pass="not-redeemable">
            {t.notRedeemable}
          </span>
        </>
      ) : null}
    </p>
  )
}
