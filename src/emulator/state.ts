/** The emulated service's in-memory data and the records tests assert on. */
import { randomBytes } from "node:crypto"
import type { Channel, HookMethod } from "./readings"
import type { FaultKind } from "./faults"

export type CardRecord = { number: string; track: string; installed: boolean; installedAt?: string }

/** A person's own fields, as a customer holds them and as seeding and installing give them. */
export type PersonFields = {
  name?: string
  surname?: string
  middlename?: string
  email?: string
  /** yyyy-mm-dd in state; dd.mm.yyyy or yyyy-mm-dd as input */
  birthday?: string
}

/** A customer as the emulator keeps it (and as state inspection returns it). */
export type EmulatorCustomer = PersonFields & {
  phone: string
  balance: number
  bonus: number
  discount: number
  templateUuid?: string
  /** Id in the external CRM: `customerId` of user_create_or_update or of the createCustomer answer. */
  remoteId?: string
  cards: CardRecord[]
  userHash: string
  /** The customer's own referral promo code. */
  promo: string
  invitedBy?: string
  /** Free attributes sent in createCustomer `extra`. */
  extra: Record<string, unknown>
  /** Custom template variables written through user_create_or_update. */
  variables: Record<string, unknown>
  /** Registration time (read_customers window), ISO 8601. */
  registeredAt: string
  updatedAt: string
}

export type SmsRecord = { phone: string; text: string; link: string; at: string }

/** A personal message of user_create_or_update (`push`, `send_webpush`, `send_telegram`). */
export type PersonalPushRecord = {
  phone: string
  channel: "push" | "webpush" | "telegram"
  /** The text the customer sees. */
  text: string
  /** The text the request carried. */
  requestedText: string
  /** True when the same request changed a bound variable, so the customer saw the generic "pass updated" instead (docs/service-api.md, "Requests"). */
  replacedByGeneric: boolean
  /** Wallet pushes reach only installed passes. */
  delivered: boolean
  at: string
}

/** A lock-screen message shown because a bound variable changed (docs/service-api.md, "Requests"). */
export type NotificationRecord = { phone: string; variable: string; text: string; at: string }

export type CampaignRecord = {
  uuid: string
  name: string
  message: string
  type: Channel
  segmentUuid?: string
  createdAt: string
  sends: { at: string; recipients: string[] }[]
}

export type EventRecord = { event: string; phone: string; value?: string; at: string }

export type BalanceOperationRecord = {
  phone: string
  operation: "add" | "deduct" | "set" | "manual" | "crm_read"
  /** Signed change, or the new value for `set` and `crm_read`. */
  amount: number
  balanceAfter: number
  via: "builtin" | "external_crm"
  at: string
}

/** A hook the emulator sent, and what came back. Secrets (Authorization, crm_key) are redacted. */
export type HookRecord = {
  seq: number
  method: HookMethod
  url: string
  auth: "basic" | "crm_key" | "none"
  headers: Record<string, string>
  body: unknown
  sentAt: string
  durationMs: number
  /** HTTP status of the answer; absent when none arrived. */
  status?: number
  /** Parsed JSON answer, or its raw text. */
  response?: unknown
  /** Network failure or timeout. */
  error?: string
  /** 2xx answer. */
  ok: boolean
  /** `seq` of the hook this one re-sent. */
  replayOf?: number
}

/** One request to the emulated API, for assertions on order, timing and bodies. */
export type RequestLogEntry = {
  seq: number
  httpMethod: string
  /** Path as requested, e.g. `/v2/crm/balance/add`. */
  path: string
  /** Path relative to the API base, e.g. `/crm/balance/add`. */
  endpoint: string
  /** Parsed body with `app_key` redacted; the raw text when it was not JSON. */
  body: unknown
  appKey: "missing" | "valid" | "invalid"
  /** Wall clock, epoch ms. */
  receivedAt: number
  /** Monotonic clock (performance.now()), ms. */
  receivedAtMonotonic: number
  finishedAtMonotonic?: number
  durationMs?: number
  /** Answer status; absent for a connection destroyed without an answer. */
  status?: number
  response?: unknown
  retryAfterSeconds?: number
  fault?: FaultKind
  /** `applied` means the request's effect was applied (whatever the client then received). */
  applied: boolean
  /** `client_gone`: the answer was ready but the client had already closed the connection. */
  result: "pending" | "responded" | "client_gone" | "reset" | "dropped_after_apply"
}

export type SegmentRecord = { uuid: string; phones: string[] }

const PROMO_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

/** Customers, cards and every recorded side effect. */
export class EmulatorStore {
  readonly customers = new Map<string, EmulatorCustomer>()
  readonly cardOwners = new Map<string, string>()
  readonly campaigns = new Map<string, CampaignRecord>()
  readonly segments = new Map<string, string[]>()
  sms: SmsRecord[] = []
  pushes: PersonalPushRecord[] = []
  notifications: NotificationRecord[] = []
  events: EventRecord[] = []
  balanceOperations: BalanceOperationRecord[] = []
  hooks: HookRecord[] = []
  requests: RequestLogEntry[] = []
  private nextCard: bigint
  private readonly cardWidth: number

  constructor(cardNumberStart: string) {
    this.nextCard = BigInt(cardNumberStart)
    this.cardWidth = cardNumberStart.length
  }

  byPhone(phone: string): EmulatorCustomer | undefined {
    return this.customers.get(phone)
  }

  byCard(card: string): EmulatorCustomer | undefined {
    const phone = this.cardOwners.get(card)
    return phone === undefined ? undefined : this.customers.get(phone)
  }

  byRemoteId(remoteId: string): EmulatorCustomer | undefined {
    for (const customer of this.customers.values()) if (customer.remoteId === remoteId) return customer
    return undefined
  }

  create(phone: string, at = new Date()): EmulatorCustomer {
    const customer: EmulatorCustomer = {
      phone,
      balance: 0,
      bonus: 0,
      discount: 0,
      cards: [],
      userHash: randomBytes(8).toString("hex"),
      promo: Array.from(randomBytes(6), (b) => PROMO_ALPHABET[b % PROMO_ALPHABET.length]).join(""),
      extra: {},
      variables: {},
      registeredAt: at.toISOString(),
      updatedAt: at.toISOString(),
    }
    this.customers.set(phone, customer)
    return customer
  }

  /** Issues the next card number to the customer. */
  issueCard(customer: EmulatorCustomer, track?: string): CardRecord {
    let number: string
    do {
      number = this.nextCard.toString().padStart(this.cardWidth, "0")
      this.nextCard += 1n
    } while (this.cardOwners.has(number)) // a seeded card may already hold the next number
    return this.attachCard(customer, number, track)
  }

  attachCard(customer: EmulatorCustomer, number: string, track?: string): CardRecord {
    const card: CardRecord = { number, track: track ?? number, installed: false }
    customer.cards.push(card)
    this.cardOwners.set(number, customer.phone)
    return card
  }

  /** Phones of the customers `phone` referred. */
  invitesOf(phone: string): string[] {
    return [...this.customers.values()].filter((c) => c.invitedBy === phone).map((c) => c.phone)
  }

  /** Keeps logs bounded for long local runs. */
  trim(max: number): void {
    if (this.requests.length > max) this.requests = this.requests.slice(-max)
    if (this.hooks.length > max) this.hooks = this.hooks.slice(-max)
  }
}

/** Amounts are kept to cents so repeated adds do not accumulate float noise. */
export function roundAmount(value: number): number {
  return Math.round(value * 100) / 100
}

export function clone<T>(value: T): T {
  return structuredClone(value)
}
