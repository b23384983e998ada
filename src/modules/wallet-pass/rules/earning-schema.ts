import { z } from "@medusajs/framework/zod"
import { unstorableTextError } from "../../../lib/safe-json"
import { localMinuteMs } from "../../../lib/time-zone"
import { EARN_TARGET_KINDS, type EarnCampaign, type EarnRate, type EarnRule, type Earning } from "./earning"

/**
 * The program's `earning` (docs/program.md, "Earn rules" and "Campaigns"), as the admin API
 * and plugin option `program` take it. The rules themselves are in rules/earning.ts (pure, no
 * zod); this checks what they read. Every message names its field.
 */

export const MAX_EARN_RULES = 100
export const MAX_CAMPAIGNS = 50

/** The Medusa id prefix of each target kind. */
export const EARN_TARGET_PREFIX = { tag: "ptag_", type: "ptyp_", category: "pcat_", collection: "pcol_" } as const

const twoDecimals = (v: number) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6

const ranged = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number from ${min} to ${max} with at most two decimals` })
    .refine((v) => v >= min && v <= max && twoDecimals(v), {
      error: `${field} must be a number from ${min} to ${max} with at most two decimals`,
    })

const medusaId = (field: string, prefix: string) =>
  z
    .string({ error: `${field} must be a Medusa id starting with "${prefix}"` })
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_-]{1,100}$`), {
      error: `${field} must be a Medusa id starting with "${prefix}"`,
    })

const ownId = (prefix: string) =>
  z
    .string({ error: `id must be a text starting with "${prefix}" (leave it out: one is given on save)` })
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_-]{1,60}$`), {
      error: `id must be "${prefix}" followed by 1 to 60 letters, digits, "_" or "-" (leave it out: one is given on save)`,
    })
    .optional()

/** A short stable hash (FNV-1a, 2 × 32 bits) of a text: the id given to a rule or campaign saved without one. */
function stableId(prefix: string, text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0
  }
  return prefix + a.toString(36) + b.toString(36)
}

const earnSchema = z
  .object(
    {
      multiplier: ranged("earn.multiplier", 0.01, 10).optional(),
      percent: ranged("earn.percent", 0, 100).optional(),
      none: z.literal(true, { error: "earn.none must be true" }).optional(),
    },
    { error: "earn must be { multiplier }, { percent } or { none: true }" }
  )
  .strict()
  .superRefine((earn, ctx) => {
    const given = Object.keys(earn).filter((k) => earn[k as keyof typeof earn] !== undefined)
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        message: "earn must be exactly one of { multiplier }, { percent } or { none: true }",
      })
    }
  })
  .transform((earn): EarnRate => {
    if (earn.multiplier !== undefined) return { multiplier: earn.multiplier }
    if (earn.percent !== undefined) return { percent: earn.percent }
    return { none: true }
  })

const targetSchema = z
  .object(
    {
      kind: z.enum(EARN_TARGET_KINDS, {
        error: `target.kind must be one of ${EARN_TARGET_KINDS.map((k) => `"${k}"`).join(", ")}`,
      }),
      id: z.string({ error: "target.id must be a Medusa id" }),
    },
    { error: "target must be { kind, id }" }
  )
  .strict()
  .superRefine((target, ctx) => {
    const prefix = EARN_TARGET_PREFIX[target.kind]
    if (!medusaId("target.id", prefix).safeParse(target.id).success) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: `target.id must be a ${target.kind}'s Medusa id, starting with "${prefix}"`,
      })
    }
  })

const ruleSchema = z
  .object(
    {
      id: ownId("er_"),
      target: targetSchema,
      earn: earnSchema.optional(),
      redeem: z.boolean({ error: "redeem must be true or false" }).optional(),
    },
    { error: "a rule must be an object { target, earn?, redeem? }" }
  )
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.earn === undefined && rule.redeem === undefined) {
      ctx.addIssue({ code: "custom", message: "a rule must set earn, redeem or both" })
    }
  })

const localTime = (field: string) =>
  z
    .string({ error: `${field} must be a local date-time "YYYY-MM-DDTHH:mm"` })
    .refine((v) => localMinuteMs(v) !== null, { error: `${field} must be a local date-time "YYYY-MM-DDTHH:mm"` })

const campaignSchema = z
  .object(
    {
      id: ownId("ec_"),
      name: z
        .string({ error: "name must be a text of 1 to 60 characters" })
        .trim()
        .min(1, { error: "name must be a text of 1 to 60 characters" })
        .max(60, { error: "name must be a text of 1 to 60 characters" })
        .superRefine((value, ctx) => {
          const error = unstorableTextError("name", value)
          if (error) ctx.addIssue({ code: "custom", message: error })
        }),
      multiplier: ranged("multiplier", 1.01, 10),
      start: localTime("start"),
      end: localTime("end"),
      collections: z
        .array(medusaId("collections[]", EARN_TARGET_PREFIX.collection), {
          error: 'collections must be a list of collection ids ("pcol_...")',
        })
        .max(MAX_EARN_RULES, { error: `collections holds at most ${MAX_EARN_RULES} collections` })
        .default([]),
    },
    { error: "a campaign must be an object { name, multiplier, start, end, collections? }" }
  )
  .strict()
  .superRefine((c, ctx) => {
    const start = localMinuteMs(c.start)
    const end = localMinuteMs(c.end)
    if (start !== null && end !== null && end <= start) {
      ctx.addIssue({ code: "custom", path: ["end"], message: `end must be after start (${c.start})` })
    }
    if (new Set(c.collections).size !== c.collections.length) {
      ctx.addIssue({ code: "custom", path: ["collections"], message: "collections names a collection twice" })
    }
  })

/** `earning` of the program: its rules, gift cards and campaigns; ids given on save to those without. */
export const earningSchema = z
  .object(
    {
      rules: z
        .array(ruleSchema, { error: "rules must be a list of earn rules" })
        .max(MAX_EARN_RULES, { error: `rules holds at most ${MAX_EARN_RULES} rules` })
        .default([]),
      giftCards: z
        .object(
          {
            earn: z.boolean({ error: "giftCards.earn must be true or false" }).default(false),
            redeem: z.boolean({ error: "giftCards.redeem must be true or false" }).default(false),
          },
          { error: "giftCards must be { earn, redeem }" }
        )
        .strict()
        .prefault({}),
      campaigns: z
        .array(campaignSchema, { error: "campaigns must be a list of campaigns" })
        .max(MAX_CAMPAIGNS, { error: `campaigns holds at most ${MAX_CAMPAIGNS} campaigns` })
        .default([]),
    },
    { error: "earning must be an object { rules, giftCards, campaigns }" }
  )
  .strict()
  .transform((earning, ctx): Earning => {
    const targets = new Map<string, number>()
    const reported = new Set<number>()
    const rules: EarnRule[] = earning.rules.map((rule, i) => {
      const key = `${rule.target.kind}:${rule.target.id}`
      if (targets.has(key)) {
        reported.add(i)
        ctx.addIssue({
          code: "custom",
          path: ["rules", i, "target"],
          message: `${rule.target.kind} ${rule.target.id} already has a rule (rules.${targets.get(key)}): one rule per target`,
        })
      }
      targets.set(key, i)
      return { ...rule, id: rule.id ?? stableId("er_", key) }
    })
    const campaigns: EarnCampaign[] = earning.campaigns.map((c) => ({
      ...c,
      id: c.id ?? stableId("ec_", JSON.stringify([c.name, c.start, c.end])),
    }))
    // A second rule for a target already refused: its id (given from the target) says nothing new.
    const twice = (ids: string[], field: string) =>
      ids.forEach((id, i) => {
        if (ids.indexOf(id) !== i && !(field === "rules" && reported.has(i))) {
          ctx.addIssue({ code: "custom", path: [field, i, "id"], message: `id "${id}" is used twice` })
        }
      })
    twice(
      rules.map((r) => r.id),
      "rules"
    )
    twice(
      campaigns.map((c) => c.id),
      "campaigns"
    )
    return { rules, giftCards: earning.giftCards, campaigns }
  })
