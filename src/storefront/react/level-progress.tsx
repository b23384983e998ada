"use client"
import type { ReactNode } from "react"
import type { StoreWalletPass } from "../index"
import { formatAmount } from "../format"
import { levelProgress } from "./state"
import { cx, textsFor, WALLET_PASS_TEXTS, type LevelProgressTexts } from "./texts"

/** The English texts (the default); other languages: the `locale` prop. */
export const LEVEL_PROGRESS_TEXT: LevelProgressTexts = WALLET_PASS_TEXTS.en.levelProgress

/** Classes of LevelProgress's parts; a Tailwind store styles each one. */
export type LevelProgressClassNames = {
  root?: string
  /** The line "Level: Silver", and the level's name in it. */
  level?: string
  name?: string
  /** The native `<progress>` bar (not drawn with `renderProgress`). */
  progress?: string
  /** What is missing to the next level, or "You are at the top level." */
  next?: string
}

/** What `renderProgress` draws from: the way to the next level and its accessible name and value. */
export type LevelProgressBar = {
  /** Of the way to the next level, 0 to 1. */
  ratio: number
  spend: number
  threshold: number
  /** "Progress to Gold": the bar's accessible name. */
  label: string
  /** "€120.00 of €200.00": the bar's accessible value. */
  valueText: string
}

export type LevelProgressProps = {
  /** The pass's `level` (null without levels: nothing is drawn). */
  level: StoreWalletPass["level"]
  /** The balance currency (the pass's `currency_code`): spend and thresholds are in it. */
  currencyCode?: string | null
  /** The store's locale (BCP 47, e.g. "de-DE"): texts and money in it, English otherwise. */
  locale?: string
  text?: Partial<LevelProgressTexts>
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: LevelProgressClassNames
  /**
   * Draws the bar itself instead of the native `<progress>`, e.g. two divs of the store's
   * colours; give it `role="progressbar"` with the label and value it receives.
   */
  renderProgress?: (bar: LevelProgressBar) => ReactNode
}

/**
 * The customer's level and the way to the next one: a native `<progress>` of the spend that
 * counts against the next level's threshold (named for assistive technology), and what is
 * missing in money.
 */
export function LevelProgress({
  level,
  currencyCode,
  locale,
  text,
  className,
  classNames: c = {},
  renderProgress,
}: LevelProgressProps) {
  const progress = levelProgress(level)
  if (!progress) return null
  const t = { ...textsFor(locale).levelProgress, ...text }
  const money = (value: number) => formatAmount(value, currencyCode, locale)
  const { next } = progress
  const bar = next && {
    ratio: progress.ratio,
    spend: progress.spend,
    threshold: next.threshold,
    label: t.progressLabel(next.name),
    valueText: t.progressValue(money(progress.spend), money(next.threshold)),
  }
  return (
    <div className={cx(c.root, className)} data-wallet-pass="level-progress">
      <p className={c.level}>
        {t.level}:{" "}
        <strong className={c.name} data-wallet-pass="level-name">
          {progress.name ?? t.noLevel}
        </strong>
      </p>
      {next && bar ? (
        <>
          {renderProgress ? (
            renderProgress(bar)
          ) : (
            <progress
              max={next.threshold}
              value={Math.min(progress.spend, next.threshold)}
              aria-label={bar.label}
              aria-valuetext={bar.valueText}
              className={c.progress}
              data-wallet-pass="level-bar"
            />
          )}
          <p className={c.next} data-wallet-pass="level-next" data-missing={next.missing}>
            {t.toNext(money(next.missing), next.name)}
          </p>
        </>
      ) : (
        <p className={c.next} data-wallet-pass="level-next">
          {t.top}
        </p>
      )}
    </div>
  )
}
