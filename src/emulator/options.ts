/** Options of the emulator, validated with zod when it starts. */
import { z } from "@medusajs/framework/zod"
import {
  CURRENT_REVISION,
  ERROR_BODY_SHAPES,
  type ErrorBodyShape,
  OVER_LIMIT_ANSWERS,
  type OverLimitAnswer,
  PLAN_LIMITS,
  PLAN_NAMES,
  type PlanName,
  REVISIONS,
  type RateLimits,
  type Revision,
} from "./readings"

/** Where and how the emulated service sends hooks (docs/service-api.md, "Hooks"). */
export type EmulatorWebhookOptions = {
  /** The receiver's URL. http is allowed here (the real service requires https). */
  url: string
  /** HTTP Basic login; with `password`. */
  login?: string
  password?: string
  /** crm_key auth: empty login, the key as the Basic password, and `crm_key` in every hook body. */
  crmKey?: string
  /** `X-organization-id` header. Default "1". */
  organizationId?: string
  /** `X-program-id` header. Default "1". */
  programId?: string
  /** `X-wallet-id` header. Default "1". */
  walletId?: string
  /** How long to wait for the receiver's answer. Default 10000 ms. */
  timeoutMs?: number
}

/** Request limits: a plan name, explicit limits, or `"unlimited"`. */
export type EmulatorLimitsInput = PlanName | RateLimits | "unlimited"

export type EmulatorOptions = {
  /** Default 0 (a free port). */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** The only app_key the emulated account accepts. */
  appKey: string
  /** `builtin` (default): the service keeps balances. `external_crm`: balance/add and deduct go through addBalance + readBalance hooks. */
  mode?: EmulatorMode
  /** Plan whose limits apply (default `basic`: 1/s, 60/h). Exclusive with `limits`. */
  plan?: PlanName
  /** Explicit limits, or "unlimited". Exclusive with `plan`. */
  limits?: RateLimits | "unlimited"
  /** `2.8.2` (default) or `2.7.2`: amounts answered and hooked as strings, campaign type `text`. */
  revision?: Revision
  /** First card number issued; later ones count up, keeping the width. Default "1000000001". */
  cardNumberStart?: string | number
  webhook?: EmulatorWebhookOptions
  /** Pass issue form used to personalise links when a request has no `link`. Default `<origin>/form`. */
  formUrl?: string
  /** `/status` answer. Defaults "Emulated account" and 1000. */
  accountName?: string
  accountBalance?: number
  /** Marketplace apps connected (web push, messaging app). Both default to true. */
  marketplaceApps?: { webpush?: boolean; telegram?: boolean }
  /** Variables a template notification is bound to (docs/service-api.md, "Requests"). Default ["balance"]. */
  boundVariables?: string[]
  /** Event keys created in the account; absent: any key is accepted. */
  eventKeys?: string[]
  /** Request log and hook log are cut to this many newest entries. Default 10000. */
  maxLogEntries?: number
  /** The answer over a limit: `429` (with Retry-After, default), `429_no_retry_after`, `503`, `200_success_false`. */
  overLimit?: OverLimitAnswer
  /** The error body: `error` (`{ success: false, error, code }`, default), `message` (`{ message }`), `text` (plain text). */
  errorBody?: ErrorBodyShape
  /** Float noise in the amounts hooks carry (0.30000000000000004 for 0.3). Default false. */
  floatNoise?: boolean
}

export const EMULATOR_MODES = ["builtin", "external_crm"] as const
export type EmulatorMode = (typeof EMULATOR_MODES)[number]

const limitsSchema = z.strictObject({ perSecond: z.int().positive(), perHour: z.int().positive() })

export const webhookOptionsSchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }),
    login: z.string().optional(),
    password: z.string().optional(),
    crmKey: z.string().min(1).optional(),
    organizationId: z.string().optional(),
    programId: z.string().optional(),
    walletId: z.string().optional(),
    timeoutMs: z.int().positive().optional(),
  })
  .superRefine((w, ctx) => {
    if (w.crmKey !== undefined && (w.login || w.password !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["crmKey"],
        message: "crmKey replaces login and password (crm_key auth has an empty login); give one or the other",
      })
    }
    if (w.crmKey === undefined && Boolean(w.login) !== (w.password !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["login"], message: "Basic auth needs both login and password" })
    }
  })

const optionsSchema = z
  .strictObject({
    port: z.int().min(0).max(65535).optional(),
    host: z.string().min(1).optional(),
    appKey: z.string().min(1),
    mode: z.enum(EMULATOR_MODES).optional(),
    plan: z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]).optional(),
    limits: z.union([limitsSchema, z.literal("unlimited")]).optional(),
    revision: z.enum(REVISIONS).optional(),
    cardNumberStart: z.union([z.string().regex(/^\d{1,30}$/), z.int().nonnegative()]).optional(),
    webhook: webhookOptionsSchema.optional(),
    formUrl: z.url().optional(),
    accountName: z.string().optional(),
    accountBalance: z.number().optional(),
    marketplaceApps: z.strictObject({ webpush: z.boolean().optional(), telegram: z.boolean().optional() }).optional(),
    boundVariables: z.array(z.string().min(1)).optional(),
    eventKeys: z.array(z.string().min(1)).optional(),
    maxLogEntries: z.int().positive().optional(),
    overLimit: z.enum(OVER_LIMIT_ANSWERS).optional(),
    errorBody: z.enum(ERROR_BODY_SHAPES).optional(),
    floatNoise: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.plan !== undefined && o.limits !== undefined)
      ctx.addIssue({ code: "custom", path: ["limits"], message: "give plan or limits, not both" })
  })

/** Options with defaults applied. */
export type ResolvedEmulatorOptions = {
  port: number
  host: string
  appKey: string
  mode: EmulatorMode
  limits: RateLimits | null
  revision: Revision
  cardNumberStart: string
  webhook?: EmulatorWebhookOptions
  formUrl?: string
  accountName: string
  accountBalance: number
  marketplaceApps: { webpush: boolean; telegram: boolean }
  boundVariables: string[]
  eventKeys?: string[]
  maxLogEntries: number
  overLimit: OverLimitAnswer
  errorBody: ErrorBodyShape
  floatNoise: boolean
}

/** Validates options; throws an Error naming each bad option (values are not echoed: one is a key). */
export function resolveOptions(options: EmulatorOptions): ResolvedEmulatorOptions {
  const parsed = optionsSchema.safeParse(options)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`)
    throw new Error(`Invalid wallet-pass emulator options: ${problems.join("; ")}`)
  }
  const o = parsed.data
  return {
    port: o.port ?? 0,
    host: o.host ?? "127.0.0.1",
    appKey: o.appKey,
    mode: o.mode ?? "builtin",
    limits: resolveLimits(o.limits ?? o.plan ?? "basic"),
    revision: o.revision ?? CURRENT_REVISION,
    cardNumberStart: String(o.cardNumberStart ?? "1000000001"),
    webhook: o.webhook,
    formUrl: o.formUrl,
    accountName: o.accountName ?? "Emulated account",
    accountBalance: o.accountBalance ?? 1000,
    marketplaceApps: { webpush: o.marketplaceApps?.webpush ?? true, telegram: o.marketplaceApps?.telegram ?? true },
    boundVariables: o.boundVariables ?? ["balance"],
    eventKeys: o.eventKeys,
    maxLogEntries: o.maxLogEntries ?? 10_000,
    overLimit: o.overLimit ?? "429",
    errorBody: o.errorBody ?? "error",
    floatNoise: o.floatNoise ?? false,
  }
}

/** Limits for a plan name, explicit limits or "unlimited" (null). */
export function resolveLimits(input: EmulatorLimitsInput): RateLimits | null {
  if (input === "unlimited") return null
  if (typeof input === "string") {
    if (!(input in PLAN_LIMITS))
      throw new Error(`Unknown plan "${input}"; expected one of ${PLAN_NAMES.join(", ")} or "unlimited"`)
    return { ...PLAN_LIMITS[input] }
  }
  return limitsSchema.parse(input)
}
