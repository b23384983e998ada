/**
 * The emulator's own reading of the service's description, in one file to hold beside
 * docs/service-api.md: paths, fields per request and revision, limits, the rules for numbers,
 * strings, phones and dates, and the hooks' bodies and answers. Nothing here comes from the
 * plugin's client, dispatcher or module (a dependency-cruiser rule, `emulator-own-reading`,
 * refuses such an import): where the client misreads the description, the emulator reads it
 * on its own, so a test can catch the difference.
 *
 * Where the description is strict, so is this reading. Where it says "not shown", the choice
 * is ours and marked **(our choice)**; the unknowns are switches of `Reading` (below), one
 * field each, so a test can play each possible service.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js"

// -------------------------------------------------------------------------------------------
// Revisions (docs/service-api.md, "Revisions")
// -------------------------------------------------------------------------------------------

/** The two documented revisions: 2.8.2 is the current one. */
export const REVISIONS = ["2.8.2", "2.7.2"] as const
export type Revision = (typeof REVISIONS)[number]
export const CURRENT_REVISION: Revision = "2.8.2"

/**
 * How this emulator reads the description where it leaves a choice: the revision it plays,
 * and the switches for the description's unknowns (the over-limit answer, the error body,
 * float noise). The readings whose answer hangs on such a choice take it, so a switch
 * is one field here and one branch where it is read.
 */
export type Reading = {
  revision: Revision
  /** The answer over a limit ("not shown"; behaviours.ts). */
  overLimit: OverLimitAnswer
  /** The error body's shape ("not shown"; behaviours.ts). */
  errorBody: ErrorBodyShape
  /** Float noise in the amounts hooks carry (the description says only "numbers"). */
  floatNoise: boolean
}

/** **(our choice, switchable)** What a request over a limit is answered: the description does not show it. */
export const OVER_LIMIT_ANSWERS = ["429", "429_no_retry_after", "503", "200_success_false"] as const
export type OverLimitAnswer = (typeof OVER_LIMIT_ANSWERS)[number]
/** **(our choice, switchable)** The shape of an error body: `{ success: false, error, code }`, `{ message }` or plain text. */
export const ERROR_BODY_SHAPES = ["error", "message", "text"] as const
export type ErrorBodyShape = (typeof ERROR_BODY_SHAPES)[number]

// -------------------------------------------------------------------------------------------
// Limits (docs/service-api.md, "Limits")
// -------------------------------------------------------------------------------------------

/**
 * Every plan allows one request a second; per hour Basic 60, Advanced 600, Expert and
 * Exclusive 3600. "Every request counts against the plan's limits": every request that
 * reaches the API is counted, whatever its key, body or path, before it is read (core.ts
 * `admit`). A request answered over the limit is not counted **(our choice: the answer to
 * exceeding a limit is not shown)**.
 */
export const PLAN_LIMITS = {
  basic: { perSecond: 1, perHour: 60 },
  advanced: { perSecond: 1, perHour: 600 },
  expert: { perSecond: 1, perHour: 3600 },
  exclusive: { perSecond: 1, perHour: 3600 },
} as const
export type PlanName = keyof typeof PLAN_LIMITS
export const PLAN_NAMES = Object.keys(PLAN_LIMITS) as PlanName[]
export type RateLimits = { perSecond: number; perHour: number }

// -------------------------------------------------------------------------------------------
// Requests (docs/service-api.md, "Requests")
// -------------------------------------------------------------------------------------------

/** The paths of the API, relative to `{apiUrl}` (which ends in `/v2`). Every request is a POST with a JSON body and `app_key`. */
export const PATHS = {
  status: "/status",
  userCreateOrUpdate: "/crm/user_create_or_update",
  readCustomer: "/crm/read_customer",
  readCustomers: "/crm/read_customers",
  pushCreate: "/crm/push/create",
  pushSend: "/crm/push/send",
  eventSend: "/crm/event/send",
  balanceAdd: "/crm/balance/add",
  balanceDeduct: "/crm/balance/deduct",
} as const
export type Endpoint = (typeof PATHS)[keyof typeof PATHS]
const ALL_PATHS: readonly string[] = Object.values(PATHS)

/** True for a path of the API ("Requests": the table of paths). */
export function isEndpoint(path: string): path is Endpoint {
  return ALL_PATHS.includes(path)
}

/** "Revisions": balance/add, balance/deduct and event/send are documented only by 2.8.2. */
export function endpointInRevision(endpoint: Endpoint, reading: Reading): boolean {
  if (reading.revision === "2.8.2") return true
  return endpoint !== PATHS.balanceAdd && endpoint !== PATHS.balanceDeduct && endpoint !== PATHS.eventSend
}

/**
 * The fields of `user_create_or_update` ("Customers" and "Requests"); any other top-level
 * field is a custom template variable of the account.
 */
export const CUSTOMER_FIELDS: readonly string[] = [
  "app_key",
  "phone",
  "name",
  "email",
  "surname",
  "middlename",
  "birthday",
  "discount",
  "bonus",
  "balance",
  "card_track",
  "template_uuid",
  "customerId",
  "link",
  "sms",
  "push",
  "send_webpush",
  "send_telegram",
]

/** "Revisions": `template_uuid` and `card_track` in user_create_or_update, and a card lookup in read_customer, are 2.8.2's only. */
export const CURRENT_ONLY_FIELDS: Partial<Record<Endpoint, readonly string[]>> = {
  [PATHS.userCreateOrUpdate]: ["template_uuid", "card_track"],
  [PATHS.readCustomer]: ["card"],
}

/** The personal messages of user_create_or_update, by channel ("Requests": `push`, `send_webpush`, `send_telegram`). */
export const MESSAGE_FIELDS = { push: "push", webpush: "send_webpush", telegram: "send_telegram" } as const

/**
 * `name` in user_create_or_update. The description lists it without an optional mark, and
 * says a push needs only `app_key`, `phone` and the message. Our reading (docs/service-api.md,
 * "name"): a customer is not created without a name; a push never needs one; an update of a
 * customer the service holds may leave it out and the record keeps its name. When present it
 * is a non-empty string (see `userCreateOrUpdate` in core.ts).
 */
export function nameRequired(request: { createsCustomer: boolean }): boolean {
  return request.createsCustomer
}

/** "Requests": read_customers answers at most 100 phones a page. */
export const READ_CUSTOMERS_PAGE_SIZE = 100

/**
 * "Requests" and "Limits": event/send `value` is at most 100 characters. Characters are
 * counted as code points (an emoji is one) **(our choice: the description says characters)**.
 */
export const EVENT_VALUE_MAX_CHARACTERS = 100
export function characters(text: string): number {
  return [...text].length
}

/** push/create `type` ("Requests"): the wallet's type is `push` in 2.8.2 and `text` in 2.7.2. */
export function pushTypes(reading: Reading): readonly string[] {
  return reading.revision === "2.7.2" ? ["text", "webpush", "telegram"] : ["push", "webpush", "telegram"]
}
export type Channel = "push" | "webpush" | "telegram"
/** The channel a push/create `type` names (2.7.2's `text` is the wallet). */
export function channelOf(type: string): Channel {
  return type === "text" ? "push" : (type as Channel)
}

// -------------------------------------------------------------------------------------------
// Numbers, flags, phones and dates ("Customers", "Revisions")
// -------------------------------------------------------------------------------------------

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/

/**
 * An amount or a percent in a request (`balance`, `bonus`, `discount`, `sum`): a JSON number
 * in 2.8.2 ("types numbers for amounts"), a numeric string in 2.7.2 ("shows amounts as
 * strings"). The description's "a receiver should accept both" is read as said of the
 * receiver of the service's amounts, the store's hooks; the service's own requests are typed
 * by the revision. Undefined when absent; `null` when present but not of the revision's type.
 */
export function amountIn(value: unknown, reading: Reading): number | null | undefined {
  if (value === undefined || value === null) return undefined
  if (reading.revision === "2.7.2") {
    return typeof value === "string" && NUMERIC_TEXT.test(value) ? Number(value) : null
  }
  return typeof value === "number" && Number.isFinite(value) ? value : null
}

/** What the revision expects, for an error text. */
export function amountExpected(reading: Reading): string {
  return reading.revision === "2.7.2" ? "a numeric string expected (revision 2.7.2)" : "a number expected"
}

/** An amount the emulator sends (answers, hooks): a number in 2.8.2, a numeric string in 2.7.2. */
export function amountOut(value: number, reading: Reading): number | string {
  return reading.revision === "2.7.2" ? String(value) : value
}

/** A whole number that is not an amount (`offset`): a JSON integer in either revision. */
export function integerIn(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined
  return typeof value === "number" && Number.isInteger(value) ? value : null
}

/** `invites`, `installs`, `installed`: the description types them boolean; nothing else is one. */
export function flagIn(value: unknown): boolean | null | undefined {
  if (value === undefined || value === null) return undefined
  return typeof value === "boolean" ? value : null
}

/**
 * A phone: E.164 with the `+` ("Customers"), of a length possible for its country. The
 * description's examples of pushes may lack the plus; it documents the plus, and so does
 * this reading.
 */
export function isPhone(value: unknown): value is string {
  if (typeof value !== "string" || !/^\+[1-9]\d{7,14}$/.test(value)) return false
  const parsed = parsePhoneNumberFromString(value)
  return parsed !== undefined && parsed.isPossible() && parsed.number === value
}

export type Day = { year: number; month: number; day: number }
export type DayTime = Day & { time?: { hour: number; minute: number; second: number } }

function realDay(date: Day): boolean {
  const { year, month, day } = date
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * A date of a request: `dd.mm.yyyy` (a birthday, read_customers' `start_date`), or with
 * `withTime`, also `dd.mm.yyyy hh:mm:ss` (read_customers' `end_date`). Undefined for another
 * format or a day that does not exist.
 */
export function dateIn(text: string, withTime = false): DayTime | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text.trim())
  if (!match || (!withTime && match[4] !== undefined)) return undefined
  const date: DayTime = { day: +match[1], month: +match[2], year: +match[3] }
  if (!realDay(date)) return undefined
  if (match[4] !== undefined) {
    const time = { hour: +match[4], minute: +match[5], second: +match[6] }
    if (time.hour > 23 || time.minute > 59 || time.second > 59) return undefined
    date.time = time
  }
  return date
}

/**
 * The UTC epoch milliseconds a read_customers bound covers: the start of the day for the
 * start, the end of the day (or of the named second) for the end. The description names no
 * time zone **(our choice: UTC)**.
 */
export function boundMs(date: DayTime, bound: "start" | "end"): number {
  const { year, month, day, time } = date
  const ms = time ? Date.UTC(year, month - 1, day, time.hour, time.minute, time.second) : Date.UTC(year, month - 1, day)
  if (bound === "start") return ms
  return ms + (time ? 999 : 86_400_000 - 1)
}

const pad = (n: number) => String(n).padStart(2, "0")

/** Birthdays are `dd.mm.yyyy` in requests and answers, `yyyy-mm-dd` in hooks ("Customers"). */
export function formatDay(date: Day, style: "request" | "hook"): string {
  return style === "request"
    ? `${pad(date.day)}.${pad(date.month)}.${date.year}`
    : `${date.year}-${pad(date.month)}-${pad(date.day)}`
}

/** A birthday given to the control API: `dd.mm.yyyy` or `yyyy-mm-dd`. */
export function anyDay(text: string): Day | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  const date = iso ? { year: +iso[1], month: +iso[2], day: +iso[3] } : dateIn(text)
  return date && realDay(date) ? { year: date.year, month: date.month, day: date.day } : undefined
}

// -------------------------------------------------------------------------------------------
// Hooks (docs/service-api.md, "Hooks")
// -------------------------------------------------------------------------------------------

/** The hooks the service sends. */
export const HOOK_METHODS = ["createCustomer", "readBalance", "addBalance", "setPrivileges"] as const
export type HookMethod = (typeof HOOK_METHODS)[number]

/** "Revisions": setPrivileges is documented only by 2.8.2: a 2.7.2 service does not send it. */
export function sendsHook(method: HookMethod, reading: Reading): boolean {
  return method !== "setPrivileges" || reading.revision === "2.8.2"
}

/** The customer fields each hook carries ("Hooks": the full customer for createCustomer, a few for the others). */
export const HOOK_CUSTOMER_FIELDS = {
  createCustomer: [
    "name",
    "surname",
    "middlename",
    "email",
    "phone",
    "birthday",
    "cardNumbers",
    "cardTracks",
    "extra",
    "balance",
    "bonus",
    "discount",
    "promo",
    "user_hash",
    "referCustomerPhone",
  ],
  readBalance: ["phone", "cardNumbers"],
  addBalance: ["phone", "cardNumbers", "sum", "transactionId", "lifetime"],
  setPrivileges: ["phone", "cardNumbers", "bonus", "discount"],
} as const satisfies Record<HookMethod, readonly string[]>

/**
 * A hook's body: `crm_key`, `method` and `customer`, in every hook ("Hooks": "Each hook body
 * is JSON: crm_key, method, customer"), whatever the access control. The key is the password
 * of the integration settings (the crm_key, or the HTTP Basic password), an empty string when
 * none is set **(our choice: the description does not say what goes there under Basic)**.
 */
export function hookBody(
  method: HookMethod,
  customer: Record<string, unknown>,
  password: string | undefined
): Record<string, unknown> {
  return { crm_key: password ?? "", method, customer }
}

/** createCustomer's answer: HTTP 200 with `{ customerId: string }`. Undefined for anything else. */
export function createCustomerAnswer(answer: unknown): { customerId: string } | undefined {
  const id = objectOf(answer)?.customerId
  return typeof id === "string" && id !== "" ? { customerId: id } : undefined
}

/**
 * readBalance's answer: `{ success: boolean, bonus, balance, discount }`, the three numbers.
 * As the receiver of the store's amounts, the service takes numbers or numeric strings ("a
 * receiver should accept both"). Undefined for anything else.
 */
export function readBalanceAnswer(
  answer: unknown
): { success: boolean; bonus: number; balance: number; discount: number } | undefined {
  const o = objectOf(answer)
  if (!o || typeof o.success !== "boolean") return undefined
  const number = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value)
      ? value
      : typeof value === "string" && NUMERIC_TEXT.test(value.trim())
        ? Number(value)
        : undefined
  const [bonus, balance, discount] = [number(o.bonus), number(o.balance), number(o.discount)]
  if (bonus === undefined || balance === undefined || discount === undefined) return undefined
  return { success: o.success, bonus, balance, discount }
}

/** addBalance's and setPrivileges' answer: `{ success: boolean }`; true only for `success: true`. */
export function acknowledged(answer: unknown): boolean {
  return objectOf(answer)?.success === true
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

// -------------------------------------------------------------------------------------------
// Secrets in the emulator's own logs
// -------------------------------------------------------------------------------------------

export const REDACTED = "[redacted]"
const SECRET_KEYS = ["app_key", "crm_key", "password", "authorization"]

/** A copy of `value` with secret keys' values and every occurrence of the given secrets replaced. */
export function redact(value: unknown, secrets: readonly string[]): unknown {
  const live = secrets.filter((s) => s.length > 0)
  const scrub = (text: string) => live.reduce((acc, secret) => acc.split(secret).join(REDACTED), text)
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === "string") return scrub(node)
    if (node === null || typeof node !== "object") return node
    if (depth > 32) return REDACTED
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1))
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => [
        key,
        SECRET_KEYS.includes(key.toLowerCase()) ? REDACTED : walk(child, depth + 1),
      ])
    )
  }
  return walk(value, 0)
}
