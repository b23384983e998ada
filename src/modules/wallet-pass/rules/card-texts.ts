import { z } from "@medusajs/framework/zod"
import { CUSTOMER_WRITE_FIELDS } from "../../../lib/wallet-pass-client/schemas"
import { MINOR_PER_UNIT } from "../constants"

/**
 * What the card shows beyond balance and rates (docs/program.md, "On the card"): the
 * merchant's template variables, each filled from one of the store's facts, and a card design
 * per level. Pure: no container, no database.
 */

/** What the store can put in a template variable. */
export const CARD_SOURCES = [
  "level",
  "nextLevel",
  "toNextLevel",
  "spend",
  "expiringAmount",
  "expiringDate",
  "pending",
  "memberSince",
  "promo",
  "firstName",
] as const
export type CardSource = (typeof CARD_SOURCES)[number]

/** Sources whose text the store's facts change without a profile change (an order, a credit, a level pass). */
export const MOVING_SOURCES: readonly CardSource[] = [
  "level",
  "nextLevel",
  "toNextLevel",
  "spend",
  "expiringAmount",
  "expiringDate",
  "pending",
]

/** At most this many variables: each is a field of every profile update. */
export const MAX_CARD_VARIABLES = 20
/** A template variable's name as the service's account defines it: a letter, then letters, digits, `_`. */
export const CARD_VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/

const SOURCE_ERROR = `a variable's source must be one of ${CARD_SOURCES.map((s) => `"${s}"`).join(", ")}`

/** Names a JavaScript object keeps for itself: as a record's key they are lost (`__proto__`) or shadow its methods. */
const OBJECT_NAMES: readonly string[] = ["__proto__", "constructor", "prototype"]
/** The service's request fields, lower-cased: a variable may not be one in any letter case (`SMS`, `Phone`). */
const REQUEST_FIELDS = new Set(CUSTOMER_WRITE_FIELDS.map((field) => field.toLowerCase()))

/** Why a template variable's name is refused, or null for a good one. */
export function variableNameProblem(name: string): string | null {
  if (OBJECT_NAMES.includes(name)) {
    return `variable name "${name}" is reserved (${OBJECT_NAMES.join(", ")} are names JavaScript objects keep); choose another`
  }
  if (!CARD_VARIABLE_NAME.test(name)) {
    return `variable name "${name.slice(0, 60)}" must start with a letter and hold only letters, digits and _ (at most 50)`
  }
  if (REQUEST_FIELDS.has(name.toLowerCase())) {
    return `variable name "${name}" is a field of the service's request (in any letter case), not a template variable`
  }
  return null
}

/**
 * Refuses `__proto__` among the raw variables: a record parsed from JSON holds it as its own
 * key, and zod's record skips it, so it would vanish without a word. A refusal here ends the
 * parse, so every bad name is named here then, as the record's own check would.
 */
function refuseProtoKey(variables: unknown, ctx: z.RefinementCtx): unknown {
  if (!variables || typeof variables !== "object") return variables
  if (!Object.prototype.hasOwnProperty.call(variables, "__proto__")) return variables
  for (const name of Object.keys(variables)) {
    const problem = variableNameProblem(name)
    if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem, input: variables })
  }
  return variables
}

/**
 * A stored program whose card variables hold names refused since it was saved (a request field
 * in another letter case, `constructor`): without them, so it still reads (docs/program.md, "On
 * the card"); the card stops getting them. Anything else is left to the program's schema.
 */
export function withoutRefusedVariables(program: unknown): unknown {
  const pass = (program as { pass?: { variables?: unknown } } | null)?.pass
  const variables = pass?.variables
  if (!variables || typeof variables !== "object" || Array.isArray(variables)) return program
  const kept = Object.entries(variables).filter(([name]) => !variableNameProblem(name))
  if (kept.length === Object.keys(variables).length) return program
  return { ...(program as object), pass: { ...pass, variables: Object.fromEntries(kept) } }
}

/** The card settings: variables (name → source) and a design (`template_uuid`) per level name. */
export const cardSettingsSchema = z
  .object({
    // Names and sources are checked together, so every bad one is named at once.
    variables: z
      .preprocess(
        refuseProtoKey,
        z
          .record(z.string(), z.string({ error: SOURCE_ERROR }), {
            error: (issue) =>
              issue.code === "invalid_type" ? "variables must map template variable names to sources" : undefined,
          })
          .superRefine((variables, ctx) => {
            const names = Object.keys(variables)
            if (names.length > MAX_CARD_VARIABLES) {
              ctx.addIssue({ code: "custom", message: `variables holds at most ${MAX_CARD_VARIABLES} names` })
            }
            for (const [name, source] of Object.entries(variables)) {
              const problem = variableNameProblem(name)
              if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem })
              if (!(CARD_SOURCES as readonly string[]).includes(source))
                ctx.addIssue({ code: "custom", path: [name], message: SOURCE_ERROR })
            }
          })
      )
      .transform((variables) => variables as Record<string, CardSource>)
      .default({}),
    levelTemplates: z
      .record(
        z.string().trim().min(1, { error: "a level name must not be empty" }),
        z.uuid({ error: "a level's template must be a template_uuid (a UUID)" }),
        {
          error: (issue) =>
            issue.code === "invalid_type" ? "levelTemplates must map level names to template UUIDs" : undefined,
        }
      )
      .default({}),
  })
  .strict()

export type CardSettings = z.output<typeof cardSettingsSchema>

/** Whether card settings ask for anything: variables or a design per level. */
export const cardInUse = (pass: CardSettings) =>
  Object.keys(pass.variables).length > 0 || Object.keys(pass.levelTemplates).length > 0

/** The facts a holder's card texts are made of (amounts in minor units). */
export type CardFacts = {
  level: string | null
  nextLevel: string | null
  /** What is still to spend to the next level; null on the top level or without levels. */
  toNextLevel: number | null
  spend: number
  /** The credit that lapses first, what is left of it, and when. */
  expiring: { amount: number; expires_at: Date } | null
  /** The bonus of orders still pending (docs/loyalty.md, "Pending bonus"); 0 when none. */
  pending: number
  memberSince: Date | null
  promo: string | null
  /** Undefined when not read (the texts compared then leave it out). */
  firstName?: string | null
}

/** How texts are written: the locale, the balance currency (null: a plain number), the program's time zone. */
export type CardFormat = { locale: string; currency: string | null; timeZone: string }

/** A money amount (minor units) as the card shows it: "1 500 ₽", "$12.50"; whole amounts without decimals. */
export function formatCardMoney(minor: number, format: CardFormat): string {
  const value = minor / MINOR_PER_UNIT
  const digits = Number.isInteger(value) ? 0 : 2
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits }
  if (format.currency) {
    try {
      return new Intl.NumberFormat(format.locale, {
        ...options,
        style: "currency",
        currency: format.currency.toUpperCase(),
      }).format(value)
    } catch {
      // A balance unit that is not an ISO currency: the number alone.
    }
  }
  return new Intl.NumberFormat(format.locale, options).format(value)
}

/** A date as the card shows it, in the program's time zone: "12 Mar 2027", "12 мар. 2027 г.". */
export function formatCardDate(date: Date, format: CardFormat): string {
  return new Intl.DateTimeFormat(format.locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: format.timeZone,
  }).format(date)
}

/** One source's text; "" when the holder has none (no next level, no expiring credit, nothing pending). */
export function cardText(source: CardSource, facts: CardFacts, format: CardFormat): string | undefined {
  switch (source) {
    case "level":
      return facts.level ?? ""
    case "nextLevel":
      return facts.nextLevel ?? ""
    case "toNextLevel":
      return facts.toNextLevel === null ? "" : formatCardMoney(facts.toNextLevel, format)
    case "spend":
      return formatCardMoney(facts.spend, format)
    case "expiringAmount":
      return facts.expiring ? formatCardMoney(facts.expiring.amount, format) : ""
    case "expiringDate":
      return facts.expiring ? formatCardDate(facts.expiring.expires_at, format) : ""
    case "pending":
      return facts.pending > 0 ? formatCardMoney(facts.pending, format) : ""
    case "memberSince":
      return facts.memberSince ? formatCardDate(facts.memberSince, format) : ""
    case "promo":
      return facts.promo ?? ""
    case "firstName":
      return facts.firstName === undefined ? undefined : (facts.firstName ?? "")
  }
}

/**
 * The texts of a holder's card: each variable's text, in the variables' order. A source whose
 * fact was not read (`firstName` undefined) is left out, so a comparison of moving texts does
 * not need the customer's profile.
 */
export function cardTexts(
  variables: CardSettings["variables"],
  facts: CardFacts,
  format: CardFormat,
  only?: readonly CardSource[]
): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const [name, source] of Object.entries(variables)) {
    if (only && !only.includes(source)) continue
    const text = cardText(source, facts, format)
    if (text !== undefined) texts[name] = text
  }
  return texts
}

/** Whether `texts` differ from what was last sent in any of their variables. */
export function textsChanged(texts: Record<string, string>, sent: Record<string, string> | null | undefined): boolean {
  return Object.entries(texts).some(([name, text]) => sent?.[name] !== text)
}

/**
 * The design a request gives the card (docs/program.md, "On the card"): a new card takes its
 * level's design, else the `templateUuid` option's; an existing card takes its level's design
 * only when its level is not the one its design was last given for (`designLevel`). Null:
 * the request sends no `template_uuid`, so a design changed in the service's dashboard stays.
 */
export function cardDesign(input: {
  newCard: boolean
  level: string | null
  designLevel: string | null
  levelTemplates: CardSettings["levelTemplates"]
  templateUuid?: string
}): string | null {
  const own = input.level !== null ? (input.levelTemplates[input.level] ?? null) : null
  if (input.newCard) return own ?? input.templateUuid ?? null
  if (own && input.level !== input.designLevel) return own
  return null
}
