import { formatLocalDateTime } from "./earning-form"
import { formatNumber, formatPercent } from "./format"

type T = (key: string, options?: Record<string, unknown>) => string

/** A change of the program's history (rules/earning-changes.ts writes the earning's). */
type Change = { field: string; level?: string; from: string | number | null; to: string | number | null }

export type EarningHistoryWords = {
  t: T
  /** Dates in the admin's language. */
  locale?: string
  /** Numbers as the admin writes them. */
  numberLocale?: string
  /** A collection's, category's, type's or tag's name in the store (its id when the store has none). */
  nameOf: (kind: string, id: string) => string
}

/**
 * A rule as the history records it ("×2, no bonus payment", "5%", "none") in the admin's words;
 * a part it does not know is shown as written.
 */
function ruleText(text: string, { t, numberLocale }: EarningHistoryWords): string {
  return text
    .split(", ")
    .map((part) => {
      const times = /^×(\d+(?:\.\d+)?)$/.exec(part)
      if (times) return t("earnRules.campaigns.times", { multiplier: formatNumber(Number(times[1]), numberLocale) })
      const percent = /^(\d+(?:\.\d+)?)%$/.exec(part)
      if (percent) return formatPercent(Number(percent[1]), numberLocale)
      if (part === "none") return t("earnRules.rules.earnChoice.none")
      if (part === "bonus payment allowed") return t("earnRules.history.redeemYes")
      if (part === "no bonus payment") return t("earnRules.history.redeemNo")
      return part
    })
    .join(", ")
}

/** A campaign as the history records it ("×1.5 2026-12-05T00:00–2026-12-07T00:00 on pcol_…") in the admin's words. */
function campaignText(text: string, words: EarningHistoryWords): string {
  const { t, locale, numberLocale, nameOf } = words
  const match = /^×(\S+) (\S+)–(\S+?)(?: on (.+))?$/.exec(text)
  if (!match) return text
  const [, multiplier, start, end, collections] = match
  return [
    t("earnRules.campaigns.times", { multiplier: formatNumber(Number(multiplier), numberLocale) }),
    t("earnRules.campaigns.period", {
      start: formatLocalDateTime(start, locale),
      end: formatLocalDateTime(end, locale),
    }),
    collections
      ? collections
          .split(", ")
          .map((id) => nameOf("collection", id))
          .join(", ")
      : t("earnRules.campaigns.allProducts"),
  ].join(", ")
}

/**
 * One line of "What changed" for a change of the earn rules, campaigns or gift cards
 * ("Earn rule, Product tag Sale: not in the program → Earns nothing, cannot be paid with
 * bonus"); null for any other change.
 */
export function describeEarningChange(change: Change, words: EarningHistoryWords): string | null {
  const { t } = words
  if (!change.field.startsWith("earning")) return null
  const value = (v: string | number | null, text: (s: string) => string) =>
    v === null ? t("earnRules.history.absent") : text(String(v))
  if (change.field === "earning.rule") {
    const [kind, id] = (change.level ?? "").split(" ")
    const kindWord = t(`earnRules.rules.kinds.${kind}`, { defaultValue: kind })
    return t("program.history.change.line", {
      what: t("earnRules.history.rule", { target: `${kindWord} ${id ? words.nameOf(kind, id) : ""}`.trim() }),
      from: value(change.from, (s) => ruleText(s, words)),
      to: value(change.to, (s) => ruleText(s, words)),
    })
  }
  if (change.field === "earning.campaign") {
    return t("program.history.change.line", {
      what: t("earnRules.history.campaign", { name: change.level ?? "" }),
      from: value(change.from, (s) => campaignText(s, words)),
      to: value(change.to, (s) => campaignText(s, words)),
    })
  }
  const yesNo = (s: string) =>
    s === "true" ? t("earnRules.rules.redeemChoice.yes") : s === "false" ? t("earnRules.rules.redeemChoice.no") : s
  return t("program.history.change.line", {
    what: t(`earnRules.history.${change.field.slice("earning.".length)}`, {
      defaultValue: t("earnRules.history.earning"),
    }),
    from: value(change.from, yesNo),
    to: value(change.to, yesNo),
  })
}
