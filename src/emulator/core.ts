/**
 * The emulated service without HTTP: the API, hooks and limits of docs/service-api.md, read
 * by the emulator alone (`readings.ts`), and the control operations tests use to act as the
 * service's dashboard or its customers. The server in `server.ts` puts this on a socket.
 */
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { EMULATOR_ERROR_TEXTS, EmulatorControlError, EmulatorRequestError } from "./errors"
import { FaultQueue } from "./faults"
import {
  type Body,
  optAmount,
  optFlag,
  optGuid,
  optId,
  optIndex,
  optPhone,
  optRequestBirthday,
  optString,
  optUrl,
  reqPhone,
  reqString,
} from "./fields"
import {
  type EmulatorLimitsInput,
  type EmulatorWebhookOptions,
  type ResolvedEmulatorOptions,
  resolveLimits,
  webhookOptionsSchema,
} from "./options"
import { RateLimiter } from "./rate-limiter"
import {
  type ServiceBehaviours,
  type ServiceBehavioursInput,
  type WireAnswer,
  behavioursSchema,
  hookAmount,
  overLimitAnswer,
} from "./behaviours"
import {
  CURRENT_ONLY_FIELDS,
  CUSTOMER_FIELDS as CUSTOMER_FIELD_NAMES,
  EVENT_VALUE_MAX_CHARACTERS,
  type HookMethod,
  PATHS,
  READ_CUSTOMERS_PAGE_SIZE,
  REDACTED,
  type RateLimits,
  type Reading,
  acknowledged,
  amountOut,
  anyDay,
  boundMs,
  channelOf,
  characters,
  createCustomerAnswer,
  dateIn,
  endpointInRevision,
  formatDay,
  isEndpoint,
  isPhone,
  nameRequired,
  pushTypes,
  readBalanceAnswer,
  redact,
  sendsHook,
} from "./readings"
import {
  type BalanceOperationRecord,
  type CampaignRecord,
  type CardRecord,
  type EmulatorCustomer,
  EmulatorStore,
  type EventRecord,
  type HookRecord,
  type NotificationRecord,
  type PersonalPushRecord,
  type PersonFields,
  type RequestLogEntry,
  type SegmentRecord,
  type SmsRecord,
  clone,
  roundAmount,
} from "./state"
import { HookSender, buildHook } from "./webhook"

/** Fields of user_create_or_update (readings.ts); any other field is a custom template variable. */
const CUSTOMER_FIELDS: ReadonlySet<string> = new Set(CUSTOMER_FIELD_NAMES)

/** What a customer sees when a push shares a request with a bound-variable change (docs/service-api.md, "Requests"). */
export const GENERIC_UPDATE_TEXT = "Pass updated"

export type ApiAnswer = WireAnswer

/** Seeds a customer directly into state: no request, no hook, no rate budget. */
export type SeedCustomerInput = PersonFields & {
  phone: string
  balance?: number
  bonus?: number
  discount?: number
  templateUuid?: string
  remoteId?: string
  invitedBy?: string
  extra?: Record<string, unknown>
  variables?: Record<string, unknown>
  /** Cards to attach; a string is a card number. */
  cards?: (string | { number: string; track?: string; installed?: boolean })[]
  /** Without `cards`: issue one card, installed when true. */
  installed?: boolean
  /** Registration time (read_customers window): ISO text or epoch ms. Default now. */
  registeredAt?: string | number
}

/** A customer installing a pass, as the service sees it (docs/service-api.md, "Hooks"). */
export type InstallInput = PersonFields & {
  phone: string
  /** Free attributes (gender, the promo code entered at registration, ...). */
  extra?: Record<string, unknown>
  /** Phone of the referrer. */
  invitedBy?: string
  /** Install this card of the customer; default: the first card not yet installed, else a new one. */
  card?: string
  /**
   * Fields sent in the createCustomer hook as given, over the customer's own: a service that
   * sends what the receiver cannot keep (an e-mail outside the rule, an impossible birthday,
   * an empty card number) or other text than the store expects. The customer is not changed.
   */
  hookFields?: Record<string, unknown>
}

export type InstallResult = {
  customer: EmulatorCustomer
  card: string
  createdCustomer: boolean
  issuedCard: boolean
  /** The createCustomer hook, when a webhook is configured. */
  hook?: HookRecord
}

export type SetPrivilegesInput = { phone: string; bonus?: number; discount?: number }
export type UninstallInput = { phone: string; card?: string }
export type RefreshInput = { phone: string }
/** A manual credit (positive `sum`) or write-off (negative) on the client card. */
export type AdjustBalanceInput = { phone: string; sum: number; lifetime?: number; transactionId?: string }
export type ControlResult = { customer: EmulatorCustomer; hooks: HookRecord[] }

/** Everything the emulator holds, as returned by `snapshot()` and `GET /_emulator/state`. */
export type EmulatorSnapshot = {
  mode: ResolvedEmulatorOptions["mode"]
  revision: ResolvedEmulatorOptions["revision"]
  limits: RateLimits | "unlimited"
  webhook?: { url: string; auth: HookRecord["auth"]; organizationId: string; programId: string; walletId: string }
  customers: EmulatorCustomer[]
  sms: SmsRecord[]
  pushes: PersonalPushRecord[]
  notifications: NotificationRecord[]
  campaigns: CampaignRecord[]
  segments: SegmentRecord[]
  events: EventRecord[]
  balanceOperations: BalanceOperationRecord[]
  hooks: HookRecord[]
  faults: ReturnType<FaultQueue["list"]>
  requestCount: number
}

export class EmulatorCore {
  store: EmulatorStore
  readonly limiter: RateLimiter
  readonly faults = new FaultQueue()
  private webhook?: EmulatorWebhookOptions
  /** The account's mode now: the dashboard switches it (`setMode`), as a merchant does when connecting a CRM. */
  private currentMode: ResolvedEmulatorOptions["mode"]
  private requestSeq = 1
  private hookSeq = 1
  private readonly rawHooks = new Map<
    number,
    { method: HookMethod; body: string; headers: Record<string, string>; auth: HookRecord["auth"] }
  >()
  private readonly sender = new HookSender()
  /** How this emulator reads the description (readings.ts). */
  readonly reading: Reading

  constructor(
    private readonly options: ResolvedEmulatorOptions,
    /** The server's origin, known once it listens. */
    private readonly origin: () => string
  ) {
    this.reading = {
      revision: options.revision,
      overLimit: options.overLimit,
      errorBody: options.errorBody,
      floatNoise: options.floatNoise,
    }
    this.store = new EmulatorStore(options.cardNumberStart)
    this.limiter = new RateLimiter(options.limits)
    this.webhook = options.webhook
    this.currentMode = options.mode
  }

  get mode() {
    return this.currentMode
  }

  /** Switches the account between the built-in base and an external CRM (the dashboard's setting). */
  setMode(mode: ResolvedEmulatorOptions["mode"]): ResolvedEmulatorOptions["mode"] {
    if (mode !== "builtin" && mode !== "external_crm")
      throw new EmulatorControlError('mode: "builtin" or "external_crm" expected')
    this.currentMode = mode
    return mode
  }

  get revision() {
    return this.options.revision
  }

  async close(): Promise<void> {
    await this.sender.close()
  }

  // -------------------------------------------------------------------------------------------
  // Request log
  // -------------------------------------------------------------------------------------------

  /** Starts the log entry of an API request as it arrives. */
  logRequest(httpMethod: string, path: string, endpoint: string, rawBody: string): RequestLogEntry {
    let body: unknown = rawBody
    let appKey: RequestLogEntry["appKey"] = "missing"
    try {
      const parsed: unknown = JSON.parse(rawBody)
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        const key = (parsed as Body).app_key
        appKey =
          key === undefined || key === null || key === ""
            ? "missing"
            : key === this.options.appKey
              ? "valid"
              : "invalid"
      }
      body = redact(parsed, [this.options.appKey])
    } catch {
      body = rawBody.split(this.options.appKey).join(REDACTED)
    }
    const entry: RequestLogEntry = {
      seq: this.requestSeq++,
      httpMethod,
      path,
      endpoint,
      body,
      appKey,
      receivedAt: Date.now(),
      receivedAtMonotonic: performance.now(),
      applied: false,
      result: "pending",
    }
    this.store.requests.push(entry)
    this.store.trim(this.options.maxLogEntries)
    return entry
  }

  /** Completes a log entry. */
  finishRequest(entry: RequestLogEntry, result: RequestLogEntry["result"], answer?: ApiAnswer): void {
    entry.result = result
    entry.finishedAtMonotonic = performance.now()
    entry.durationMs = Math.round((entry.finishedAtMonotonic - entry.receivedAtMonotonic) * 1000) / 1000
    if (answer) {
      entry.status = answer.status
      entry.response = answer.body
      if (answer.retryAfterSeconds !== undefined) entry.retryAfterSeconds = answer.retryAfterSeconds
    }
  }

  requests(): RequestLogEntry[] {
    return clone(this.store.requests)
  }

  clearRequests(): void {
    this.store.requests = []
  }

  hooks(): HookRecord[] {
    return clone(this.store.hooks)
  }

  // -------------------------------------------------------------------------------------------
  // The API (docs/service-api.md, "Requests")
  // -------------------------------------------------------------------------------------------

  /**
   * Counts one request against the limits, whatever it carries ("every request counts",
   * readings.ts `PLAN_LIMITS`): the answer over the limit, or undefined when it is admitted.
   */
  admit(): ApiAnswer | undefined {
    const decision = this.limiter.acquire(performance.now())
    if (decision.ok) return undefined
    return this.overLimit(decision.retryAfterSeconds)
  }

  /** The answer over a limit, as switched (behaviours.ts): nothing of the request is applied. */
  overLimit(retryAfterSeconds: number): ApiAnswer {
    const error = new EmulatorRequestError("rate_limited", EMULATOR_ERROR_TEXTS.rateLimited)
    return overLimitAnswer(this.reading, error.toBody(), retryAfterSeconds)
  }

  /** The service's behaviours where the description says "not shown" (docs/emulator.md). */
  behaviours(): ServiceBehaviours {
    const { overLimit, errorBody, floatNoise } = this.reading
    return { overLimit, errorBody, floatNoise }
  }

  /** Switches behaviours; the ones not given stay. `reset` goes back to the start options. */
  setBehaviours(input: ServiceBehavioursInput): ServiceBehaviours {
    const parsed = behavioursSchema.safeParse(input)
    if (!parsed.success)
      throw new EmulatorControlError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "))
    Object.assign(this.reading, Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)))
    return this.behaviours()
  }

  /**
   * Counts one API request against the limits, then authenticates and runs it. Every request
   * counts, a wrong or missing key and a body that is not JSON included.
   */
  async processApi(endpoint: string, rawBody: string, entry: RequestLogEntry): Promise<ApiAnswer> {
    const over = this.admit()
    if (over) return over
    let body: Body
    try {
      const parsed: unknown = JSON.parse(rawBody)
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object")
      body = parsed as Body
    } catch {
      return errorAnswer(new EmulatorRequestError("invalid_json", EMULATOR_ERROR_TEXTS.invalidJson))
    }
    const key = body.app_key
    if (key === undefined || key === null || key === "") {
      return errorAnswer(new EmulatorRequestError("app_key_not_set", EMULATOR_ERROR_TEXTS.appKeyNotSet))
    }
    if (key !== this.options.appKey)
      return errorAnswer(new EmulatorRequestError("invalid_app_key", EMULATOR_ERROR_TEXTS.invalidAppKey))

    try {
      const result = await this.route(endpoint, body, entry.fault === "sms_not_sent")
      entry.applied = true
      return { status: 200, body: result }
    } catch (error) {
      if (error instanceof EmulatorRequestError) return errorAnswer(error)
      throw error
    }
  }

  private route(endpoint: string, body: Body, smsNotSent = false): Promise<unknown> | unknown {
    const P = PATHS
    if (this.options.revision === "2.7.2") this.olderRevisionOnly(endpoint, body)
    switch (endpoint) {
      case P.status:
        return { app: this.options.accountName, balance: this.amountOut(this.options.accountBalance) }
      case P.userCreateOrUpdate:
        return this.userCreateOrUpdate(body, smsNotSent)
      case P.readCustomer:
        return this.readCustomer(body)
      case P.readCustomers:
        return this.readCustomers(body)
      case P.pushCreate:
        return this.pushCreate(body)
      case P.pushSend:
        return this.pushSend(body)
      case P.eventSend:
        return this.eventSend(body)
      case P.balanceAdd:
        return this.balanceChange(body, "add")
      case P.balanceDeduct:
        return this.balanceChange(body, "deduct")
      default:
        throw new EmulatorRequestError("unknown_method", EMULATOR_ERROR_TEXTS.unknownMethod)
    }
  }

  /**
   * Revision 2.7.2's feature set: what only 2.8.2 documents (balance/add, balance/deduct,
   * event/send, card lookup in read_customer, template_uuid, card_track) is refused, so a
   * client that sends it to an older service is caught (docs/emulator.md).
   */
  private olderRevisionOnly(endpoint: string, body: Body): void {
    if (!isEndpoint(endpoint) || !endpointInRevision(endpoint, this.reading))
      throw new EmulatorRequestError("unknown_method", EMULATOR_ERROR_TEXTS.unknownMethod)
    for (const field of CURRENT_ONLY_FIELDS[endpoint] ?? []) {
      if (body[field] !== undefined)
        throw new EmulatorRequestError("validation_error", `${field} is not a field of this revision`)
    }
  }

  /** True when the endpoint is one of the API's paths (readings.ts `PATHS`). */
  static isEndpoint(endpoint: string): boolean {
    return isEndpoint(endpoint)
  }

  /** 4.2 */
  private userCreateOrUpdate(body: Body, smsNotSent = false) {
    const phone = reqPhone(body)
    const profile = {
      name: optString(body, "name"),
      email: optString(body, "email"),
      surname: optString(body, "surname"),
      middlename: optString(body, "middlename"),
      birthday: optRequestBirthday(body),
      templateUuid: optGuid(body, "template_uuid"),
      remoteId: optId(body, "customerId"),
    }
    // A name given is a name: an empty one would blank the record's (readings.ts `nameRequired`).
    if (profile.name !== undefined && profile.name.trim() === "")
      throw new EmulatorRequestError("validation_error", "name not set")
    const discount = percent(optAmount(body, "discount", this.reading), "discount")
    const bonus = percent(optAmount(body, "bonus", this.reading), "bonus")
    const balance = optAmount(body, "balance", this.reading)
    if (balance !== undefined && balance < 0)
      throw new EmulatorRequestError("validation_error", "Invalid balance: must not be negative")
    const cardTrack = optString(body, "card_track")
    const link = optUrl(body, "link")
    const sms = optString(body, "sms")
    const messages = (
      [
        ["push", optString(body, "push")],
        ["webpush", optString(body, "send_webpush")],
        ["telegram", optString(body, "send_telegram")],
      ] as const
    ).filter((m): m is readonly ["push" | "webpush" | "telegram", string] => m[1] !== undefined && m[1] !== "")
    for (const [channel] of messages) if (channel !== "push") this.requireApp(channel)
    const variables = Object.fromEntries(Object.entries(body).filter(([k]) => !CUSTOMER_FIELDS.has(k)))

    const writes =
      Object.values(profile).some((v) => v !== undefined) ||
      [discount, bonus, balance, cardTrack, link, sms].some((v) => v !== undefined) ||
      Object.keys(variables).length > 0

    let customer = this.store.byPhone(phone)
    if (!customer) {
      // A push needs an existing customer; creating one needs a name (required: docs/service-api.md, "Customers").
      if (!writes) throw new EmulatorRequestError("customer_not_found", EMULATOR_ERROR_TEXTS.customerNotFound)
      if (nameRequired({ createsCustomer: true }) && !profile.name)
        throw new EmulatorRequestError("validation_error", "name not set")
      customer = this.store.create(phone)
    }
    const c = customer
    const before = this.boundValues(c)
    for (const [field, value] of Object.entries(profile)) {
      if (value !== undefined) (c as Record<string, unknown>)[field] = value
    }
    if (discount !== undefined) c.discount = discount
    if (bonus !== undefined) c.bonus = bonus
    if (balance !== undefined && roundAmount(balance) !== c.balance) {
      c.balance = roundAmount(balance)
      this.recordBalance(c, "set", c.balance, "builtin")
    }
    Object.assign(c.variables, variables)
    c.updatedAt = new Date().toISOString()
    const changedBound = this.boundChanges(c, before)

    let issued: CardRecord | undefined
    if (c.cards.length === 0) issued = this.store.issueCard(c, cardTrack)
    else if (cardTrack !== undefined) c.cards[0].track = cardTrack

    const at = new Date().toISOString()
    const installed = c.cards.some((card) => card.installed)
    for (const [channel, text] of messages) {
      const replaced = changedBound.length > 0
      this.store.pushes.push({
        phone,
        channel,
        requestedText: text,
        text: replaced ? GENERIC_UPDATE_TEXT : text,
        replacedByGeneric: replaced,
        delivered: channel === "push" ? installed : true,
        at,
      })
    }
    // The generic "pass updated" stands in for the template notification when a push came along.
    if (messages.length === 0) this.notify(c, changedBound)

    const formUrl = personalise(link ?? this.options.formUrl ?? `${this.origin()}/form`, c.userHash)
    // The `sms_not_sent` fault: the request applies, but the text does not go (`sms_send: false`).
    const texted = sms !== undefined && !smsNotSent
    if (texted) this.store.sms.push({ phone, text: sms!.split("%link%").join(formUrl), link: formUrl, at })

    return {
      success: true,
      sms_send: texted,
      card: issued !== undefined,
      ...(issued && { card_number: issued.number, card_track: issued.track }),
      card_url: `${this.origin()}/pass/${c.userHash}.pkpass`,
      card_gpay_url: `${this.origin()}/pass/${c.userHash}/gpay`,
      form_url: formUrl,
      user_hash: c.userHash,
    }
  }

  /** 4.3 */
  private readCustomer(body: Body) {
    const phone = optPhone(body)
    const card = optId(body, "card")
    if (phone === undefined && card === undefined)
      throw new EmulatorRequestError("validation_error", "phone or card not set")
    const customer = phone !== undefined ? this.store.byPhone(phone) : this.store.byCard(card as string)
    if (!customer) throw new EmulatorRequestError("customer_not_found", EMULATOR_ERROR_TEXTS.customerNotFound)
    return {
      customer: this.customerOut(customer, {
        invites: optFlag(body, "invites") ?? false,
        installs: optFlag(body, "installs") ?? false,
      }),
    }
  }

  private customerOut(c: EmulatorCustomer, include: { invites: boolean; installs: boolean }) {
    return {
      phone: c.phone,
      email: c.email ?? null,
      name: c.name ?? null,
      surname: c.surname ?? null,
      middlename: c.middlename ?? null,
      birthday: c.birthday ? formatDay(anyDay(c.birthday)!, "request") : null,
      cardNumbers: c.cards.map((card) => card.number),
      cardTracks: c.cards.map((card) => ({ card: card.number, track: card.track })),
      ...(include.installs && {
        cardInstalls: c.cards.map((card) => ({ card: card.number, install: card.installed })),
      }),
      discount: this.amountOut(c.discount),
      bonus: this.amountOut(c.bonus),
      balance: this.amountOut(c.balance),
      template_uuid: c.templateUuid ?? null,
      remoteId: c.remoteId ?? null,
      invitedBy: c.invitedBy ?? null,
      ...(include.invites && { invites: this.store.invitesOf(c.phone) }),
    }
  }

  /** 4.4: registration window in UTC, newest registrations last, 100 a page. */
  private readCustomers(body: Body) {
    const start = dateIn(reqString(body, "start_date"))
    if (!start) throw new EmulatorRequestError("invalid_date", "Invalid start_date: expected a real date as dd.mm.yyyy")
    const end = dateIn(reqString(body, "end_date"), true)
    if (!end)
      throw new EmulatorRequestError(
        "invalid_date",
        "Invalid end_date: expected a real date as dd.mm.yyyy or dd.mm.yyyy hh:mm:ss"
      )
    const installed = optFlag(body, "installed")
    const offset = optIndex(body, "offset") ?? 0
    const from = boundMs(start, "start")
    const to = boundMs(end, "end")
    const matching = [...this.store.customers.values()]
      .filter((c) => {
        const at = Date.parse(c.registeredAt)
        return at >= from && at <= to
      })
      .filter((c) => installed === undefined || c.cards.some((card) => card.installed) === installed)
      .sort((a, b) => Date.parse(a.registeredAt) - Date.parse(b.registeredAt))
    return { customers: matching.slice(offset, offset + READ_CUSTOMERS_PAGE_SIZE).map((c) => c.phone) }
  }

  /** 4.5: `text` is the wallet type under 2.7.2 and `push` under 2.8.2; each revision refuses the other's name. */
  private pushCreate(body: Body) {
    const message = reqString(body, "message")
    const rawType = reqString(body, "type")
    const accepted = pushTypes(this.reading)
    if (!accepted.includes(rawType)) {
      throw new EmulatorRequestError(
        "type_not_supported",
        `Unknown type "${rawType}": expected one of ${accepted.join(", ")}`
      )
    }
    const type = channelOf(rawType)
    if (type !== "push") this.requireApp(type)
    const segmentUuid = optGuid(body, "segment_uuid")
    if (segmentUuid !== undefined && !this.store.segments.has(segmentUuid)) {
      throw new EmulatorRequestError("segment_not_found", EMULATOR_ERROR_TEXTS.segmentNotFound)
    }
    const campaign: CampaignRecord = {
      uuid: randomUUID(),
      name: optString(body, "name") ?? `Campaign ${this.store.campaigns.size + 1}`,
      message,
      type,
      ...(segmentUuid && { segmentUuid }),
      createdAt: new Date().toISOString(),
      sends: [],
    }
    this.store.campaigns.set(campaign.uuid, campaign)
    return { result: { name: campaign.name, uuid: campaign.uuid, message: campaign.message } }
  }

  /** 4.6: wallet campaigns reach installed passes; web push and messaging reach every customer in scope. */
  private pushSend(body: Body) {
    const uuid = reqString(body, "push_uuid")
    const campaign = this.store.campaigns.get(uuid)
    if (!campaign) throw new EmulatorRequestError("push_not_found", EMULATOR_ERROR_TEXTS.pushNotFound)
    const scope = campaign.segmentUuid
      ? (this.store.segments.get(campaign.segmentUuid) ?? [])
      : [...this.store.customers.keys()]
    const recipients = scope
      .map((phone) => this.store.byPhone(phone))
      .filter((c): c is EmulatorCustomer => c !== undefined)
      .filter((c) => campaign.type !== "push" || c.cards.some((card) => card.installed))
      .map((c) => c.phone)
    campaign.sends.push({ at: new Date().toISOString(), recipients })
    return { success: true }
  }

  /** 4.7 */
  private eventSend(body: Body) {
    const event = reqString(body, "event")
    if (this.options.eventKeys && !this.options.eventKeys.includes(event)) {
      throw new EmulatorRequestError("validation_error", `Unknown event: ${event}`)
    }
    const value = optString(body, "value")
    if (value !== undefined && characters(value) > EVENT_VALUE_MAX_CHARACTERS) {
      throw new EmulatorRequestError(
        "value_too_long",
        `value is too long: at most ${EVENT_VALUE_MAX_CHARACTERS} characters`
      )
    }
    const customer = this.resolveCustomer(body)
    this.store.events.push({
      event,
      phone: customer.phone,
      ...(value !== undefined && { value }),
      at: new Date().toISOString(),
    })
    return { success: true }
  }

  /** 4.8 and 4.9 */
  private async balanceChange(body: Body, operation: "add" | "deduct") {
    const sum = optAmount(body, "sum", this.reading)
    if (sum === undefined) throw new EmulatorRequestError("validation_error", "sum not set")
    if (!(sum > 0)) throw new EmulatorRequestError("validation_error", "Invalid sum: a positive number expected")
    const customer = this.resolveCustomer(body)
    const signed = operation === "add" ? sum : -sum
    if (this.currentMode === "builtin") {
      this.builtinBalanceChange(customer, signed, operation)
    } else {
      await this.crmBalanceChange(customer, signed, operation, {})
    }
    return { success: true, balance: this.amountOut(customer.balance) }
  }

  private builtinBalanceChange(customer: EmulatorCustomer, signed: number, operation: "add" | "deduct" | "manual") {
    const next = roundAmount(customer.balance + signed)
    if (next < 0) throw new EmulatorRequestError("insufficient_balance", EMULATOR_ERROR_TEXTS.insufficientBalance)
    const before = this.boundValues(customer)
    customer.balance = next
    customer.updatedAt = new Date().toISOString()
    this.recordBalance(customer, operation, signed, "builtin")
    this.notify(customer, this.boundChanges(customer, before))
  }

  /**
   * External CRM (docs/service-api.md, "Requests"): the change is applied by the CRM through addBalance, then the pass
   * is updated from the CRM's readBalance answer. A CRM failure is a 502: the CRM may or may not
   * have applied it, which is exactly what the store must cope with.
   */
  private async crmBalanceChange(
    customer: EmulatorCustomer,
    signed: number,
    operation: "add" | "deduct" | "manual",
    extra: { lifetime?: number; transactionId?: string }
  ): Promise<HookRecord[]> {
    const webhook = this.requireWebhook()
    const add = await this.sendHook(webhook, "addBalance", {
      phone: customer.phone,
      cardNumbers: customer.cards.map((c) => c.number),
      sum: this.hookAmountOut(signed),
      transactionId: extra.transactionId ?? randomUUID(),
      ...(extra.lifetime !== undefined && { lifetime: this.amountOut(extra.lifetime) }),
    })
    if (!add.ok || !acknowledged(add.response)) throw crmError("addBalance", add)
    this.recordBalance(customer, operation, signed, "external_crm")
    const read = await this.readBalanceFromCrm(webhook, customer)
    return [add, read]
  }

  private async readBalanceFromCrm(webhook: EmulatorWebhookOptions, customer: EmulatorCustomer): Promise<HookRecord> {
    const hook = await this.sendHook(webhook, "readBalance", {
      phone: customer.phone,
      cardNumbers: customer.cards.map((c) => c.number),
    })
    const answer = readBalanceAnswer(hook.response)
    if (!hook.ok || !answer?.success) throw crmError("readBalance", hook)
    const before = this.boundValues(customer)
    customer.balance = roundAmount(answer.balance)
    customer.bonus = answer.bonus
    customer.discount = answer.discount
    customer.updatedAt = new Date().toISOString()
    this.recordBalance(customer, "crm_read", customer.balance, "external_crm")
    this.notify(customer, this.boundChanges(customer, before))
    return hook
  }

  private resolveCustomer(body: Body): EmulatorCustomer {
    const phone = optPhone(body)
    const card = optId(body, "card")
    const remoteId = optId(body, "remoteId")
    if (phone === undefined && card === undefined && remoteId === undefined) {
      throw new EmulatorRequestError("validation_error", "phone, card or remoteId not set")
    }
    const customer =
      phone !== undefined
        ? this.store.byPhone(phone)
        : card !== undefined
          ? this.store.byCard(card)
          : this.store.byRemoteId(remoteId as string)
    if (!customer) throw new EmulatorRequestError("customer_not_found", EMULATOR_ERROR_TEXTS.customerNotFound)
    return customer
  }

  private requireApp(channel: "webpush" | "telegram") {
    if (!this.options.marketplaceApps[channel]) {
      const app = channel === "webpush" ? "Web push" : "Telegram"
      throw new EmulatorRequestError(
        "app_not_connected",
        `${app} app is not connected (install it from the app marketplace)`
      )
    }
  }

  private requireWebhook(): EmulatorWebhookOptions {
    if (!this.webhook) throw new EmulatorRequestError("crm_not_configured", EMULATOR_ERROR_TEXTS.crmNotConfigured)
    return this.webhook
  }

  /** An amount as the revision sends it (readings.ts `amountOut`). */
  private amountOut(value: number): number | string {
    return amountOut(value, this.reading)
  }

  /** An amount a hook carries: as the revision sends it, with float noise when switched on (behaviours.ts). */
  private hookAmountOut(value: number): number | string {
    return amountOut(hookAmount(value, this.reading), this.reading)
  }

  // -------------------------------------------------------------------------------------------
  // Bound variables and lock-screen notifications (docs/service-api.md, "Requests")
  // -------------------------------------------------------------------------------------------

  private boundValue(c: EmulatorCustomer, variable: string): unknown {
    if (variable === "balance" || variable === "bonus" || variable === "discount") return c[variable]
    return c.variables[variable]
  }

  private boundValues(c: EmulatorCustomer): Record<string, unknown> {
    return Object.fromEntries(this.options.boundVariables.map((v) => [v, this.boundValue(c, v)]))
  }

  private boundChanges(c: EmulatorCustomer, before: Record<string, unknown>): string[] {
    return this.options.boundVariables.filter(
      (v) => JSON.stringify(before[v]) !== JSON.stringify(this.boundValue(c, v))
    )
  }

  private notify(c: EmulatorCustomer, variables: string[]) {
    const at = new Date().toISOString()
    for (const variable of variables) {
      this.store.notifications.push({
        phone: c.phone,
        variable,
        text: `${variable}: ${String(this.boundValue(c, variable))}`,
        at,
      })
    }
  }

  private recordBalance(
    c: EmulatorCustomer,
    operation: BalanceOperationRecord["operation"],
    amount: number,
    via: BalanceOperationRecord["via"]
  ) {
    this.store.balanceOperations.push({
      phone: c.phone,
      operation,
      amount,
      balanceAfter: c.balance,
      via,
      at: new Date().toISOString(),
    })
  }

  // -------------------------------------------------------------------------------------------
  // Hooks (docs/service-api.md, "Hooks")
  // -------------------------------------------------------------------------------------------

  private async sendHook(
    webhook: EmulatorWebhookOptions,
    method: HookMethod,
    customer: Record<string, unknown>
  ): Promise<HookRecord> {
    const { headers, body, auth } = buildHook(webhook, method, customer)
    const seq = this.hookSeq++
    const raw = JSON.stringify(body)
    this.rawHooks.set(seq, { method, body: raw, headers, auth })
    const { record } = await this.sender.send(webhook, method, raw, headers, auth, seq)
    this.store.hooks.push(record)
    this.store.trim(this.options.maxLogEntries)
    return clone(record)
  }

  /** 2.3: the full customer of createCustomer; absent values are sent as null. */
  private hookCustomer(c: EmulatorCustomer): Record<string, unknown> {
    return {
      name: c.name ?? null,
      surname: c.surname ?? null,
      middlename: c.middlename ?? null,
      email: c.email ?? null,
      phone: c.phone,
      birthday: c.birthday ?? null,
      cardNumbers: c.cards.map((card) => card.number),
      cardTracks: c.cards.map((card) => ({ card: card.number, track: card.track })),
      extra: c.extra,
      balance: this.hookAmountOut(c.balance),
      bonus: this.hookAmountOut(c.bonus),
      discount: this.hookAmountOut(c.discount),
      promo: c.promo,
      user_hash: c.userHash,
      referCustomerPhone: c.invitedBy ?? null,
    }
  }

  // -------------------------------------------------------------------------------------------
  // Control operations (the dashboard and the customers' side)
  // -------------------------------------------------------------------------------------------

  seedCustomer(input: SeedCustomerInput): EmulatorCustomer {
    const phone = controlPhone(input.phone)
    if (this.store.byPhone(phone)) throw new EmulatorControlError(`Customer ${phone} already exists`)
    const registeredAt = input.registeredAt === undefined ? new Date() : new Date(input.registeredAt)
    if (Number.isNaN(registeredAt.getTime()))
      throw new EmulatorControlError("registeredAt: ISO date or epoch ms expected")
    const c = this.store.create(phone, registeredAt)
    this.applyProfile(c, input)
    if (input.balance !== undefined) c.balance = roundAmount(input.balance)
    if (input.bonus !== undefined) c.bonus = input.bonus
    if (input.discount !== undefined) c.discount = input.discount
    if (input.templateUuid !== undefined) c.templateUuid = input.templateUuid
    if (input.remoteId !== undefined) c.remoteId = input.remoteId
    if (input.variables) Object.assign(c.variables, input.variables)
    if (input.cards) {
      for (const card of input.cards) {
        const spec = typeof card === "string" ? { number: card } : card
        if (this.store.cardOwners.has(spec.number))
          throw new EmulatorControlError(`Card ${spec.number} already belongs to a customer`)
        const record = this.store.attachCard(c, spec.number, spec.track)
        if (spec.installed) markInstalled(record)
      }
    } else if (input.installed !== undefined) {
      const record = this.store.issueCard(c)
      if (input.installed) markInstalled(record)
    }
    return clone(c)
  }

  /**
   * A customer installs a pass: the customer is created if new, a card is issued if needed and
   * marked installed, createCustomer is sent, and the answered customerId becomes remoteId.
   */
  async install(input: InstallInput): Promise<InstallResult> {
    const phone = controlPhone(input.phone)
    let customer = this.store.byPhone(phone)
    const createdCustomer = !customer
    if (!customer) customer = this.store.create(phone)
    const c = customer
    this.applyProfile(c, input)
    let card: CardRecord | undefined
    let issuedCard = false
    if (input.card !== undefined) {
      card = c.cards.find((k) => k.number === input.card)
      if (!card) {
        if (this.store.cardOwners.has(input.card))
          throw new EmulatorControlError(`Card ${input.card} belongs to another customer`)
        card = this.store.attachCard(c, input.card)
      }
    } else {
      card = c.cards.find((k) => !k.installed)
      if (!card) {
        card = this.store.issueCard(c)
        issuedCard = true
      }
    }
    markInstalled(card)
    c.updatedAt = new Date().toISOString()
    let hook: HookRecord | undefined
    if (this.webhook) {
      hook = await this.sendHook(this.webhook, "createCustomer", { ...this.hookCustomer(c), ...input.hookFields })
      const answer = createCustomerAnswer(hook.response)
      if (hook.ok && answer) c.remoteId = answer.customerId
    }
    return { customer: clone(c), card: card.number, createdCustomer, issuedCard, ...(hook && { hook }) }
  }

  /**
   * A customer removes a pass from their wallet: the card (or every card) is marked not
   * installed. The service sends no hook for that; read_customer(s) show it.
   */
  uninstall(input: UninstallInput): EmulatorCustomer {
    const c = this.controlCustomer(input.phone)
    const cards = input.card === undefined ? c.cards : c.cards.filter((k) => k.number === input.card)
    if (input.card !== undefined && !cards.length)
      throw new EmulatorControlError(`Card ${input.card} is not ${c.phone}'s`, 404)
    for (const card of cards) {
      card.installed = false
      delete card.installedAt
    }
    c.updatedAt = new Date().toISOString()
    return clone(c)
  }

  /** The service changes a customer's bonus and/or discount percent and tells the CRM (setPrivileges, only changed fields). */
  async setPrivileges(input: SetPrivilegesInput): Promise<ControlResult> {
    const c = this.controlCustomer(input.phone)
    if (input.bonus === undefined && input.discount === undefined)
      throw new EmulatorControlError("give bonus and/or discount")
    for (const field of ["bonus", "discount"] as const) {
      const value = input[field]
      if (value !== undefined && !(typeof value === "number" && value >= 0 && value <= 100)) {
        throw new EmulatorControlError(`${field}: a percent between 0 and 100 expected`)
      }
    }
    const before = this.boundValues(c)
    if (input.bonus !== undefined) c.bonus = input.bonus
    if (input.discount !== undefined) c.discount = input.discount
    c.updatedAt = new Date().toISOString()
    this.notify(c, this.boundChanges(c, before))
    const hooks: HookRecord[] = []
    // Only 2.8.2 documents setPrivileges: a 2.7.2 service changes the rates and tells no one.
    if (this.webhook && sendsHook("setPrivileges", this.reading)) {
      hooks.push(
        await this.sendHook(this.webhook, "setPrivileges", {
          phone: c.phone,
          cardNumbers: c.cards.map((k) => k.number),
          ...(input.bonus !== undefined && { bonus: this.hookAmountOut(input.bonus) }),
          ...(input.discount !== undefined && { discount: this.hookAmountOut(input.discount) }),
        })
      )
    }
    return { customer: clone(c), hooks }
  }

  /** "Refresh" on the client card: readBalance, and the pass takes the answer. */
  async refresh(input: RefreshInput): Promise<ControlResult> {
    const c = this.controlCustomer(input.phone)
    const webhook = this.requireWebhook()
    const hook = await this.readBalanceFromCrm(webhook, c)
    return { customer: clone(c), hooks: [hook] }
  }

  /**
   * A manual credit or write-off on the client card. External CRM: addBalance (with `lifetime`
   * as given: days under 2.8.2, seconds under 2.7.2) then readBalance. Built-in: the balance
   * changes directly and `lifetime` is ignored.
   */
  async adjustBalance(input: AdjustBalanceInput): Promise<ControlResult> {
    const c = this.controlCustomer(input.phone)
    if (typeof input.sum !== "number" || !Number.isFinite(input.sum) || input.sum === 0) {
      throw new EmulatorControlError("sum: a non-zero number expected (negative for a write-off)")
    }
    if (this.currentMode === "builtin") {
      this.builtinBalanceChange(c, input.sum, "manual")
      return { customer: clone(c), hooks: [] }
    }
    const hooks = await this.crmBalanceChange(c, input.sum, "manual", {
      lifetime: input.lifetime,
      transactionId: input.transactionId,
    })
    return { customer: clone(c), hooks }
  }

  /** Sends a recorded hook again, byte for byte, as a duplicate delivery would. */
  async replayHook(seq: number): Promise<HookRecord> {
    const raw = this.rawHooks.get(seq)
    if (!raw) throw new EmulatorControlError(`No hook with seq ${seq}`, 404)
    const webhook = this.requireWebhook()
    const next = this.hookSeq++
    this.rawHooks.set(next, raw)
    const { record } = await this.sender.send(webhook, raw.method, raw.body, raw.headers, raw.auth, next)
    record.replayOf = seq
    this.store.hooks.push(record)
    return clone(record)
  }

  /** Defines a customer segment for push/create `segment_uuid`. */
  defineSegment(uuid: string, phones: string[]): SegmentRecord {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid))
      throw new EmulatorControlError("uuid: a uuid expected")
    for (const phone of phones) controlPhone(phone)
    this.store.segments.set(uuid, [...phones])
    return { uuid, phones: [...phones] }
  }

  setLimits(input: EmulatorLimitsInput): RateLimits | "unlimited" {
    try {
      this.limiter.set(resolveLimits(input))
    } catch (error) {
      throw new EmulatorControlError(error instanceof Error ? error.message : String(error))
    }
    return this.limits()
  }

  limits(): RateLimits | "unlimited" {
    const current = this.limiter.current
    return current ? { ...current } : "unlimited"
  }

  /** Points hooks at a receiver (e.g. a store started after the emulator); null stops hooks. */
  setWebhook(webhook: EmulatorWebhookOptions | null): void {
    if (webhook === null) {
      this.webhook = undefined
      return
    }
    const parsed = webhookOptionsSchema.safeParse(webhook)
    if (!parsed.success) {
      throw new EmulatorControlError(
        `Invalid webhook: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`
      )
    }
    this.webhook = parsed.data
  }

  getCustomer(phoneOrCard: string): EmulatorCustomer | undefined {
    const c = this.store.byPhone(phoneOrCard) ?? this.store.byCard(phoneOrCard) ?? this.store.byRemoteId(phoneOrCard)
    return c ? clone(c) : undefined
  }

  snapshot(): EmulatorSnapshot {
    const s = this.store
    const w = this.webhook
    return clone({
      mode: this.currentMode,
      revision: this.options.revision,
      limits: this.limits(),
      ...(w && {
        webhook: {
          url: w.url,
          auth: w.crmKey !== undefined ? ("crm_key" as const) : w.login ? ("basic" as const) : ("none" as const),
          organizationId: w.organizationId ?? "1",
          programId: w.programId ?? "1",
          walletId: w.walletId ?? "1",
        },
      }),
      customers: [...s.customers.values()],
      sms: s.sms,
      pushes: s.pushes,
      notifications: s.notifications,
      campaigns: [...s.campaigns.values()],
      segments: [...s.segments.entries()].map(([uuid, phones]) => ({ uuid, phones })),
      events: s.events,
      balanceOperations: s.balanceOperations,
      hooks: s.hooks,
      faults: this.faults.list(),
      requestCount: s.requests.length,
    })
  }

  /** Back to the state right after start: no data, no faults, the start limits and webhook. */
  reset(): void {
    this.store = new EmulatorStore(this.options.cardNumberStart)
    this.limiter.set(this.options.limits)
    this.limiter.reset()
    this.faults.clear()
    this.webhook = this.options.webhook
    this.currentMode = this.options.mode
    this.rawHooks.clear()
    this.setBehaviours({
      overLimit: this.options.overLimit,
      errorBody: this.options.errorBody,
      floatNoise: this.options.floatNoise,
    })
    this.requestSeq = 1
    this.hookSeq = 1
  }

  private controlCustomer(phone: string): EmulatorCustomer {
    const c = this.store.byPhone(controlPhone(phone))
    if (!c) throw new EmulatorControlError(`Customer ${phone} not found`, 404)
    return c
  }

  private applyProfile(c: EmulatorCustomer, input: InstallInput | SeedCustomerInput) {
    for (const field of ["name", "surname", "middlename", "email"] as const) {
      const value = input[field]
      if (value !== undefined) c[field] = value
    }
    if (input.birthday !== undefined) {
      const day = typeof input.birthday === "string" ? anyDay(input.birthday) : undefined
      if (!day) throw new EmulatorControlError("birthday: dd.mm.yyyy or yyyy-mm-dd expected")
      c.birthday = formatDay(day, "hook")
    }
    if (input.extra) Object.assign(c.extra, input.extra)
    if (input.invitedBy !== undefined) c.invitedBy = controlPhone(input.invitedBy)
  }
}

function controlPhone(phone: unknown): string {
  if (!isPhone(phone)) {
    throw new EmulatorControlError("phone: E.164 with a leading + expected")
  }
  return phone
}

function markInstalled(card: CardRecord) {
  card.installed = true
  card.installedAt = new Date().toISOString()
}

function percent(value: number | undefined, field: string): number | undefined {
  if (value !== undefined && (value < 0 || value > 100)) {
    throw new EmulatorRequestError("validation_error", `Invalid ${field}: a percent between 0 and 100 expected`)
  }
  return value
}

/** The form URL with the customer's hash appended (docs/service-api.md, "Requests"). */
export function personalise(url: string, hash: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}hash=${encodeURIComponent(hash)}`
}

function errorAnswer(error: EmulatorRequestError): ApiAnswer {
  return { status: error.status, body: error.toBody() }
}

function crmError(method: HookMethod, hook: HookRecord): EmulatorRequestError {
  const why =
    hook.error ?? (hook.status === undefined ? "no answer" : `answered ${hook.status}${describeAnswer(hook.response)}`)
  return new EmulatorRequestError("crm_error", `External CRM failed ${method}: ${why}`)
}

function describeAnswer(response: unknown): string {
  if (response && typeof response === "object" && typeof (response as { error?: unknown }).error === "string") {
    return `: ${(response as { error: string }).error}`
  }
  return ""
}
