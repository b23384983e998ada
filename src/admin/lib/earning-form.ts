import { parseNumber, numberText } from "./amount-input"
import { formatDateTime } from "./format"
import {
  DEFAULT_EARNING,
  type EarnCampaign,
  type Earning,
  type EarnRule,
  type EarnTargetKind,
} from "../../modules/wallet-pass/browser"

/**
 * The program's earn rules and campaigns as the admin's editor holds them (texts, as typed),
 * and back as the program takes them (docs/program.md, "Earn rules"). Pure: the page and its
 * unit test use it. The server checks every value on save and names the field it refuses;
 * nothing here decides what is valid, so a row is never dropped (its index is the one the
 * server's message names).
 */

export { EARN_TARGET_KINDS as TARGET_KINDS } from "../../modules/wallet-pass/browser"
export type TargetKind = EarnTargetKind

/** `earning` of the program as the admin API takes it: a rule or campaign without an id gets one on save. */
export type EarningJson = Omit<Earning, "rules" | "campaigns"> & {
  rules: Array<Omit<EarnRule, "id"> & { id?: string }>
  campaigns: Array<Omit<EarnCampaign, "id"> & { id?: string }>
}

export const EARN_CHOICES = ["unset", "multiplier", "percent", "none"] as const
export type EarnChoice = (typeof EARN_CHOICES)[number]
export const REDEEM_CHOICES = ["unset", "yes", "no"] as const
export type RedeemChoice = (typeof REDEEM_CHOICES)[number]

export type RuleDraft = {
  /** Kept from the saved rule; a new rule gets its id from the server on save. */
  id?: string
  kind: TargetKind | ""
  target: string
  earn: EarnChoice
  /** The multiplier or the percent, as typed in the admin's language. */
  value: string
  redeem: RedeemChoice
}

export type CampaignDraft = {
  id?: string
  name: string
  multiplier: string
  /** "YYYY-MM-DDTHH:mm" in the program's time zone, as a date-time input holds it. */
  start: string
  end: string
  collections: string[]
}

export type EarningDraft = {
  rules: RuleDraft[]
  giftCards: { earn: boolean; redeem: boolean }
  campaigns: CampaignDraft[]
}

export const newRule = (): RuleDraft => ({ kind: "", target: "", earn: "unset", value: "", redeem: "unset" })
export const newCampaign = (): CampaignDraft => ({ name: "", multiplier: "2", start: "", end: "", collections: [] })

export function toEarningDraft(earning: EarningJson | null | undefined, locale?: string): EarningDraft {
  const { rules, giftCards, campaigns } = earning ?? DEFAULT_EARNING
  return {
    rules: rules.map((rule) => {
      const earn = rule.earn
      const [choice, value]: [EarnChoice, number | null] = !earn
        ? ["unset", null]
        : "multiplier" in earn
          ? ["multiplier", earn.multiplier]
          : "percent" in earn
            ? ["percent", earn.percent]
            : ["none", null]
      return {
        ...(rule.id ? { id: rule.id } : {}),
        kind: rule.target.kind,
        target: rule.target.id,
        earn: choice,
        value: numberText(value, locale),
        redeem: rule.redeem === undefined ? "unset" : rule.redeem ? "yes" : "no",
      }
    }),
    giftCards: { earn: giftCards.earn, redeem: giftCards.redeem },
    campaigns: campaigns.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name,
      multiplier: numberText(c.multiplier, locale),
      start: c.start,
      end: c.end,
      collections: [...c.collections],
    })),
  }
}

/** The draft as the program takes it; a number not written the locale's way is NaN (sent as null, named by the server). */
export function toEarning(draft: EarningDraft, locale?: string): EarningJson {
  const number = (text: string) => parseNumber(text, locale)
  return {
    rules: draft.rules.map((rule) => ({
      ...(rule.id ? { id: rule.id } : {}),
      target: { kind: rule.kind as TargetKind, id: rule.target },
      ...(rule.earn === "multiplier"
        ? { earn: { multiplier: number(rule.value) } }
        : rule.earn === "percent"
          ? { earn: { percent: number(rule.value) } }
          : rule.earn === "none"
            ? { earn: { none: true as const } }
            : {}),
      ...(rule.redeem === "unset" ? {} : { redeem: rule.redeem === "yes" }),
    })),
    giftCards: { ...draft.giftCards },
    campaigns: draft.campaigns.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name.trim(),
      multiplier: number(c.multiplier),
      start: c.start,
      end: c.end,
      collections: [...c.collections],
    })),
  }
}

/** One problem of a refused save: the field's path ("earning.rules.1.earn.multiplier") and what is wrong. */
export type FieldProblem = { path: string; text: string }

/**
 * The problems of a refused program ("Invalid program: earning.rules.1.target: …; timeZone: …"),
 * each with its field's path; a part without a path keeps an empty one.
 */
export function fieldProblems(message: string): FieldProblem[] {
  const body = message.replace(/^Invalid program:\s*/, "")
  return body
    .split(/;\s+(?=[\w.]+: )/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([A-Za-z]\w*(?:\.\w+)*): ([\s\S]*)$/.exec(part)
      return match ? { path: match[1], text: match[2] } : { path: "", text: part }
    })
}

/** The problems at `prefix` or under it ("earning.rules.2" takes "earning.rules.2.earn.percent"). */
export function problemsAt(problems: FieldProblem[], prefix: string): FieldProblem[] {
  return problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`))
}

/**
 * A local date-time of the program's zone ("2026-12-05T18:00") in the admin's language
 * ("Dec 5, 2026, 18:00"; "5 дек. 2026 г., 18:00"): written as it is, never moved to the
 * browser's zone. Anything else is shown as given.
 */
export function formatLocalDateTime(local: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return local
  const [, y, mo, d, h, mi] = match.map(Number)
  return formatDateTime(new Date(Date.UTC(y, mo - 1, d, h, mi)), locale, "UTC")
}

/**
 * A campaign's local date-time as the dashboard's date picker holds it: a Date whose wall
 * clock in the browser's zone reads the same day, hour and minute (the picker shows the wall
 * clock; the program's zone gives it its instant on the server). Null for an empty or bad text.
 */
export function localToDate(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number)
  return new Date(y, mo - 1, d, h, mi)
}

/** The picker's Date back as the program writes it, "YYYY-MM-DDTHH:mm" (its wall clock); "" for none. */
export function dateToLocal(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return ""
  const two = (n: number) => String(n).padStart(2, "0")
  return `${String(date.getFullYear()).padStart(4, "0")}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`
}
