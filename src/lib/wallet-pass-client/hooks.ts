/**
 * Hooks the service sends to the store (docs/service-api.md, "Hooks") and the answers it expects. The
 * emulator builds hooks from these types; a receiver can parse with these schemas, which
 * accept both revisions (amounts as numbers or numeric strings; `lifetime` in the configured
 * unit, else the revision's: see `defaultLifetimeUnit`).
 */
import { z } from "@medusajs/framework/zod"
import type { Revision } from "../constants"
import { amountSchema, flagSchema, idSchema, optional } from "./schemas"

const cardNumbers = z
  .array(idSchema)
  .nullish()
  .transform((cards) => cards ?? [])

/** 6.1 and 2.3: the full customer of createCustomer (birthday yyyy-mm-dd). */
export const createCustomerHookCustomerSchema = z.looseObject({
  phone: z.string(),
  name: optional(z.string()),
  surname: optional(z.string()),
  middlename: optional(z.string()),
  email: optional(z.string()),
  /** yyyy-mm-dd */
  birthday: optional(z.string()),
  cardNumbers,
  cardTracks: optional(z.array(z.object({ card: idSchema, track: optional(idSchema) }))),
  extra: optional(z.record(z.string(), z.unknown())),
  balance: optional(amountSchema),
  bonus: optional(amountSchema),
  discount: optional(amountSchema),
  promo: optional(z.string()),
  user_hash: optional(z.string()),
  referCustomerPhone: optional(z.string()),
})

/** 6.2 */
export const readBalanceHookCustomerSchema = z.looseObject({ phone: z.string(), cardNumbers })

/** 6.3: a negative `sum` is a write-off; `lifetime` is as sent (unit depends on the revision). */
export const addBalanceHookCustomerSchema = z.looseObject({
  phone: z.string(),
  cardNumbers,
  sum: amountSchema,
  transactionId: idSchema,
  lifetime: optional(amountSchema),
})

/** 6.4: only the changed rates are present. */
export const setPrivilegesHookCustomerSchema = z.looseObject({
  phone: z.string(),
  cardNumbers,
  bonus: optional(amountSchema),
  discount: optional(amountSchema),
})

const hookEnvelope = { crm_key: optional(z.string()) }

/** Any hook body, discriminated by `method`. */
export const hookBodySchema = z.discriminatedUnion("method", [
  z.object({ ...hookEnvelope, method: z.literal("createCustomer"), customer: createCustomerHookCustomerSchema }),
  z.object({ ...hookEnvelope, method: z.literal("readBalance"), customer: readBalanceHookCustomerSchema }),
  z.object({ ...hookEnvelope, method: z.literal("addBalance"), customer: addBalanceHookCustomerSchema }),
  z.object({ ...hookEnvelope, method: z.literal("setPrivileges"), customer: setPrivilegesHookCustomerSchema }),
])
export type HookBody = z.output<typeof hookBodySchema>
export type CreateCustomerHookCustomer = z.output<typeof createCustomerHookCustomerSchema>
export type AddBalanceHookCustomer = z.output<typeof addBalanceHookCustomerSchema>
export type SetPrivilegesHookCustomer = z.output<typeof setPrivilegesHookCustomerSchema>

/** 6.1 answer (HTTP 200). */
export const createCustomerHookAnswerSchema = z.looseObject({ customerId: idSchema })
/** 6.2 answer. */
export const readBalanceHookAnswerSchema = z.looseObject({
  success: flagSchema,
  bonus: amountSchema,
  balance: amountSchema,
  discount: amountSchema,
})
export type ReadBalanceHookAnswer = z.output<typeof readBalanceHookAnswerSchema>
/** 6.3 and 6.4 answer. */
export const hookAckAnswerSchema = z.looseObject({ success: flagSchema })
/** Any failed hook (HTTP 400). */
export const hookErrorAnswerSchema = z.looseObject({ error: z.string() })

/** The unit of addBalance `lifetime`: days in revision 2.8.2, seconds in 2.7.2. */
export const LIFETIME_UNITS = ["days", "seconds"] as const
export type LifetimeUnit = (typeof LIFETIME_UNITS)[number]

/**
 * The `lifetime` unit of a revision, when the `lifetimeUnit` option does not set one: the
 * description gives days for 2.8.2 and seconds for 2.7.2 (docs/service-api.md, "Revisions").
 */
export function defaultLifetimeUnit(revision: Revision): LifetimeUnit {
  return revision === "2.7.2" ? "seconds" : "days"
}

/**
 * addBalance `lifetime` in seconds, read in `unit` (the `lifetimeUnit` option, else the
 * revision's; docs/service-api.md, "Hooks"). A `lifetime` of 0 means the credit never expires and
 * reads as `undefined`, as an absent one does.
 */
export function lifetimeToSeconds(lifetime: number, unit: LifetimeUnit = "days"): number | undefined {
  if (lifetime === 0) return undefined
  return unit === "seconds" ? lifetime : lifetime * 86_400
}
