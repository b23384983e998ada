import { z } from "@medusajs/framework/zod"
import { cutToCodePoints, EVENT_VALUE_MAX_LENGTH } from "../../../lib/text"

/**
 * Store events that fire the service's triggers (docs/store-events.md): plugin option
 * `events` maps each event the plugin supports to the merchant's event key in the service
 * (`event/send`), with the event's parameters. Pure: no container, no database.
 */

/** Medusa's own events the plugin forwards: the order's customer gets the event. */
export const FORWARDED_EVENTS = [
  "order.placed",
  "order.completed",
  "order.canceled",
  "order.fulfillment_created",
  "shipment.created",
  "delivery.created",
  "order.return_received",
] as const
export type ForwardedEvent = (typeof FORWARDED_EVENTS)[number]

/** Events the plugin detects itself (a job), each with its parameters and their defaults. */
export const DETECTED_EVENTS = {
  /** A signed-in holder's cart with items, not completed, untouched this long. */
  "cart.abandoned": { afterMinutes: 60 },
  /** This many days before a credit with a lifetime lapses. */
  "bonus.expiring": { daysBefore: 3 },
  /** On the holder's birthday in the program's time zone. */
  birthday: {},
  /** This many days after enrolment with no card installed. */
  "pass.not_installed": { afterDays: 2 },
} as const
export type DetectedEvent = keyof typeof DETECTED_EVENTS

export type StoreEventName = ForwardedEvent | DetectedEvent
export const STORE_EVENT_NAMES: readonly StoreEventName[] = [
  ...FORWARDED_EVENTS,
  ...(Object.keys(DETECTED_EVENTS) as DetectedEvent[]),
]

/**
 * How long after a customer's event the same event of theirs is skipped (`windowHours`,
 * docs/store-events.md, "Once per customer and window"): an abandoned cart once a day,
 * whatever number of carts one account makes. Other events: 0, once per entity only.
 */
export const DEFAULT_WINDOW_HOURS: Partial<Record<StoreEventName, number>> = { "cart.abandoned": 24 }

/** An event as configured: the merchant's key and the event's parameters (defaults filled). */
export type EventMapping = {
  key: string
  /** Once per customer within this many hours (0: no window). */
  windowHours: number
  afterMinutes?: number
  daysBefore?: number
  afterDays?: number
}
export type StoreEventsOption = Partial<Record<StoreEventName, EventMapping>>

/** The service's `value` holds at most this many characters (code points): longer values are cut. */
export const EVENT_VALUE_MAX = EVENT_VALUE_MAX_LENGTH

const PARAM_LIMITS: Record<string, { min: number; max: number; unit: string }> = {
  afterMinutes: { min: 0.001, max: 43_200, unit: "minutes" },
  daysBefore: { min: 0.001, max: 365, unit: "days" },
  afterDays: { min: 0.001, max: 365, unit: "days" },
  windowHours: { min: 0, max: 8760, unit: "hours" },
}

const keySchema = (name: string) =>
  z
    .string({ error: `events.${name} must be an event key or { key, ... }` })
    .trim()
    .min(1, { error: `events.${name}.key must be a non-empty event key of at most 100 characters` })
    .max(100, { error: `events.${name}.key must be a non-empty event key of at most 100 characters` })

function mappingSchema(name: StoreEventName) {
  const defaults: Record<string, number> = {
    ...((DETECTED_EVENTS as Record<string, Record<string, number>>)[name] ?? {}),
    windowHours: DEFAULT_WINDOW_HOURS[name] ?? 0,
  }
  const params = Object.fromEntries(
    Object.entries(defaults).map(([param, fallback]) => {
      const { min, max, unit } = PARAM_LIMITS[param]
      const error = `events.${name}.${param} must be a number of ${unit} from ${min} to ${max}`
      return [param, z.number({ error }).min(min, { error }).max(max, { error }).default(fallback)]
    })
  )
  const supported = ["key", ...Object.keys(defaults)].map((p) => `"${p}"`).join(", ")
  const object = z.object({ key: keySchema(name), ...params }).strict()
  return z.union([keySchema(name).transform((key) => object.parse({ key })), object], {
    error: `events.${name} must be an event key or { ${supported.replaceAll('"', "")} }`,
  })
}

/** Option `events`: unknown event names and parameters are refused with what is supported. */
export const storeEventsSchema = z
  .record(z.string(), z.unknown(), { error: "events must be a map from store events to event keys" })
  .superRefine((raw, ctx) => {
    for (const name of Object.keys(raw)) {
      if (!STORE_EVENT_NAMES.includes(name as StoreEventName)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `unknown store event "${name}"; supported: ${STORE_EVENT_NAMES.join(", ")}`,
        })
      }
    }
  })
  .transform((raw, ctx) => {
    const out: StoreEventsOption = {}
    for (const [name, value] of Object.entries(raw)) {
      const parsed = mappingSchema(name as StoreEventName).safeParse(value)
      if (parsed.success) out[name as StoreEventName] = parsed.data as EventMapping
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: [name, ...issue.path], message: issue.message })
    }
    return out
  })

/** A value as the service takes it: at most {@link EVENT_VALUE_MAX} characters, cut with "…". */
export function eventValue(value: string): string {
  const text = value.replace(/\s+/g, " ").trim()
  return cutToCodePoints(text, EVENT_VALUE_MAX)
}
