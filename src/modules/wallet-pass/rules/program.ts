import { z } from "@medusajs/framework/zod"
import { cardSettingsSchema } from "./card-texts"
import { MAX_AMOUNT_MINOR } from "../constants"
import { percentToBasisPoints, toMinorUnits } from "../../../lib/amounts"
import { issueLine } from "./issues"
import { unstorableTextError } from "../../../lib/safe-json"
import { isTimeZone } from "../../../lib/time-zone"
import { earningSchema } from "./earning-schema"
import { earningChanges } from "./earning-changes"

/**
 * The loyalty program the store runs (docs/program.md): who sets a holder's bonus and discount
 * percents, and the levels a customer reaches by spend. Plugin option `program` gives the first
 * one; the admin's saved versions win afterwards. Pure: no container, no database.
 */

/** Who sets holders' rates: the service (its setPrivileges hook), or the program's levels. */
export const RATES_OWNERS = ["service", "program"] as const
export type RatesOwner = (typeof RATES_OWNERS)[number]

/** At most this many levels: a card shows one, and a merchant names each. */
export const MAX_LEVELS = 20

const percent = (field: string) =>
  z
    .number({ error: `${field} must be a number from 0 to 100` })
    .min(0, { error: `${field} must be a number from 0 to 100` })
    .max(100, { error: `${field} must be a number from 0 to 100` })
    .refine((v) => percentToBasisPoints(v) !== null, { error: `${field} accepts at most two decimal places` })

const amount = (field: string) =>
  z
    .number({ error: `${field} must be an amount of at least 0` })
    .refine((v) => v >= 0 && toMinorUnits(v) !== null, {
      error: `${field} must be an amount from 0 to ${MAX_AMOUNT_MINOR / 100} with at most two decimals`,
    })
    .default(0)

const bonusFields = (field: string) => ({
  amount: amount(`${field}.amount`),
  lifetimeDays: z
    .number({ error: `${field}.lifetimeDays must be a whole number of days from 1 to 3660, or null` })
    .int({ error: `${field}.lifetimeDays must be a whole number of days from 1 to 3660, or null` })
    .min(1, { error: `${field}.lifetimeDays must be a whole number of days from 1 to 3660, or null` })
    .max(3660, { error: `${field}.lifetimeDays must be a whole number of days from 1 to 3660, or null` })
    .nullable()
    .default(null),
})

/** A bonus of the program: its amount in the balance unit (0: off) and how long it lasts (null: for good). */
const bonusSchema = (field: string) => z.object(bonusFields(field)).strict().prefault({})

/**
 * The referral bonus: `amount` to the referrer and `newCustomerAmount` to the customer they
 * brought, once the new customer's first order has stood `afterDays` days without a cancel or
 * a return.
 */
const referralSchema = z
  .object({
    ...bonusFields("referral"),
    newCustomerAmount: amount("referral.newCustomerAmount"),
    afterDays: z
      .number({ error: "referral.afterDays must be a whole number of days from 0 to 365" })
      .int({ error: "referral.afterDays must be a whole number of days from 0 to 365" })
      .min(0, { error: "referral.afterDays must be a whole number of days from 0 to 365" })
      .max(365, { error: "referral.afterDays must be a whole number of days from 0 to 365" })
      .default(14),
  })
  .strict()
  .prefault({})

const levelSchema = z
  .object({
    name: z
      .string({ error: "name must be a non-empty text of at most 40 characters" })
      .trim()
      .min(1, { error: "name must be a non-empty text of at most 40 characters" })
      .max(40, { error: "name must be a non-empty text of at most 40 characters" })
      .superRefine((value, ctx) => {
        // A NUL or a lone surrogate: Postgres refuses it in the saved version (a 500 before).
        const error = unstorableTextError("name", value)
        if (error) ctx.addIssue({ code: "custom", message: error })
      }),
    threshold: z
      .number({ error: "threshold must be an amount of at least 0" })
      .refine((v) => v >= 0 && toMinorUnits(v) !== null, {
        error: `threshold must be an amount from 0 to ${MAX_AMOUNT_MINOR / 100} with at most two decimals`,
      }),
    bonusPercent: percent("bonusPercent"),
    discountPercent: percent("discountPercent"),
  })
  .strict()

/** The program as the admin API and plugin option `program` take it. */
export const programSchema = z
  .object({
    ratesOwner: z
      .enum(RATES_OWNERS, { error: `ratesOwner must be one of ${RATES_OWNERS.map((o) => `"${o}"`).join(", ")}` })
      .default("service"),
    tiers: z
      .object({
        // Spend counts over this many days back from now; null: since the customer's first order.
        windowDays: z
          .number({ error: "windowDays must be a whole number of days from 1 to 3660, or null for lifetime" })
          .int({ error: "windowDays must be a whole number of days from 1 to 3660, or null for lifetime" })
          .min(1, { error: "windowDays must be a whole number of days from 1 to 3660, or null for lifetime" })
          .max(3660, { error: "windowDays must be a whole number of days from 1 to 3660, or null for lifetime" })
          .nullable()
          .default(null),
        levels: z
          .array(levelSchema, { error: "levels must be a list of levels" })
          .max(MAX_LEVELS, { error: `levels holds at most ${MAX_LEVELS} levels` })
          .default([]),
      })
      .strict()
      .prefault({}),
    // Credited once per holder (a birthday once a year, a referral once per customer brought),
    // sent like any credit.
    bonuses: z
      .object({
        welcome: bonusSchema("welcome"),
        install: bonusSchema("install"),
        birthday: bonusSchema("birthday"),
        referral: referralSchema,
      })
      .strict()
      .prefault({}),
    // The store's time zone (IANA): a birthday bonus comes on the day there.
    timeZone: z
      .string({ error: 'timeZone must be an IANA time zone such as "Europe/Moscow"' })
      .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as "Europe/Moscow"' })
      .default("UTC"),
    // What the card shows (docs/program.md, "On the card"): template variables and a design per level.
    pass: cardSettingsSchema.prefault({}),
    // Earn rules by what is bought, gift cards, campaigns (docs/program.md, "Earn rules").
    earning: earningSchema.prefault({}),
  })
  .strict()
  .superRefine((program, ctx) => {
    const { levels } = program.tiers
    const names = new Set(levels.map((l) => l.name))
    for (const level of Object.keys(program.pass.levelTemplates)) {
      if (!names.has(level)) {
        ctx.addIssue({
          code: "custom",
          path: ["pass", "levelTemplates", level],
          message: `"${level}" is not a level of the program: a design is given per level name`,
        })
      }
    }
    if (levels.length && levels[0].threshold !== 0) {
      ctx.addIssue({
        code: "custom",
        path: ["tiers", "levels", 0, "threshold"],
        message: "the first level's threshold must be 0: every customer is on a level",
      })
    }
    for (let i = 1; i < levels.length; i++) {
      if (levels[i].threshold <= levels[i - 1].threshold) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", "levels", i, "threshold"],
          message: `threshold must be above the previous level's (${levels[i - 1].threshold}): levels go up by spend and do not overlap`,
        })
      }
    }
    const seen = new Set<string>()
    levels.forEach((level, i) => {
      const key = level.name.toLowerCase()
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", "levels", i, "name"],
          message: `name "${level.name}" is used twice`,
        })
      }
      seen.add(key)
    })
    if (program.ratesOwner === "program" && !levels.length) {
      ctx.addIssue({
        code: "custom",
        path: ["ratesOwner"],
        message: 'ratesOwner "program" needs at least one level in tiers.levels to take the rates from',
      })
    }
  })

export type ProgramInput = z.input<typeof programSchema>
export type Program = z.output<typeof programSchema>
export type ProgramLevel = Program["tiers"]["levels"][number]

/** A program's problems, one line each, with the field's path ("tiers.levels.1.threshold: ..."). */
export function programProblems(
  raw: unknown
): { program: Program; problems: null } | { program: null; problems: string[] } {
  const result = programSchema.safeParse(raw ?? {})
  if (result.success) return { program: result.data, problems: null }
  return {
    program: null,
    problems: result.error.issues.map((issue) => issueLine(issue, raw ?? {}, "unknown field(s)")),
  }
}

/**
 * Whose birthday it is at `now` in `timeZone`: the year there and the month-days ("02-28")
 * to look for; on 28 February of a year without a 29th, those born on the 29th too.
 */
export function birthdaysOn(now: Date, timeZone: string): { year: number; monthDays: string[] } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(now)
      .map((p) => [p.type, p.value])
  )
  const year = Number(parts.year)
  const monthDay = `${parts.month}-${parts.day}`
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1
  return { year, monthDays: monthDay === "02-28" && !leap ? ["02-28", "02-29"] : [monthDay] }
}

/** The level a spend (minor units) reaches: the last whose threshold it meets; null when the program has none. */
export function levelFor(program: Program, spendMinor: number): ProgramLevel | null {
  let reached: ProgramLevel | null = null
  for (const level of program.tiers.levels) {
    if (spendMinor >= toMinorUnits(level.threshold)!) reached = level
  }
  return reached
}

/** The level after `current` (by name), or null at the top or without levels. */
export function nextLevel(program: Program, current: string | null): ProgramLevel | null {
  const levels = program.tiers.levels
  const i = current === null ? -1 : levels.findIndex((l) => l.name === current)
  return levels[i + 1] ?? null
}

/** A referred customer's first order, as the referral decision reads it. */
export type FirstOrder = {
  created_at: Date | string
  status: string
  canceled_at?: Date | string | null
  /** Its returns: when each was opened (`created_at`; `requested_at` when Medusa has it), and its status. */
  returns?:
    ({ status?: string | null; created_at?: Date | string | null; requested_at?: Date | string | null } | null)[] | null
}

export type ReferralDecision = { kind: "wait" } | { kind: "void"; reason: string } | { kind: "pay" }

const DAY_MS = 86_400_000

/** A time as milliseconds; an unknown time is -Infinity (it counts as early: inside any window). */
const at = (t: Date | string | null | undefined) => (t ? new Date(t).getTime() : -Infinity)

/**
 * What a pending referral comes to at `now` (docs/program.md, "Referral"): it waits for the
 * referred customer's first order and then for `afterDays` days; it is void when that order
 * came before the referral (the customer was not new to the store), or was canceled or got a
 * return (not itself canceled) within those days, placed + `afterDays` included; otherwise
 * the bonuses are paid. A cancel or return after the days is judged by its own time, not by
 * when the job looks: a job that runs late (a store down, an hourly job behind) pays a
 * referral that stood its days. A cancel or return of unknown time counts as within them.
 */
export function referralDecision(
  first: FirstOrder | null | undefined,
  referredAt: Date | string,
  afterDays: number,
  now: Date
): ReferralDecision {
  if (!first) return { kind: "wait" }
  const placed = new Date(first.created_at).getTime()
  if (placed < new Date(referredAt).getTime())
    return { kind: "void", reason: "the customer had ordered before the referral" }
  const stood = placed + afterDays * DAY_MS
  if (now.getTime() < stood) return { kind: "wait" }
  const canceled = first.status === "canceled" || !!first.canceled_at
  if (canceled && at(first.canceled_at) <= stood) return { kind: "void", reason: "the first order was canceled" }
  const returned = (first.returns ?? []).some(
    (r) => r && r.status !== "canceled" && at(r.requested_at ?? r.created_at) <= stood
  )
  if (returned) return { kind: "void", reason: "the first order was returned" }
  return { kind: "pay" }
}

/**
 * One difference between two versions of the program, as the admin's history shows it:
 * `field` is "ratesOwner", "windowDays" or "timeZone"; "levelAdded" or "levelRemoved" (of
 * `level`); a level's "threshold", "bonusPercent" or "discountPercent" (of `level`, levels
 * matched by name); or a bonus's "<bonus>.<field>" ("welcome.amount", "referral.afterDays");
 * or the earning's (rules/earning-changes.ts): "earning.rule" and "earning.campaign" (`level`
 * holds the rule's target or the campaign's name), "earning.giftCards.earn"/".redeem".
 */
export type ProgramChange = {
  field: string
  level?: string
  from: string | number | null
  to: string | number | null
}

const LEVEL_FIELDS = ["threshold", "bonusPercent", "discountPercent"] as const
const BONUS_FIELDS = {
  welcome: ["amount", "lifetimeDays"],
  install: ["amount", "lifetimeDays"],
  birthday: ["amount", "lifetimeDays"],
  referral: ["amount", "newCustomerAmount", "afterDays", "lifetimeDays"],
} as const

/** What `after` changes of `before`: the history's "what changed" of a version (docs/program.md). */
export function programChanges(before: Program, after: Program): ProgramChange[] {
  const changes: ProgramChange[] = []
  const setting = (field: string, from: string | number | null, to: string | number | null) => {
    if (from !== to) changes.push({ field, from, to })
  }
  setting("ratesOwner", before.ratesOwner, after.ratesOwner)
  setting("windowDays", before.tiers.windowDays, after.tiers.windowDays)
  setting("timeZone", before.timeZone, after.timeZone)
  // The card's settings as one line each: a variable by its name, a design by its level.
  const pairs = (map: Record<string, string>) =>
    Object.entries(map)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ") || null
  setting("pass.variables", pairs(before.pass.variables), pairs(after.pass.variables))
  setting("pass.levelTemplates", pairs(before.pass.levelTemplates), pairs(after.pass.levelTemplates))
  const byName = (levels: ProgramLevel[]) => new Map(levels.map((l) => [l.name.toLowerCase(), l]))
  const old = byName(before.tiers.levels)
  const kept = byName(after.tiers.levels)
  for (const level of after.tiers.levels) {
    const was = old.get(level.name.toLowerCase())
    if (!was) {
      changes.push({ field: "levelAdded", level: level.name, from: null, to: null })
      continue
    }
    for (const field of LEVEL_FIELDS) {
      if (was[field] !== level[field]) changes.push({ field, level: level.name, from: was[field], to: level[field] })
    }
  }
  for (const level of before.tiers.levels) {
    if (!kept.has(level.name.toLowerCase()))
      changes.push({ field: "levelRemoved", level: level.name, from: null, to: null })
  }
  for (const [bonus, fields] of Object.entries(BONUS_FIELDS) as [keyof typeof BONUS_FIELDS, readonly string[]][]) {
    const was = before.bonuses[bonus] as Record<string, number | null>
    const now = after.bonuses[bonus] as Record<string, number | null>
    for (const field of fields) setting(`${bonus}.${field}`, was[field], now[field])
  }
  changes.push(...earningChanges(before.earning, after.earning))
  return changes
}
