/**
 * What the connection check says (src/outbound/connection-check.ts; docs/operations.md,
 * "Checking the connection"), built here and nowhere else, as `src/lib/reasons.ts` builds the
 * ledger's reasons: each step's `found` and `todo` is a code and its values. A reader renders
 * it: the admin in the merchant's language and words (`check.said.<code>`,
 * src/admin/i18n/check.ts), `checkText` in English for the CLI (`npx medusa-plugin-wallet-pass
 * check`), logs and the `found` / `todo` texts of the admin route's answer. A value is a word,
 * a number, or another message (a part of a sentence that has its own words).
 */

const TEMPLATES = {
  // The key: /status
  key_ok: 'the key opens the account "{account}" (its balance at the service: {balance})',
  key_refused: "the service refused the key ({status}): {error}",
  key_unanswered: "the service did not answer /status as described: {error}",
  no_budget: "the plan's budget had no room for the check's request in the next {seconds} s",
  key_todo_copy: "copy the private key from the service's dashboard (Integration → API) into the appKey option",
  key_todo_api_url: "check apiUrl ({api_url}): it must be the API's base address with /v2",
  todo_rate_limited: "the service is limiting requests: see the plan step",
  todo_plan_budget: "wait a minute and run the check again: the queue is using the plan's requests",
  skipped_key: "not run: the key step failed",
  // The base: read_customers, read_customer
  customers_ok: "read_customers answered {phones} phone(s) with an installed pass on its first page",
  customers_todo_unknown: "fields our reading does not know: send the answer to support",
  customer_ok: "read_customer of {phone} matches our reading",
  customer_differs: "read_customer of {phone} matches our reading, with differences",
  customer_todo_differs:
    "the fields below differ from the API description: the plugin keeps working; send the kept answer to support",
  customer_no_pass: "no installed pass to read yet: install a card from the service's form, then run the check again",
  read_mismatch: "{request}'s answer does not match our reading of the API: {issues}",
  read_failed: "{request} failed: {error}",
  read_todo_send:
    "send the kept answer (below, secrets removed) to the service's support and to the plugin's maintainers",
  read_todo_log: "see the request log for the whole answer",
  // The plan
  plan_limited: "the plan option allows {per_second}/s and {per_hour}/h; the service answered 429 to this check's pace",
  plan_seen: "the plan option allows {per_second}/s and {per_hour}/h; {answers} answer(s) 429 in the last 24 hours",
  plan_todo:
    "set the plan option to your account's plan (basic 60/h, advanced 600/h, expert or exclusive 3600/h, or the limits support raised)",
  // The mode
  mode_builtin: "built-in mode (no hooks option): the service keeps the balances, the store sends its changes",
  mode_strangers:
    "external-CRM mode is set up here, but the service has installed passes the store never heard of ({phones}) and no hook ever arrived",
  mode_todo_strangers:
    "in the service's integration settings, choose an external CRM and enter this store's hook URL and credential; or import the service's base (Wallet pass page)",
  mode_hooks: "external-CRM mode: the store holds the balances and the service has sent hooks",
  mode_no_hook: "external-CRM mode: no hook has arrived yet",
  mode_todo_install: "install a card from the service's form: its createCustomer hook should arrive here",
  // The hooks
  hooks_builtin: "no hooks option: built-in mode",
  hooks_facts: "URL {url}; auth {auth}; allowlisted address {address}; {last}",
  hooks_refused: "{facts}; the latest hook was refused ({status}): {reason}",
  hooks_url: "{url}",
  hooks_url_not_https: "{url} is not HTTPS",
  hooks_url_unknown: "unknown (set MEDUSA_BACKEND_URL)",
  hooks_auth_crm_key: "crm_key (empty login, the key as password)",
  hooks_auth_basic: "HTTP Basic (login and password)",
  hooks_address: "{ip}",
  hooks_address_any: "none (any address)",
  hooks_last: "last hook {method} at {at}: {outcome} ({status})",
  hooks_last_none: "no hook received yet",
  hooks_todo_credential:
    "enter the same credential in the service's integration settings as in the hooks option (login and password, or the crm_key as password with an empty login)",
  hooks_todo_headers:
    "the address or the X-organization-id / X-program-id / X-wallet-id headers differ from the hooks option",
  hooks_todo_https: "the service sends hooks only to an HTTPS address: put TLS in front of the store",
  // The clock
  clock_no_date: "this process and the database differ by {db_seconds} s; the service sent no Date header",
  clock_service:
    "this process and the database differ by {db_seconds} s; the service's clock by about {service_seconds} s",
  clock_todo: "synchronise the server's clock (NTP): dates and lifetimes depend on it",
} as const

export type CheckMessageCode = keyof typeof TEMPLATES

/** Every code the check writes (the admin has words for each). */
export const CHECK_MESSAGE_CODES = Object.keys(TEMPLATES) as CheckMessageCode[]

/**
 * How a value is written, by its name; values not named here are words or ids, written as
 * they are:
 * - `number`: written the reader's way;
 * - `verbatim`: the service's own words or data (an account's name, an address, field names,
 *   a refusal's reason), shown as written in any language;
 * - `error`: a request's error as the client writes it (`wallet-pass <path> failed (<kind>
 *   <status>, <outcome>): <the service's text>`), which the admin says in words;
 * - `date`: an ISO date-time;
 * - `request`, `hook_method`, `hook_outcome`: a value of the request methods, the hook methods,
 *   the hook outcomes, which the admin names in words.
 */
export const CHECK_VALUE_KINDS: Record<
  string,
  "number" | "verbatim" | "error" | "date" | "request" | "hook_method" | "hook_outcome"
> = {
  balance: "number",
  status: "number",
  seconds: "number",
  phones: "number",
  per_second: "number",
  per_hour: "number",
  answers: "number",
  db_seconds: "number",
  service_seconds: "number",
  account: "verbatim",
  api_url: "verbatim",
  url: "verbatim",
  ip: "verbatim",
  issues: "verbatim",
  reason: "verbatim",
  error: "error",
  at: "date",
  request: "request",
  method: "hook_method",
  outcome: "hook_outcome",
}

/** A message's values by placeholder name: words, numbers, or parts with words of their own. */
export type CheckValues = { [name: string]: string | number | CheckMessage }

/** One thing the check says: its code and values. */
export type CheckMessage = { code: CheckMessageCode; values: CheckValues }

type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never
type Values<C extends CheckMessageCode> = {
  [K in Placeholders<(typeof TEMPLATES)[C]>]: string | number | CheckMessage
}
type ValuesArg<C extends CheckMessageCode> = keyof Values<C> extends never ? [] : [Values<C>]

/** One of the check's messages, with its values. */
export function said<C extends CheckMessageCode>(code: C, ...[values]: ValuesArg<C>): CheckMessage {
  return { code, values: { ...((values ?? {}) as CheckValues) } }
}

/** True for a message (a value that is a part of a sentence). */
export function isCheckMessage(value: unknown): value is CheckMessage {
  return (
    !!value &&
    typeof value === "object" &&
    typeof (value as CheckMessage).code === "string" &&
    Object.prototype.hasOwnProperty.call(TEMPLATES, (value as CheckMessage).code)
  )
}

/** A message in English: the CLI, logs, and the `found` / `todo` texts of the admin route. */
export function checkText(message: CheckMessage): string {
  const template: string = TEMPLATES[message.code] ?? message.code
  return template.replace(/{(\w+)}/g, (_, name: string) => {
    const value = message.values[name]
    if (value === undefined || value === null) return ""
    return isCheckMessage(value) ? checkText(value) : String(value)
  })
}
