import type { InferTypeOf } from "@medusajs/framework/types"
import type { HolderLevel } from "./program"
import type {
  AdoptionState,
  CallOutcome,
  EnrollmentState,
  HookOutcome,
  ImportItemState,
  LedgerKind,
  OperationMethod,
  OperationState,
} from "../constants"
import type {
  WalletPassCampaign,
  WalletPassHolder,
  WalletPassHookDelivery,
  WalletPassLedgerEntry,
  WalletPassOperation,
  WalletPassSyncRun,
} from "../models"
import type { presentReason, Reason } from "../../../lib/reasons"

/**
 * The walletPass module's public types: what its service takes and answers, and the rows its
 * SQL reads (timestamps as Dates, amounts in minor units). Routes, workflows and the
 * dispatcher import them from here.
 */

type HolderDTO = InferTypeOf<typeof WalletPassHolder>
type LedgerEntryDTO = InferTypeOf<typeof WalletPassLedgerEntry>
type OperationDTO = InferTypeOf<typeof WalletPassOperation>
type CampaignDTO = InferTypeOf<typeof WalletPassCampaign>
type SyncRunDTO = InferTypeOf<typeof WalletPassSyncRun>

/** A row of the hook delivery log. */
export type HookDeliveryRow = InferTypeOf<typeof WalletPassHookDelivery>

/** A campaign (a push to many cards). */
export type CampaignRow = CampaignDTO

/** A balance change to apply once (see {@link applyLedgerEntry}). */
export type ApplyLedgerEntryInput = {
  holder_id: string
  /** Signed, in minor units (hundredths): positive credits, negative debits. */
  amount: number
  kind: LedgerKind
  /** Makes the change happen once: `order:<id>:accrual`, `hook:<transactionId>`, ... */
  dedupe_key: string
  /** The service's addBalance `transactionId`, also unique. */
  transaction_id?: string | null
  /** Why: one of the plugin's reasons (kept as its code and values), or an admin's own words. */
  reason?: Reason | string | null
  order_id?: string | null
  /** A credit that lapses this many seconds after it is applied (database clock). */
  lifetime_seconds?: number | null
  /** Refuse a debit that would take the balance below zero (redemptions); write-offs leave it false and get flagged. */
  forbid_overdraft?: boolean
  /**
   * Refuse a debit beyond what the holder's store account may spend (a redemption): until the
   * account has proven the phone, only what its own orders and the admin gave it (rules/verification.ts spendableBalance).
   */
  spendable_only?: boolean
  metadata?: Record<string, unknown> | null
  /** Names the balance currency in a refusal's message (else the `currencyCode` option, else none). */
  currency_code?: string | null
}

/** A balance change the service reports (addBalance hook); see applyServiceBalanceHook. */
export type ServiceBalanceChange = {
  /** Signed minor units: a credit, or a write-off when negative. */
  amount: number
  transaction_id: string
  lifetime_seconds?: number | null
}

export type ServiceBalanceResult = ApplyLedgerEntryResult & {
  /** The holder the hook named. */
  holder_id: string
  /** The operation whose balance request this change echoed (then nothing was applied), else null. */
  echo_of_operation_id: string | null
}

/** A row of wallet_pass_ledger_entry as read with SQL (the model's columns; `holder_id`, not the relation). */
export type LedgerEntryRow = Omit<LedgerEntryDTO, "holder">

export type ApplyLedgerEntryResult = {
  entry: LedgerEntryRow
  /** False when the dedupe key or transaction id was already applied: nothing changed. */
  created: boolean
  /** True when an earlier entry with this key differs (other holder or amount): a repeat that disagrees. */
  conflicting: boolean
  /** Balance after this call, minor units. */
  balance: number
}

/** See {@link retrieveCustomerPass}. Amounts in minor units. */
export type CustomerPass = {
  holder: HolderDTO
  balance: number
  ledger: LedgerEntryDTO[]
  operations: OperationDTO[]
  /** The program's level with the spend that counts; null when the program has no levels. */
  level: HolderLevel | null
  /** The program's bonuses the holder received (and referrals they were paid for), newest first. */
  bonuses: LedgerEntryDTO[]
}

/** See {@link getQueueHealth}. */
export type QueueHealth = {
  operations: Record<
    "pending" | "held" | "sending" | "unknown" | "failed" | "needs_review" | "done" | "resolved",
    number
  >
  oldest_pending_age_seconds: number | null
  calls_last_hour: number
  calls_last_second: number
  blocked_until: Date | null
}

/** One order's bonus (see getOrderBonus), minor units: what was credited, reversed, redeemed and refunded, and each entry with its request. */
export type OrderBonus = {
  credited: number
  reversed: number
  redeemed: number
  redemption_refunded: number
  entries: {
    id: string
    kind: LedgerKind
    amount: number
    state: string
    reason: string | null
    reason_code: string | null
    reason_values: Record<string, unknown> | null
    created_at: Date
    operation: { id: string; method: OperationMethod; state: OperationState; last_error: string | null } | null
  }[]
}

/** Bulk enrolment's holders by enrolment state (see getBulkEnrollmentProgress). */
export type EnrollmentProgress = {
  total: number
  enrolled: number
  pending: number
  failed: number
  not_enrolled_no_phone: number
}

export type ExpiredCredit = { holder_id: string; credit_id: string; entry: LedgerEntryRow; balance: number }

/** When a customer who already has a holder is enrolled again (see createHolderForEnrollment). */
export type ReenrollWhen = "phone_added" | "always"

export type EnrollmentResult = {
  holder_id: string
  /** A holder was created by this call. */
  created: boolean
  /** The enrolment request this call queued. */
  operation: OperationRow | null
  state: EnrollmentState
  /** Why the holder is not enrolled (no phone, a phone taken, the service's refusal), else null. */
  error: string | null
  /** What a re-enrolled holder was before this call (null when nothing changed or the holder is new). */
  previous: Omit<EnrollmentBefore, "id"> | null
}

/** What undoEnrollment needs to take a createHolderForEnrollment back (a compensation's input). */
export type EnrollmentUndo = Pick<EnrollmentResult, "holder_id" | "created" | "previous"> & {
  operation_id: string | null
}

/** The holder fields a hook needs (see findHookHolder). */
export type HookHolder = {
  id: string
  phone: string | null
  customer_id: string | null
  bonus_percent_bp: number | null
  discount_percent_bp: number
  adoption_state: AdoptionState
}

/** One line of the hook delivery log. */
export type HookDeliveryInput = {
  method: string | null
  holder_id: string | null
  phone: string | null
  transaction_id: string | null
  status_code: number
  outcome: HookOutcome
  error: string | null
  duration_ms: number
  request: Record<string, unknown> | null
  response: Record<string, unknown> | null
  /** Optional fields of a createCustomer left out, and amounts or percents rounded (src/lib/dropped-fields.ts; docs/service-api.md, "Amounts and percents in hooks"). */
  dropped?: { field: string; reason: string }[] | null
}

export type EnrollmentBefore = {
  id: string
  phone: string | null
  enrollment_state: EnrollmentState
  enrollment_error: string | null
}

/** A row of wallet_pass_operation (a request to the service), as the model describes it. */
export type OperationRow = OperationDTO

export type EnqueueInput = {
  method: OperationMethod
  holder_id?: string | null
  ledger_entry_id?: string | null
  payload: Record<string, unknown>
  dedupe_key: string
  priority: number
  next_attempt_at?: Date | null
}

/**
 * What the dispatcher reads, under the send lock, to build an operation's request (see
 * OutboxService.sendNext): each part only when the operation needs it.
 */
export type SendFacts = {
  /** The operation's holder (their phone and profile). */
  holder: Pick<
    HolderDTO,
    | "id"
    | "phone"
    | "customer_id"
    | "name"
    | "surname"
    | "middlename"
    | "email"
    | "birthday"
    | "bonus_percent_bp"
    | "discount_percent_bp"
    | "rates_source"
    | "adoption_state"
    | "verified_customer_id"
  > | null
  /** The amount of the operation's ledger entry, minor units, signed (balance_add/deduct). */
  entry_amount: number | null
  /** The campaign a push_create/push_send is for. */
  campaign: Pick<CampaignDTO, "id" | "name" | "message" | "type" | "segment_uuid" | "remote_uuid"> | null
  /** Whether the holder has an installed card (an enrolment texts the install link only when not). */
  has_installed_card: boolean
  /**
   * The balance the service should show once the request applied, minor units: what a
   * balance_sync, or a request carrying waiting changes, sets.
   */
  visible_balance: number | null
  /**
   * The holder's waiting balance changes this request carries (coalescing, docs/architecture.md):
   * the request goes as an absolute balance set, and the claim takes them over. Null: none.
   */
  coalesced: string[] | null
}

/** What OutboxService.sendNext did: the next request handed to the send under its lock (what the send answered), or why there was none. */
export type NextSend<T> = { kind: "sent"; result: T } | { kind: "idle" } | { kind: "busy" }

export type GateDecision = { allowed: true } | { allowed: false; wait_ms: number }

export type CallRecord = {
  status: number | null
  outcome: CallOutcome
  duration_ms: number
  request: unknown
  response: unknown
  error: string | null
  /**
   * How long after its slot was reserved the request's answer came back (the latest it can
   * have reached the service: a busy process, a first request's setup or a new connection
   * delay its departure). The call's started_at moves forward by that much, so the windows
   * count from there; the next request a window later sees the move.
   */
  send_delay_ms?: number
}

export type SettleInput = {
  state: OperationState
  result?: Record<string, unknown> | null
  last_error?: string | null
  /** Seconds from now (database clock) before the next attempt. */
  retry_in_seconds?: number | null
  /**
   * The service was in trouble (5xx, reset, timeout, refused connection): the failure is
   * counted (see countServiceFailure) and the request, backing off, is marked for release
   * by the next good answer; at `give_up_after` failures of its own it is `failed` instead.
   */
  service_failure?: { give_up_after: number }
  /**
   * The request was written but no answer came, so the service may still apply it for this
   * many seconds (see LATE_LANDING_METHODS): no attempt before then, even when a good
   * answer releases the backoffs (releaseServiceBackoffs). Kept as `result.not_before`.
   */
  hold_seconds?: number | null
  /**
   * A balance change with an ambiguous outcome: when the service's echo hook already proved
   * it applied while the answer was awaited, it is `resolved` instead (checked when recorded).
   */
  resolve_if_echoed?: boolean
}

export type SyncWindow = { start: string; end: string }

/** A row of wallet_pass_sync_run, its JSON columns typed. */
export type SyncRunRow = Omit<SyncRunDTO, "cursor" | "counts"> & {
  /** Where the sweep is (JSON): the windows of an import, the page of a listing. */
  cursor: { windows?: SyncWindow[]; window?: number; offset?: number; listed?: number } | null
  counts: Record<string, number> | null
}

export type ListedPhone = { phone: string | null; raw: string; problem: string | null }

export type SyncRunProgress = {
  run: SyncRunRow
  /** Import items by how they ended (found: still to be read). */
  items: { found: number; adopted: number; linked: number; created: number; skipped: number; review: number }
  /** The most common reasons for skipped or review items: code and values (src/lib/reasons.ts), English text. */
  reasons: (ReturnType<typeof presentReason> & { count: number })[]
  /** Requests this run has spent so far, and (at least) how many it still needs. */
  requests: { spent: number; remaining: number }
  windows: { total: number; done: number }
}

/** What the service holds for a phone, as the store takes it (amounts in minor units, rates in basis points). */
export type ServiceCustomerSnapshot = {
  balance: number
  bonus_percent_bp: number | null
  discount_percent_bp: number | null
  cards: { number: string; track: string | null; installed: boolean | null }[]
  referrer_phone: string | null
  invites: string[] | null
  profile: { name?: string; surname?: string; middlename?: string; email?: string; birthday?: string }
  /** The id the service links this pass to in a CRM (read_customer `remoteId`), null when none. */
  remote_id?: string | null
}

export type AdoptionResult = {
  holder_id: string
  /** The state before this call. */
  before: AdoptionState
  /** The state after it. */
  state: AdoptionState
  /** The opening entry written by this call (its balance), null when none was written. */
  opening_entry_id: string | null
  opening_amount: number
  bonus_changed: boolean
  discount_changed: boolean
  bonus_percent_bp: number | null
  discount_percent_bp: number
  customer_id: string | null
  /** Cards the service lists for this phone that belong to another holder here: left alone. */
  foreign_cards: string[]
}

export type VerificationOutcome =
  { ok: true; holder_id: string; moved_from: string | null } | { ok: false; reason: string }

/** A code asked for: recorded (and its text queued), or refused by a `texts` limit (docs/security.md). */
export type VerificationRequestOutcome =
  | { ok: true; id: string; expires_at: Date }
  | { ok: false; limit: string; message: string; retry_after_seconds: number }

/** A page of an import's items, optionally of some states (see listImportItems). */
export type ImportItemsQuery = { run_id: string; states?: ImportItemState[]; limit: number; offset: number }

export * from "./program"
export * from "./order-sweep"
export * from "./order-decisions"
