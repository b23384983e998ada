/**
 * What a store event's `value` says (docs/store-events.md), kept as parts: the service gets it
 * as English text (`eventValueText`, what it always got: "#12 110.00 EUR"), and the admin
 * writes it in the merchant's language, amounts in their currency (`customer.events.value.*`).
 * A store event row keeps the parts as `value_code` and `value_values` beside `value`.
 * Values without a template (a birthday's name, an install link) are kept as text only.
 */

const TEMPLATES = {
  order_total: "#{order} {amount}",
  order_items: "#{order}, {items} item(s)",
  order_tracking: "#{order} {tracking}",
  order_returned: "#{order}, {items} item(s) returned",
  cart: "{items} item(s), {amount}",
  expiring: "{amount} on {date}",
} as const

export type EventValueCode = keyof typeof TEMPLATES

/** Every value template (the admin words each). */
export const EVENT_VALUE_CODES = Object.keys(TEMPLATES) as EventValueCode[]

/**
 * A value's parts: `amount` in major units with `currency` (an ISO 4217 code; none: the
 * balance unit), `items` a count, `date` a day as yyyy-mm-dd, `order` a display id,
 * `tracking` tracking numbers.
 */
export type EventValue = { code: EventValueCode; values: Record<string, string | number> }

type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never
type Values<C extends EventValueCode> = { [K in Placeholders<(typeof TEMPLATES)[C]>]: string | number } & {
  currency?: string | null
}

/** A value's parts, as the writers of store events give them. */
export function eventValueParts<C extends EventValueCode>(code: C, values: Values<C>): EventValue {
  const { currency, ...rest } = values as Record<string, string | number | null | undefined>
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null)) as Record<
    string,
    string | number
  >
  return { code, values: currency ? { ...kept, currency: String(currency).toLowerCase() } : kept }
}

/** The value as the service gets it: "#12 110.00 EUR", "2 item(s), 210.00 EUR", "25.00 on 2026-11-27". */
export function eventValueText({ code, values }: EventValue): string {
  const template: string = TEMPLATES[code] ?? code
  return template.replace(/{(\w+)}/g, (_, name: string) => {
    if (name !== "amount") return String(values[name] ?? "")
    const amount = Number(values.amount ?? 0).toFixed(2)
    return values.currency ? `${amount} ${String(values.currency).toUpperCase()}` : amount
  })
}

/** True for a code this version writes. */
export function isEventValueCode(code: unknown): code is EventValueCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(TEMPLATES, code)
}
