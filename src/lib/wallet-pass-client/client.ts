/**
 * Typed client of the wallet-pass service API (docs/service-api.md, "Requests"): one method per request, zod at
 * both edges, an undici pool with explicit timeouts, and typed errors that say whether the
 * request may have been applied. It never retries: each retry spends rate budget, and the
 * caller's queue owns that policy (docs/architecture.md, "The queue").
 */
import { performance } from "node:perf_hooks"
import { Pool } from "undici"
import { z } from "@medusajs/framework/zod"
import { DEFAULT_REVISION, READ_CUSTOMERS_PAGE_SIZE, REVISIONS, type Revision } from "../constants"
import { type CountryCode, formatBirthday, isCountryCode, normalizePhone } from "../phone"
import { formatServiceDate, parseServiceDateTime } from "./dates"
import { type CallOutcome, WalletPassApiError, WalletPassConfigError, type WalletPassErrorKind } from "./errors"
import {
  describeIssue,
  LocalInputError,
  localError,
  parseJson,
  parseRetryAfter,
  statusError,
  transportError,
} from "./failures"
import { redact, redactBody } from "./redact"
import {
  type BalanceChangeInput,
  type BalanceChangeResponse,
  type CustomerPage,
  type EventSendInput,
  type EventSendResponse,
  type PushCreateInput,
  type PushCreateResponse,
  type PushSendInput,
  type PushSendResponse,
  type ReadCustomerInput,
  type ReadCustomerResponse,
  type ReadCustomersInput,
  type ReadCustomersResponse,
  type StatusResponse,
  type UserCreateOrUpdateInput,
  type UserCreateOrUpdateResponse,
  balanceChangeInputSchema,
  balanceChangeResponseSchema,
  errorBodySchema,
  eventSendInputSchema,
  eventSendResponseSchema,
  pushCreateInputSchema,
  pushCreateResponseSchema,
  pushSendInputSchema,
  pushSendResponseSchema,
  readCustomerInputSchema,
  readCustomerResponseSchema,
  readCustomersInputSchema,
  readCustomersResponseSchema,
  statusResponseSchema,
  userCreateOrUpdateInputSchema,
  userCreateOrUpdateResponseSchema,
} from "./schemas"

/** Request paths relative to the API base (docs/service-api.md, "Requests"). */
export const WALLET_PASS_PATHS = {
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
export type WalletPassMethod = keyof typeof WALLET_PASS_PATHS

/** One finished call, as given to `onCall`. Secrets are already removed. */
export type WalletPassCallRecord = {
  method: WalletPassMethod
  path: string
  /** False when the request was refused locally: nothing went out, no rate budget spent. */
  sent: boolean
  status?: number
  durationMs: number
  /** Wall-clock start, ISO 8601. */
  startedAt: string
  outcome: CallOutcome
  errorKind?: WalletPassErrorKind
  /** The error message, when the call failed. */
  error?: string
  /** Request body as sent (or as given, when refused locally), redacted. */
  request: unknown
  /** Response body: parsed JSON, or the raw text when it is not JSON; redacted. */
  response?: unknown
  /** The service's `Date` header, when it sent one (the connection check compares clocks). */
  serverDate?: string
}

/** Timeouts in milliseconds. */
export type WalletPassTimeouts = {
  /** TCP/TLS connect. Default 5000. */
  connectMs?: number
  /**
   * From the request being written to the response headers. Default 15000. undici checks its
   * header and body timers about every half second, so a timeout fires up to ~1 s late.
   */
  headersMs?: number
  /** Between body chunks of the response. Default 15000. */
  bodyMs?: number
}

export type WalletPassClientOptions = {
  /** Service base URL including `/v2`, e.g. `https://example.com/api/v2`. */
  apiUrl: string
  /** The account's private key; added to every request body as `app_key`, never logged. */
  appKey: string
  /** `"2.8.2"` (default) or `"2.7.2"` (amounts sent as strings, campaign type `text`). */
  revision?: Revision
  /** ISO country for phones written without `+` (e.g. `"RU"`). Without it such phones are read as international. */
  defaultCountry?: CountryCode
  timeouts?: WalletPassTimeouts
  /** Pool size. Default 4. */
  connections?: number
  /** Called once per call, successful or not. Exceptions it throws are swallowed. */
  onCall?: (record: WalletPassCallRecord) => void
}

const positiveMs = z.int().positive()
const optionsSchema = z.object({
  apiUrl: z.url({ protocol: /^https?$/ }),
  appKey: z.string().min(1),
  revision: z.enum(REVISIONS).optional(),
  defaultCountry: z.string().refine(isCountryCode, "an ISO 3166-1 alpha-2 country code such as RU").optional(),
  timeouts: z
    .strictObject({ connectMs: positiveMs.optional(), headersMs: positiveMs.optional(), bodyMs: positiveMs.optional() })
    .optional(),
  connections: z.int().positive().optional(),
  onCall: z.custom<(record: WalletPassCallRecord) => void>((v) => typeof v === "function", "a function").optional(),
})

const DEFAULT_TIMEOUTS = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 }

type Payload = Record<string, unknown>

export class WalletPassClient {
  readonly revision: Revision
  private readonly pool: Pool
  private readonly basePath: string
  private readonly appKey: string
  private readonly defaultCountry?: CountryCode
  private readonly onCall?: (record: WalletPassCallRecord) => void

  constructor(options: WalletPassClientOptions) {
    const parsed = optionsSchema.safeParse(options)
    if (!parsed.success) {
      // Never echo values: one of them is the app key.
      const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`)
      throw new WalletPassConfigError(`Invalid wallet-pass client options: ${problems.join("; ")}`)
    }
    const o = parsed.data
    const url = new URL(o.apiUrl)
    this.basePath = url.pathname.replace(/\/+$/, "")
    this.appKey = o.appKey
    this.revision = o.revision ?? DEFAULT_REVISION
    this.defaultCountry = o.defaultCountry as CountryCode | undefined
    this.onCall = o.onCall
    const timeouts = { ...DEFAULT_TIMEOUTS, ...o.timeouts }
    this.pool = new Pool(url.origin, {
      connections: o.connections ?? 4,
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
    })
  }

  /** 4.1: checks the key and the account. */
  status(): Promise<StatusResponse> {
    return this.call("status", () => ({}), statusResponseSchema, undefined)
  }

  /**
   * 4.2: creates or updates the customer keyed by phone; also sends personal pushes (`push`,
   * `send_webpush`, `send_telegram`) and the install SMS (`link` + `sms`). A push must not share
   * a request with a change to a variable a template notification is bound to (docs/service-api.md, "Requests").
   */
  userCreateOrUpdate(input: UserCreateOrUpdateInput): Promise<UserCreateOrUpdateResponse> {
    return this.call(
      "userCreateOrUpdate",
      () => {
        const { variables, birthday, phone, discount, bonus, balance, ...rest } =
          userCreateOrUpdateInputSchema.parse(input)
        if (rest.template_uuid !== undefined) this.needsCurrentRevision("template_uuid")
        if (rest.card_track !== undefined) this.needsCurrentRevision("card_track")
        return {
          ...variables,
          ...rest,
          phone: this.phone(phone),
          ...(birthday !== undefined && { birthday: formatBirthday(birthday, "request") }),
          ...(discount !== undefined && { discount: this.amount(discount) }),
          ...(bonus !== undefined && { bonus: this.amount(bonus) }),
          ...(balance !== undefined && { balance: this.amount(balance) }),
        }
      },
      userCreateOrUpdateResponseSchema,
      input
    )
  }

  /** 4.3: one customer by phone or card; `invites` and `installs` add referral and installation data. */
  readCustomer(input: ReadCustomerInput): Promise<ReadCustomerResponse> {
    return this.call(
      "readCustomer",
      () => {
        if (input.card !== undefined) this.needsCurrentRevision("read_customer by card")
        return this.withE164(readCustomerInputSchema, input)
      },
      readCustomerResponseSchema,
      input
    )
  }

  /** 4.4: one page (at most 100 phones) of customers registered in the window. */
  readCustomers(input: ReadCustomersInput): Promise<ReadCustomersResponse> {
    return this.call("readCustomers", () => this.readCustomersPayload(input), readCustomersResponseSchema, input)
  }

  /**
   * Every page of read_customers from `input.offset` (default 0) on, 100 phones a page. Each
   * page is one request and counts against the rate limits; a failure is thrown from the
   * iteration and a caller can resume from the last offset it saw.
   */
  async *customerPages(input: ReadCustomersInput): AsyncGenerator<CustomerPage, void, undefined> {
    let offset = input.offset ?? 0
    for (;;) {
      const { customers } = await this.readCustomers({ ...input, offset })
      if (customers.length > 0) yield { offset, customers }
      if (customers.length < READ_CUSTOMERS_PAGE_SIZE) return
      offset += customers.length
    }
  }

  /** 4.5: creates a campaign (not sent until `pushSend`). `type` defaults to `push`. */
  pushCreate(input: PushCreateInput): Promise<PushCreateResponse> {
    return this.call(
      "pushCreate",
      () => {
        const { type = "push", ...rest } = pushCreateInputSchema.parse(input)
        return { ...rest, type: type === "push" && this.revision === "2.7.2" ? "text" : type }
      },
      pushCreateResponseSchema,
      input
    )
  }

  /** 4.6: runs a campaign. */
  pushSend(input: PushSendInput): Promise<PushSendResponse> {
    return this.call("pushSend", () => pushSendInputSchema.parse(input), pushSendResponseSchema, input)
  }

  /** 4.7: fires the triggers of an event key; `value` over 100 characters is refused locally. */
  eventSend(input: EventSendInput): Promise<EventSendResponse> {
    return this.call(
      "eventSend",
      () => {
        this.needsCurrentRevision("event/send")
        return this.withE164(eventSendInputSchema, input)
      },
      eventSendResponseSchema,
      input
    )
  }

  /** 4.8: adds `sum` to the customer's balance; the response carries the new balance. */
  balanceAdd(input: BalanceChangeInput): Promise<BalanceChangeResponse> {
    return this.call("balanceAdd", () => this.balancePayload(input), balanceChangeResponseSchema, input)
  }

  /** 4.9: subtracts `sum` from the customer's balance. */
  balanceDeduct(input: BalanceChangeInput): Promise<BalanceChangeResponse> {
    return this.call("balanceDeduct", () => this.balancePayload(input), balanceChangeResponseSchema, input)
  }

  /**
   * This client reporting its calls to `onCall` instead: it shares the connection pool (so
   * closing either closes both). A caller that wants the record of one call makes a view
   * for it, rather than reading a shared "last call" back.
   */
  withOnCall(onCall: (record: WalletPassCallRecord) => void): WalletPassClient {
    const view = Object.create(this) as WalletPassClient
    Object.defineProperty(view, "onCall", { value: onCall })
    return view
  }

  /** Closes the connection pool; later calls fail with `connect_failed`. */
  async close(): Promise<void> {
    await this.pool.close()
  }

  // ---------------------------------------------------------------------------------------------

  private phone(input: string): string {
    return normalizePhone(input, this.defaultCountry)
  }

  /** `{ phone }` in E.164 when the caller named one (a card may stand for it instead). */
  private optionalPhone(input: string | undefined): { phone?: string } {
    return input === undefined ? {} : { phone: this.phone(input) }
  }

  /** The input as `schema` reads it (throwing to refuse it locally), its phone, when named, in E.164. */
  private withE164<T extends { phone?: string }>(
    schema: z.ZodType<T>,
    input: unknown
  ): Omit<T, "phone"> & { phone?: string } {
    const { phone, ...rest } = schema.parse(input)
    return { ...rest, ...this.optionalPhone(phone) }
  }

  /**
   * Refuses locally what only revision 2.8.2 documents (balance/add, balance/deduct,
   * event/send, card lookup in read_customer, template_uuid, card_track) when the client
   * speaks 2.7.2: nothing the older service may not know goes out (docs/service-api.md, "Revisions").
   */
  private needsCurrentRevision(what: string): void {
    if (this.revision === "2.7.2") {
      throw new LocalInputError([`${what} is not in revision 2.7.2 (only 2.8.2 documents it)`])
    }
  }

  /** 2.7.2 showed amounts as numeric strings; 2.8.2 uses JSON numbers. */
  private amount(value: number): number | string {
    return this.revision === "2.7.2" ? String(value) : value
  }

  private readCustomersPayload(input: ReadCustomersInput): Payload {
    const { start_date, end_date, installed, offset } = readCustomersInputSchema.parse(input)
    return {
      start_date: serviceDate(start_date, "start_date", false),
      end_date: serviceDate(end_date, "end_date", true),
      ...(installed !== undefined && { installed }),
      offset: offset ?? 0,
    }
  }

  private balancePayload(input: BalanceChangeInput): Payload {
    this.needsCurrentRevision("balance/add and balance/deduct")
    const { sum, ...rest } = this.withE164(balanceChangeInputSchema, input)
    return { ...rest, sum: this.amount(sum) }
  }

  /**
   * Builds, sends, classifies and reports one call. `build` validates the caller's input and
   * throws (zod, phone or birthday errors) to refuse the request locally.
   */
  private async call<S extends z.ZodType>(
    method: WalletPassMethod,
    build: () => Payload,
    responseSchema: S,
    rawInput: unknown
  ): Promise<z.output<S>> {
    const path = WALLET_PASS_PATHS[method]
    const startedAt = new Date()
    const started = performance.now()
    const secrets = [this.appKey]
    const record = (fields: Omit<WalletPassCallRecord, "method" | "path" | "startedAt" | "durationMs">) =>
      this.report({
        method,
        path,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        ...fields,
      })
    /** Reports a call that failed with `error`: sent or refused locally, with what was logged of it. */
    const recordFailure = (
      error: WalletPassApiError,
      call: Pick<WalletPassCallRecord, "sent" | "status" | "request" | "response" | "serverDate">
    ) => record({ ...call, outcome: error.outcome, errorKind: error.kind, error: error.message })

    let payload: Payload
    try {
      payload = build()
    } catch (cause) {
      const error = localError(path, cause)
      recordFailure(error, { sent: false, request: redact(rawInput, secrets) })
      throw error
    }

    const body = { app_key: this.appKey, ...payload }
    const requestForLog = redact(body, secrets)
    let response: { status: number; text: string; retryAfter?: string; serverDate?: string }
    {
      let status: number | undefined
      let retryAfter: string | undefined
      try {
        const res = await this.pool.request({
          path: this.basePath + path,
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        })
        status = res.statusCode
        const header = res.headers["retry-after"]
        retryAfter = Array.isArray(header) ? header[0] : header
        const date = res.headers.date
        response = { status, retryAfter, text: await res.body.text(), serverDate: Array.isArray(date) ? date[0] : date }
      } catch (cause) {
        // A 4xx already tells us the request was refused, even if its body then broke off.
        const error =
          status !== undefined && status >= 400 && status < 500
            ? statusError(path, status, undefined, retryAfter, secrets)
            : transportError(path, status, cause)
        recordFailure(error, { sent: true, status, request: requestForLog })
        throw error
      }
    }

    const { status, text } = response
    const json = parseJson(text)
    const responseForLog = redact(json.ok ? json.value : text, secrets)
    const serverDate = response.serverDate
    const failed = (error: WalletPassApiError): WalletPassApiError => {
      recordFailure(error, { sent: true, status, request: requestForLog, response: responseForLog, serverDate })
      return error
    }
    /** A 2xx answer this client cannot read: no JSON, or not what the spec says. */
    const invalidResponse = (detail: string, issues?: string[]) =>
      failed(
        new WalletPassApiError({
          kind: "invalid_response",
          path,
          status,
          rawBody: redactBody(text, secrets),
          detail,
          issues,
        })
      )

    if (status < 200 || status >= 300) throw failed(statusError(path, status, text, response.retryAfter, secrets))

    // push/send's answer is not shown in the spec: an empty 2xx body is taken as done.
    const value = json.ok ? json.value : method === "pushSend" && text.trim() === "" ? {} : undefined
    if (value === undefined) throw invalidResponse("response is not JSON")
    const refused = errorBodySchema.safeParse(value)
    if (refused.success && refused.data.success === false) {
      // A 2xx saying success:false is the service refusing the request, not applying it.
      // One saying nothing else, or naming a limit, is the answer over a limit (failures.ts).
      throw failed(statusError(path, status, text, response.retryAfter, secrets, "rejected"))
    }
    const parsed = responseSchema.safeParse(value)
    if (!parsed.success)
      throw invalidResponse("response does not match the spec", parsed.error.issues.map(describeIssue))
    record({ sent: true, status, outcome: "applied", request: requestForLog, response: responseForLog, serverDate })
    return parsed.data as z.output<S>
  }

  private report(record: WalletPassCallRecord): void {
    if (!this.onCall) return
    try {
      // Redact the finished record once more: error texts and issues are built from service data.
      this.onCall(redact(record, [this.appKey]) as WalletPassCallRecord)
    } catch {
      // A failing logger must not turn a call into a failure, nor hide its real outcome.
    }
  }
}

function serviceDate(value: string | Date, field: string, withTime: boolean): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new LocalInputError([`${field}: invalid Date`])
    return formatServiceDate(value, withTime)
  }
  const parsed = parseServiceDateTime(value)
  if (!parsed || (parsed.time && !withTime)) {
    throw new LocalInputError([
      `${field}: expected ${withTime ? "dd.mm.yyyy or dd.mm.yyyy hh:mm:ss" : "dd.mm.yyyy"}, a real day`,
    ])
  }
  return value.trim()
}

export { parseRetryAfter }
