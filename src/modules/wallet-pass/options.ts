import { defaultLifetimeUnit, LIFETIME_UNITS } from "../../lib/wallet-pass-client/hooks"
import { z } from "@medusajs/framework/zod"
import { isSupportedCountry } from "libphonenumber-js"
import { isIP } from "net"
import { DEFAULT_REVISION, PLAN_NAMES, PlanName, REVISIONS } from "../../lib/constants"
import { cardSettingsSchema } from "./rules/card-texts"
import { programSchema } from "./rules/program"
import { storeEventsSchema } from "./rules/store-events"
import { issueLine } from "./rules/issues"

/** Events that can trigger the bonus accrual of an order. */
export const ACCRUAL_EVENTS = ["order.placed", "order.completed", "order.fulfillment_created"] as const
/** What an accrual is computed on: items after discounts without shipping and tax, or the order total. */
export const ACCRUAL_BASES = ["subtotal", "total"] as const

const PACKAGE = "medusa-plugin-wallet-pass"

const percent = (option: string) =>
  z
    .number({ error: `${option} must be a number from 0 to 100` })
    .min(0, { error: `${option} must be a number from 0 to 100` })
    .max(100, { error: `${option} must be a number from 0 to 100` })
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), {
      error: `${option} accepts at most two decimal places`,
    })

/** A number from `min` to `max` (a whole one when `unit` says "whole"), named in its error. */
const between = (option: string, min: number, max: number, unit: string) => {
  const error = `${option} must be a ${unit} from ${min} to ${max}`
  const number = z.number({ error }).min(min, { error }).max(max, { error })
  return unit.startsWith("whole") ? number.int({ error }) : number
}

const FORWARDED_BY_ERROR =
  'texts.forwardedBy must be a list of IP addresses or CIDR prefixes such as ["10.0.0.5", "10.1.0.0/16", "2001:db8::/64"]'

/** An IPv4/IPv6 address, or one with a `/prefix` of its family's length (texts.forwardedBy). */
function isAddressOrPrefix(value: string): boolean {
  const [address, prefix, extra] = value.split("/")
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

const nonEmpty = (option: string) =>
  z
    .string({ error: `${option} must be a non-empty string` })
    .trim()
    .min(1, {
      error: `${option} must be a non-empty string`,
    })

const httpUrl = (option: string) =>
  z
    .string({ error: `${option} must be an http(s) URL` })
    .trim()
    .refine(
      (v) => {
        try {
          return ["http:", "https:"].includes(new URL(v).protocol)
        } catch {
          return false
        }
      },
      { error: `${option} must be an http(s) URL` }
    )

const planSchema = z.union(
  [
    z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]),
    z
      .object({
        perSecond: z
          .number({ error: "plan.perSecond must be a positive integer" })
          .int({ error: "plan.perSecond must be a positive integer" })
          .positive({ error: "plan.perSecond must be a positive integer" }),
        perHour: z
          .number({ error: "plan.perHour must be a positive integer" })
          .int({ error: "plan.perHour must be a positive integer" })
          .positive({ error: "plan.perHour must be a positive integer" }),
      })
      .strict()
      .refine((p) => p.perHour >= p.perSecond, { error: "plan.perHour must be at least plan.perSecond" }),
  ],
  {
    error: `plan must be one of ${PLAN_NAMES.map((p) => `"${p}"`).join(", ")} or { perSecond, perHour } with positive integers`,
  }
)

const hooksSchema = z
  .object({
    login: nonEmpty("hooks.login").optional(),
    password: nonEmpty("hooks.password").optional(),
    crmKey: nonEmpty("hooks.crmKey").optional(),
    allowedIp: z.ipv4({ error: "hooks.allowedIp must be a single IPv4 address" }).optional(),
    trustProxy: z.boolean({ error: "hooks.trustProxy must be true or false" }).default(false),
    organizationId: nonEmpty("hooks.organizationId").optional(),
    programId: nonEmpty("hooks.programId").optional(),
    walletId: nonEmpty("hooks.walletId").optional(),
  })
  .strict()
  .superRefine((h, ctx) => {
    const basic = h.login !== undefined || h.password !== undefined
    if (basic && (h.login === undefined || h.password === undefined)) {
      ctx.addIssue({ code: "custom", message: "hooks.login and hooks.password must be set together" })
    }
    if (basic && h.crmKey !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: "set either hooks.login + hooks.password (HTTP Basic) or hooks.crmKey (crm_key mode), not both",
      })
    }
    if (!basic && h.crmKey === undefined) {
      ctx.addIssue({
        code: "custom",
        message: "hooks needs a credential: hooks.login + hooks.password (HTTP Basic) or hooks.crmKey (crm_key mode)",
      })
    }
  })

/** The plugin options as written in medusa-config (docs/options.md). */
export const walletPassOptionsSchema = z
  .object({
    apiUrl: httpUrl("apiUrl").transform((v) => v.replace(/\/+$/, "")),
    appKey: nonEmpty("appKey"),
    plan: planSchema.default("basic"),
    revision: z
      .enum(REVISIONS, { error: `revision must be one of ${REVISIONS.map((r) => `"${r}"`).join(", ")}` })
      .default(DEFAULT_REVISION),
    // The unit of addBalance `lifetime`; unset, the revision's: days in 2.8.2, seconds in
    // 2.7.2 (docs/service-api.md, "Revisions"). Set in the transform below.
    lifetimeUnit: z.enum(LIFETIME_UNITS, { error: 'lifetimeUnit must be "days" or "seconds"' }).optional(),
    defaultCountry: z
      .string({ error: 'defaultCountry must be an ISO 3166-1 alpha-2 country code such as "RU"' })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => isSupportedCountry(v), {
        error: 'defaultCountry must be an ISO 3166-1 alpha-2 country code such as "RU"',
      })
      // Unset: the store's default region decides, when the store can be read (src/utils/phone-country.ts).
      .optional(),
    // The design of a new card; a level's own design (pass.levelTemplates) wins.
    templateUuid: z.uuid({ error: "templateUuid must be a UUID" }).optional(),
    // What the card shows (docs/program.md, "On the card"): the first version of the program's
    // card settings, and the locale its texts are written in (unset: the store's first locale, else "en").
    pass: cardSettingsSchema
      .extend({
        locale: z
          .string({ error: 'pass.locale must be a BCP 47 language tag such as "ru-RU"' })
          .refine(isLocale, { error: 'pass.locale must be a BCP 47 language tag such as "ru-RU"' })
          .optional(),
      })
      .strict()
      .prefault({}),
    installLink: z
      .object({
        formUrl: httpUrl("installLink.formUrl"),
        sms: z
          .string({ error: "installLink.sms must be a string containing %link%" })
          .refine((v) => v.includes("%link%"), { error: "installLink.sms must contain %link%" }),
      })
      .strict()
      .optional(),
    hooks: hooksSchema.optional(),
    accrual: z
      .object({
        on: z
          .enum(ACCRUAL_EVENTS, {
            error: `accrual.on must be one of ${ACCRUAL_EVENTS.map((e) => `"${e}"`).join(", ")}`,
          })
          .default("order.placed"),
        bonusPercent: percent("accrual.bonusPercent").default(0),
        base: z.enum(ACCRUAL_BASES, { error: `accrual.base must be "subtotal" or "total"` }).default("subtotal"),
        // An order's bonus waits this many days as pending before it can be spent (docs/loyalty.md,
        // "Pending bonus"); 0: credited at once.
        pendingDays: between("accrual.pendingDays", 0, 365, "whole number of days").default(0),
      })
      .strict()
      .prefault({}),
    currencyCode: z
      .string({ error: 'currencyCode must be a three-letter ISO 4217 code such as "rub"' })
      .regex(/^[A-Za-z]{3}$/, { error: 'currencyCode must be a three-letter ISO 4217 code such as "rub"' })
      .transform((v) => v.toLowerCase())
      .optional(),
    redemption: z
      .object({ maxOrderPercent: percent("redemption.maxOrderPercent").default(0) })
      .strict()
      .prefault({}),
    discount: z
      .object({ enabled: z.boolean({ error: "discount.enabled must be true or false" }).default(true) })
      .strict()
      .prefault({}),
    dispatcher: z
      .object({
        enabled: z.boolean({ error: "dispatcher.enabled must be true or false" }).default(true),
        echoGraceSeconds: between("dispatcher.echoGraceSeconds", 1, 3600, "number of seconds").default(60),
        sendingLeaseSeconds: between("dispatcher.sendingLeaseSeconds", 1, 3600, "number of seconds").default(60),
        // Under backlog, a holder's waiting balance changes go as one absolute balance set
        // (docs/architecture.md, "Coalescing"); only with an external CRM (option hooks).
        coalesce: z.boolean({ error: "dispatcher.coalesce must be true or false" }).default(true),
        // What anyone who can sign up can cause (class c: unproven signups' enrolments, profile
        // updates, store events, bulk and background work) takes at most this share of each
        // hour's requests (docs/architecture.md, "The queue").
        openShare: between("dispatcher.openShare", 0.01, 1, "number").default(0.5),
        // A holder's profile updates go at most once per this many seconds (they coalesce).
        profileSpacingSeconds: between("dispatcher.profileSpacingSeconds", 0, 86400, "number of seconds").default(300),
        // A 429's Retry-After blocks the whole queue: never longer than this.
        maxRetryAfterSeconds: between("dispatcher.maxRetryAfterSeconds", 1, 3600, "number of seconds").default(60),
      })
      .strict()
      .prefault({}),
    sync: z
      .object({
        // Background work (import, install sync, drift check) goes only when nothing else is
        // due and within this share of the plan's hourly budget (docs/adoption.md).
        budgetShare: between("sync.budgetShare", 0.01, 1, "number").default(0.5),
        // Where the sweeps over the service's base start (registration dates), and the length
        // of each read_customers window.
        since: z
          .string({ error: "sync.since must be a date as yyyy-mm-dd" })
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "sync.since must be a date as yyyy-mm-dd" })
          .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
            error: "sync.since must be a real date as yyyy-mm-dd",
          })
          .default("2015-01-01"),
        windowDays: between("sync.windowDays", 1, 3660, "whole number of days").default(365),
        installs: z
          .object({
            enabled: z.boolean({ error: "sync.installs.enabled must be true or false" }).default(true),
            everyHours: between("sync.installs.everyHours", 0.001, 8760, "number of hours").default(24),
          })
          .strict()
          .prefault({}),
        drift: z
          .object({
            enabled: z.boolean({ error: "sync.drift.enabled must be true or false" }).default(true),
            everyHours: between("sync.drift.everyHours", 0.001, 8760, "number of hours").default(24),
            batchSize: between("sync.drift.batchSize", 1, 100000, "whole number").default(200),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    verification: z
      .object({
        sms: z
          .string({ error: "verification.sms must be a string containing %code%" })
          .refine((v) => v.includes("%code%"), { error: "verification.sms must contain %code%" })
          .default("Your code: %code%"),
        codeTtlMinutes: between("verification.codeTtlMinutes", 1, 1440, "whole number of minutes").default(15),
      })
      .strict()
      .prefault({}),
    // Limits on the texts a store route makes the service send (docs/security.md): each a
    // count over a sliding window, kept in the plugin's tables; over one, 429.
    texts: z
      .object({
        perPhone: z
          .object({
            perHour: between("texts.perPhone.perHour", 1, 1000, "whole number").default(3),
            perDay: between("texts.perPhone.perDay", 1, 10000, "whole number").default(5),
          })
          .strict()
          .prefault({}),
        perAccount: z
          .object({
            perMinute: between("texts.perAccount.perMinute", 1, 100, "whole number").default(1),
            perDay: between("texts.perAccount.perDay", 1, 10000, "whole number").default(5),
          })
          .strict()
          .prefault({}),
        perAddress: z
          .object({
            perHour: between("texts.perAddress.perHour", 1, 100000, "whole number").default(10),
            perDay: between("texts.perAddress.perDay", 1, 1000000, "whole number").default(30),
          })
          .strict()
          .prefault({}),
        // The store's texts an hour, split between accounts with a stake (an order, a proven
        // phone) and new signups, so neither uses up the other's; within each class one address
        // prefix and one phone range take at most their share (docs/security.md, "Texts").
        storePerHour: between("texts.storePerHour", 2, 1000000, "whole number").default(120),
        stakeShare: between("texts.stakeShare", 0.05, 0.95, "number").default(0.5),
        networkShare: between("texts.networkShare", 0.01, 1, "number").default(0.25),
        rangeShare: between("texts.rangeShare", 0.01, 1, "number").default(0.25),
        // Kept of each class's hour for senders from an address prefix that asked nothing in
        // the class this hour: bots from a few networks cannot take the last of it.
        freshShare: between("texts.freshShare", 0, 0.9, "number").default(0.25),
        // Only phones of these countries (ISO 3166 alpha-2) get a text; null: the countries
        // of the store's regions.
        countries: z
          .array(
            z
              .string({ error: 'texts.countries must be ISO country codes such as "DE"' })
              .trim()
              .toUpperCase()
              .refine((c) => isSupportedCountry(c), {
                error: 'texts.countries must be ISO country codes such as "DE"',
              }),
            { error: 'texts.countries must be a list of ISO country codes such as ["DE", "AT"]' }
          )
          .min(1, { error: "texts.countries must name at least one country (or be left out)" })
          .nullable()
          .default(null),
        // Read the client's address from X-Forwarded-For (behind a proxy the store trusts),
        // as the hooks do with hooks.trustProxy; else the connection's address.
        trustProxy: z.boolean({ error: "texts.trustProxy must be true or false" }).default(false),
        // Servers whose X-Forwarded-For is believed (a storefront server, your proxy): from a
        // connection of one of these addresses/prefixes the client is the header's last entry.
        forwardedBy: z
          .array(
            z.string({ error: FORWARDED_BY_ERROR }).trim().refine(isAddressOrPrefix, { error: FORWARDED_BY_ERROR }),
            { error: FORWARDED_BY_ERROR }
          )
          .default([]),
      })
      .strict()
      .refine((t) => !(t.trustProxy && t.forwardedBy.length > 0), {
        error:
          "texts.trustProxy and texts.forwardedBy exclude each other: trustProxy believes X-Forwarded-For from every caller, forwardedBy only from the servers it names",
        path: ["forwardedBy"],
      })
      .prefault({}),
    // The loyalty program's first version (docs/program.md); the admin's saved versions win afterwards.
    program: programSchema.prefault({}),
    // Store events sent to the service's triggers (docs/store-events.md), and a cap on how
    // many of their requests go out a day (unset or null: a tenth of the plan's day, see
    // eventsPerDay below).
    events: storeEventsSchema.prefault({}),
    eventsPerDay: between("eventsPerDay", 1, 1_000_000, "whole number").nullable().default(null),
    // The order sweep (docs/operations.md): orders whose bonus, reversal or spend no event
    // brought, found in the database and settled by the same workflows.
    sweep: z
      .object({
        enabled: z.boolean({ error: "sweep.enabled must be true or false" }).default(true),
        // An event younger than this is left to its subscriber.
        graceSeconds: between("sweep.graceSeconds", 1, 86400, "whole number of seconds").default(120),
        everySeconds: between("sweep.everySeconds", 5, 86400, "whole number of seconds").default(60),
        lookBackDays: between("sweep.lookBackDays", 1, 3660, "whole number of days").default(30),
        batchSize: between("sweep.batchSize", 1, 10000, "whole number").default(100),
      })
      .strict()
      .prefault({}),
    logs: z
      .object({
        // At least a day: the rate gate counts the last hour of the call log.
        retentionDays: between("logs.retentionDays", 1, 3650, "whole number of days").default(30),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .superRefine((o, ctx) => {
    const fromPass = Object.keys(o.pass.variables).length + Object.keys(o.pass.levelTemplates).length
    const inProgram = Object.keys(o.program.pass.variables).length + Object.keys(o.program.pass.levelTemplates).length
    if (fromPass && inProgram) {
      ctx.addIssue({
        code: "custom",
        path: ["program", "pass"],
        message: "set the card's variables and designs in option pass, not program.pass",
      })
    }
    const levels = new Set(o.program.tiers.levels.map((l) => l.name))
    // Checked against the option's program when it has levels (a saved program may bring others).
    for (const level of levels.size ? Object.keys(o.pass.levelTemplates) : []) {
      if (!levels.has(level)) {
        ctx.addIssue({
          code: "custom",
          path: ["pass", "levelTemplates", level],
          message: `"${level}" is not a level of program.tiers.levels: a design is given per level name`,
        })
      }
    }
    if (o.revision === "2.7.2" && Object.keys(o.pass.levelTemplates).length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["pass", "levelTemplates"],
        message: 'revision 2.7.2 has no template_uuid: remove "pass.levelTemplates" or set revision "2.8.2"',
      })
    }
    // Revision 2.7.2 has no event/send and no template_uuid (docs/service-api.md, "Revisions").
    if (o.revision !== "2.7.2") return
    if (Object.keys(o.events).length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["events"],
        message:
          'store events go out as event/send, which revision 2.7.2 does not have: remove "events" or set revision "2.8.2"',
      })
    }
    if (o.templateUuid !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["templateUuid"],
        message: 'revision 2.7.2 has no template_uuid: remove "templateUuid" or set revision "2.8.2"',
      })
    }
  })
  .transform(({ lifetimeUnit, ...o }) => {
    const options = { ...o, lifetimeUnit: lifetimeUnit ?? defaultLifetimeUnit(o.revision) }
    // The option's card settings are the program's first version's (docs/program.md).
    const { variables, levelTemplates } = o.pass
    if (!Object.keys(variables).length && !Object.keys(levelTemplates).length) return options
    return { ...options, program: { ...o.program, pass: { variables, levelTemplates } } }
  })

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

/** Options as a merchant writes them. */
export type WalletPassOptionsInput = z.input<typeof walletPassOptionsSchema>
/** Options after validation and defaults. */
export type WalletPassOptions = z.output<typeof walletPassOptionsSchema>

// Keys Medusa adds to every module's options; they are not the merchant's.
const MEDUSA_INJECTED_KEYS = ["database", "definition", "dependencies", "moduleKey", "scope", "resources"]

/**
 * Validates plugin options; throws one error that names each bad option and what it
 * accepts. Values are never echoed, so a secret in the wrong place cannot reach a log.
 */
export function parseWalletPassOptions(raw: unknown): WalletPassOptions {
  const input =
    raw && typeof raw === "object"
      ? Object.fromEntries(Object.entries(raw).filter(([k]) => !MEDUSA_INJECTED_KEYS.includes(k)))
      : raw
  const result = walletPassOptionsSchema.safeParse(input ?? {})
  if (result.success) {
    return result.data
  }
  const lines = result.error.issues.map((issue) => `- ${issueLine(issue, input ?? {}, "unknown option(s)")}`)
  throw new Error(`Invalid ${PACKAGE} options:\n${lines.join("\n")}`)
}
