/**
 * Names and numbers fixed by the service's API (docs/service-api.md, "Requests") and shared by the
 * module, the client, the emulator and the admin. Each enum is defined here once.
 */

/** API revisions the plugin speaks. 2.7.2 sends amounts as strings, lifetime in seconds, push type `text`. */
export const REVISIONS = ["2.8.2", "2.7.2"] as const
export type Revision = (typeof REVISIONS)[number]
export const DEFAULT_REVISION: Revision = "2.8.2"

/** The service's plans and their request limits (docs/service-api.md, "Limits"). */
export const PLAN_LIMITS = {
  basic: { perSecond: 1, perHour: 60 },
  advanced: { perSecond: 1, perHour: 600 },
  expert: { perSecond: 1, perHour: 3600 },
  exclusive: { perSecond: 1, perHour: 3600 },
} as const
export type PlanName = keyof typeof PLAN_LIMITS
export const PLAN_NAMES = Object.keys(PLAN_LIMITS) as PlanName[]
export type RateLimits = { perSecond: number; perHour: number }

/** Campaign delivery types (push/create `type`); 2.7.2 names the wallet type `text`. */
export const PUSH_TYPES = ["push", "webpush", "telegram"] as const
export type PushType = (typeof PUSH_TYPES)[number]

/** Hook methods the service sends (docs/service-api.md, "Hooks"). */
export const HOOK_METHODS = ["createCustomer", "readBalance", "addBalance", "setPrivileges"] as const
export type HookMethod = (typeof HOOK_METHODS)[number]

/** event/send `value` limit (docs/service-api.md, "Requests"). */
export const EVENT_VALUE_MAX_LENGTH = 100

/** read_customers page size (docs/service-api.md, "Requests"). */
export const READ_CUSTOMERS_PAGE_SIZE = 100
