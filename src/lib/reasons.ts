/**
 * The reasons the plugin writes itself, built here and nowhere else: on the ledger entries it
 * makes, on store events it skips, on imported customers it skips or leaves for review, on a
 * drift it does not heal. Rows keep them as English text (logs, exports, rows written before
 * this file); `describeReason` reads one back into a code and its values, so the admin can
 * show it in the merchant's language. An admin's own reason (a `manual` entry) is the
 * merchant's words and is shown as typed. Like keys, a template's text must not change for
 * rows already written: an old text would no longer be recognised (it would show as is).
 */

const TEMPLATES = {
  service_credit: "credit from the service",
  service_debit: "write-off from the service",
  credit_expired: "lifetime credit expired",
  credit_expired_given_back: "lifetime credit expired (given back by a canceled debit)",
  accrual: "bonus {percent}% for order #{order}",
  order_canceled: "order canceled",
  items_returned: "items returned ({return_id})",
  payment_refunded: "payment refunded ({payment_id})",
  redemption: "bonus paid for cart {cart_id}",
  redemption_refund: "order canceled: bonus paid with it given back",
  opening_balance: "balance at the service when the store adopted the phone",
  import_refresh: "changed at the service between the import and the switch",
  bonus_welcome: "welcome bonus",
  bonus_install: "bonus for installing the card",
  bonus_birthday: "birthday bonus {year}",
  bonus_referral: "bonus for bringing a customer",
  bonus_referred: "bonus for joining through a referral",
  // Store events not sent (docs/store-events.md)
  event_guest: "a guest (no customer account)",
  event_no_pass: "the customer has no pass",
  event_not_enrolled: "the customer's pass is not enrolled",
  // Imported customers skipped or left for review, a drift not healed (docs/adoption.md)
  import_in_store: "already in the store",
  import_invalid_phone: "not a phone number ({problem})",
  import_pass_of_other_phone: "store customer {customer_id} already has a pass for {phone}",
  import_unknown_phone: "the service no longer knows this phone",
  import_changed_on_both:
    "the service shows {service} and the store {store}; the store changed this balance since adoption",
  drift_import_waiting: "an import is waiting for its final refresh",
} as const

export type ReasonCode = keyof typeof TEMPLATES

/**
 * The values that are not words or ids, to be written in the reader's way: `money` in the
 * balance unit (written by `reasonText` as a plain number), `number` a plain number.
 */
export const REASON_VALUE_KINDS: Record<string, "money" | "number"> = {
  percent: "number",
  service: "money",
  store: "money",
}
/** Every reason the plugin writes (the admin names each in words). */
export const REASON_CODES = Object.keys(TEMPLATES) as ReasonCode[]
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never
type Values<C extends ReasonCode> = { [K in Placeholders<(typeof TEMPLATES)[C]>]: string | number }

/** A reason of the plugin's own, as the admin translates it: `{ code, values }`. */
export type DescribedReason = { code: ReasonCode; values: Record<string, string> }

/** The text of one of the plugin's reasons, with its values filled in. */
export function reasonText<C extends ReasonCode>(
  code: C,
  ...[values]: keyof Values<C> extends never ? [] : [Values<C>]
): string {
  const given = (values ?? {}) as Record<string, string | number>
  return TEMPLATES[code].replace(/{(\w+)}/g, (_, name: string) => String(given[name]))
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Each template as an anchored pattern, its placeholders as named groups (a value has no line break). */
const PATTERNS = (Object.entries(TEMPLATES) as [ReasonCode, string][]).map(([code, template]) => ({
  code,
  pattern: new RegExp(
    `^${template
      .split(/({\w+})/)
      .map((part) => (/^{\w+}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : escape(part)))
      .join("")}$`
  ),
}))

/** The code and values of a reason the plugin wrote; null for anything else (an admin's words). */
export function describeReason(reason: string | null | undefined): DescribedReason | null {
  if (!reason) return null
  for (const { code, pattern } of PATTERNS) {
    const match = pattern.exec(reason)
    if (match) return { code, values: { ...match.groups } }
  }
  return null
}
