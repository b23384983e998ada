"use client"
import type { StoreWalletPass } from "../index"
import { formatAmount } from "../format"
import { levelProgress } from "./state"

export const LEVEL_PROGRESS_TEXT = {
  level: "Level",
  noLevel: "No level yet",
  toNext: (missing: string, next: string) => `Spend ${missing} more to reach ${next}.`,
  progressLabel: (next: string) => `Progress to ${next}`,
  progressValue: (spend: string, threshold: string) => `${spend} of ${threshold}`,
  top: "You are at the top level.",
}

export type LevelProgressProps = {
  /** The pass's `level` (null without levels: nothing is drawn). */
  level: StoreWalletPass["level"]
  /** The balance currency (the pass's `currency_code`): spend and thresholds are in it. */
  currencyCode?: string | null
  locale?: string
  text?: Partial<typeof LEVEL_PROGRESS_TEXT>
  className?: string
}

/**
 * The customer's level and the way to the next one: a native `<progress>` of the spend that
 * counts against the next level's threshold (named for assistive technology), and what is
 * missing in money.
 */
export function LevelProgress({ level, currencyCode, locale, text, className }: LevelProgressProps) {
  const progress = levelProgress(level)
  if (!progress) return null
  const t = { ...LEVEL_PROGRESS_TEXT, ...text }
  const money = (value: number) => formatAmount(value, currencyCode, locale)
  const { next } = progress
  return (
    <div className={className} data-wallet-pass="level-progress">
      <p>
        {t.level}: <strong data-wallet-pass="level-name">{progress.name ?? t.noLevel}</strong>
      </p>
      {next ? (
        <>
          <progress
            max={next.threshold}
            value={Math.min(progress.spend, next.threshold)}
            aria-label={t.progressLabel(next.name)}
            aria-valuetext={t.progressValue(money(progress.spend), money(next.threshold))}
            data-wallet-pass="level-bar"
          />
          <p data-wallet-pass="level-next" data-missing={next.missing}>
            {t.toNext(money(next.missing), next.name)}
          </p>
        </>
      ) : (
        <p data-wallet-pass="level-next">{t.top}</p>
      )}
    </div>
  )
}
