/**
 * The reasons the plugin writes itself, built here and nowhere else: on the ledger entries it
 * makes, on store events it skips, on imported customers it skips or leaves for review, on a
 * drift it does not heal, on a customer it cannot enrol. A row keeps one as its code and
 * values (`reason_code`, `reason_values`: docs/architecture.md, "Reasons"), and a reader
 * renders it: the admin in the merchant's language (`common.reason.<code>`), `reasonText` in
 * English for logs and exports. An admin's own reason (a `manual` entry) is kept as typed, in
 * `reason`. Rows written before codes hold English text: `describeReason` recognises it once,
 * when such a row is read, so the templates below must not change for those rows.
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
  redemption_order: "bonus paid for order #{order}",
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
  event_window: "the customer had this event within {hours} h",
  // Imported customers skipped or left for review, a drift not healed (docs/adoption.md)
  import_in_store: "already in the store",
  import_invalid_phone: "not a phone number ({problem})",
  import_pass_of_other_phone: "store customer {customer_id} already has a pass for {phone}",
  import_unknown_phone: "the service no longer knows this phone",
  import_remote_crm: "the service links this pass to {remote_id} in another CRM",
  import_read_failed: "the service did not answer its read: {error}",
  import_unreadable: "the service's answer could not be read: {error}",
  import_failed: "could not be imported: {error}",
  import_changed_on_both:
    "the service shows {service} and the store {store}; the store changed this balance since adoption",
  drift_import_waiting: "an import is waiting for its final refresh",
  // A customer not enrolled (docs/phones.md)
  phone_missing: "no phone",
  phone_invalid: "invalid phone ({problem})",
  phone_unreadable: "not a phone number of {country} ({problem})",
} as const

export type ReasonCode = keyof typeof TEMPLATES

/**
 * How a value is written when a reason is rendered; values not named here are words or ids,
 * written as they are:
 * - `money`: an amount in the balance unit (the admin writes it in the balance currency);
 * - `number`: a plain number, written the reader's way;
 * - `country`: an ISO 3166-1 alpha-2 code, written as the country's name;
 * - `phone_problem`: why a phone cannot be read (PhoneFailureReason of src/lib/phone.ts).
 */
export const REASON_VALUE_KINDS: Record<string, "money" | "number" | "country" | "phone_problem"> = {
  percent: "number",
  hours: "number",
  service: "money",
  store: "money",
  country: "country",
  problem: "phone_problem",
}

/** Every reason the plugin writes (the admin names each in words). */
export const REASON_CODES = Object.keys(TEMPLATES) as ReasonCode[]
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never
type Values<C extends ReasonCode> = { [K in Placeholders<(typeof TEMPLATES)[C]>]: string | number }
type ValuesArg<C extends ReasonCode> = keyof Values<C> extends never ? [] : [Values<C>]

/** A reason's values by placeholder name: what `reason_values` keeps. */
export type ReasonValues = Record<string, string | number>

/** A reason of the plugin's own: its code and values, as a row keeps it. */
export type Reason = { code: ReasonCode; values: ReasonValues }

/** One of the plugin's reasons, with its values: what a writer hands a row. */
export function reason<C extends ReasonCode>(code: C, ...[values]: ValuesArg<C>): Reason {
  return { code, values: { ...((values ?? {}) as ReasonValues) } }
}

/** Words for why a phone cannot be read (src/lib/phone.ts PhoneFailureReason), in English. */
const PHONE_PROBLEM_WORDS: Record<string, string> = {
  empty: "empty",
  not_a_number: "not a number",
  invalid_country: "unknown country code",
  too_short: "too short",
  too_long: "too long",
  invalid_length: "wrong length",
  impossible: "not a possible number",
  invalid: "no such number",
  not_mobile: "not a mobile number",
  ambiguous_country: "a number of more than one country",
}

let countryNames: Intl.DisplayNames | null | undefined
/** "Germany" for "DE" (English), the code itself where Intl has no region names. */
function countryName(code: string): string {
  if (countryNames === undefined) {
    try {
      countryNames = new Intl.DisplayNames(["en"], { type: "region" })
    } catch {
      countryNames = null
    }
  }
  try {
    return countryNames?.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** A value written in English, by its kind (REASON_VALUE_KINDS). */
function englishValue(name: string, value: string | number | undefined): string {
  if (value === undefined || value === null) return ""
  const kind = REASON_VALUE_KINDS[name]
  const n = Number(value)
  if (kind === "money" && String(value).trim() !== "" && Number.isFinite(n)) return n.toFixed(2)
  if (kind === "country") return countryName(String(value))
  if (kind === "phone_problem") return PHONE_PROBLEM_WORDS[String(value)] ?? String(value).replace(/_/g, " ")
  return String(value)
}

/** A reason in English (logs, exports, and the `reason` text admin responses keep). */
export function reasonText(r: Reason): string {
  const template: string = TEMPLATES[r.code] ?? r.code
  return template.replace(/{(\w+)}/g, (_, name: string) => englishValue(name, r.values[name]))
}

/**
 * Why a customer's phone could not be read, in English (the holder's enrolment error, logs):
 * "not a phone number of Russia (wrong length)", or without a country for a number that
 * carried its own code.
 */
export function phoneProblemText(read: { reason: string; country: string | null }): string {
  return reasonText(
    // An ambiguous number is one of several countries': naming the first would say it is none of its.
    read.country && read.reason !== "ambiguous_country"
      ? reason("phone_unreadable", { country: read.country, problem: read.reason })
      : reason("phone_invalid", { problem: read.reason })
  )
}

/** True for a code this version of the plugin writes. */
export function isReasonCode(code: unknown): code is ReasonCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(TEMPLATES, code)
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

/**
 * The code and values of a reason a row from before codes holds as English text; null for
 * anything else (an admin's words). A phone problem written in words ("invalid length") is
 * given back its code ("invalid_length").
 */
export function describeReason(text: string | null | undefined): Reason | null {
  if (!text) return null
  for (const { code, pattern } of PATTERNS) {
    const match = pattern.exec(text)
    if (!match) continue
    const values: ReasonValues = { ...match.groups }
    for (const [name, value] of Object.entries(values)) {
      if (REASON_VALUE_KINDS[name] === "phone_problem") values[name] = String(value).replace(/ /g, "_")
    }
    return { code, values }
  }
  return null
}

/** The reason columns of a row: the plugin's own as code and values, anyone else's words as text. */
export type StoredReason = {
  reason: string | null
  reason_code: string | null
  /** JSON as the database gives it back. */
  reason_values: Record<string, unknown> | null
}

/** Stored values as a reason's: numbers and text as they are, anything else as its text. */
const valuesOf = (stored: Record<string, unknown> | null | undefined): ReasonValues =>
  Object.fromEntries(
    Object.entries(stored ?? {}).map(([name, v]) => [name, typeof v === "number" ? v : String(v ?? "")])
  )

/** What a row keeps of a reason: a plugin reason as its code and values, an admin's words as typed. */
export function storedReason(r: Reason | string | null | undefined): StoredReason {
  if (!r) return { reason: null, reason_code: null, reason_values: null }
  if (typeof r === "string") return { reason: r, reason_code: null, reason_values: null }
  return { reason: null, reason_code: r.code, reason_values: r.values }
}

/**
 * A row's reason as the plugin's code and values: its stored code, else its text recognised
 * (a row from before codes); null for someone's own words or no reason.
 */
export function readReason(row: Partial<StoredReason> | null | undefined): Reason | null {
  if (!row) return null
  if (isReasonCode(row.reason_code)) return { code: row.reason_code, values: valuesOf(row.reason_values) }
  return describeReason(row.reason)
}

/**
 * A row's reason as admin responses carry it: `reason_code` and `reason_values` for the
 * admin to write in its language, and `reason`, the English text (as a row from before codes
 * holds it, else rendered; kept for readers of that field), or an admin's own words as typed.
 */
export function presentReason(row: Partial<StoredReason> | null | undefined): {
  reason: string | null
  reason_code: ReasonCode | null
  reason_values: ReasonValues | null
} {
  const read = readReason(row)
  if (!read) return { reason: row?.reason ?? row?.reason_code ?? null, reason_code: null, reason_values: null }
  return { reason: row?.reason ?? reasonText(read), reason_code: read.code, reason_values: read.values }
}
