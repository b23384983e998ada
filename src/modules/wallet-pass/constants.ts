import type { WalletPassMethod } from "../../lib/wallet-pass-client/client"

/** Enums of the walletPass module, defined once and reused by models, validators and the admin. */

/** Where a holder stands with the service. */
export const ENROLLMENT_STATES = [
  "pending", // queued for user_create_or_update
  "enrolled", // the service knows this holder
  "not_enrolled_no_phone", // a store customer without a phone: recorded, nothing sent
  "failed", // the service refused the enrolment (see enrollment_error)
] as const
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number]

/** How a holder came to exist. */
export const HOLDER_SOURCES = ["signup", "hook", "admin", "backfill", "import"] as const
export type HolderSource = (typeof HOLDER_SOURCES)[number]

/**
 * Whether the store has taken what the service holds for a holder's phone (docs/adoption.md).
 * Until it has, nothing is sent for the holder but the read that adopts it, and readBalance
 * is refused, so no request and no hook answer can overwrite the service's balance.
 */
export const ADOPTION_STATES = [
  "pending", // the store has not read the service yet
  "adopted", // the service knew the phone: its balance, rates, cards, referrer and invites were taken
  "new", // the service did not know the phone when the store asked: nothing to take
  "legacy", // the holder existed before adoption; its ledger was already the balance of record
] as const
export type AdoptionState = (typeof ADOPTION_STATES)[number]

/** Who last decided a holder's rates (docs/program.md). */
export const RATES_SOURCES = [
  "service", // the service's setPrivileges (or an adoption), the program not owning the rates
  "level", // the program's level, sent to the service by the store
  "override", // the service's setPrivileges while the program owns the rates: stands until the next level change
] as const
export type RatesSource = (typeof RATES_SOURCES)[number]

/**
 * The loyalty program's bonuses (docs/program.md): each once per holder, a birthday once a
 * year, a referral once per referred customer (`referral` to the referrer, `referred` to the
 * new customer).
 */
export const PROGRAM_BONUSES = ["welcome", "install", "birthday", "referral", "referred"] as const
export type ProgramBonus = (typeof PROGRAM_BONUSES)[number]

/** A store event turned into a request (`queued`), or not sent, with its reason (`skipped`). */
export const STORE_EVENT_STATES = ["queued", "skipped"] as const
export type StoreEventState = (typeof STORE_EVENT_STATES)[number]

/**
 * A referral's course (docs/program.md): recorded when the referrer becomes known, then paid
 * or void once the referred customer's first order has stood for the program's days.
 */
export const REFERRAL_STATES = ["pending", "paid", "void"] as const
export type ReferralState = (typeof REFERRAL_STATES)[number]

/**
 * Payment collections whose money is promised or taken (docs/program.md, "Spend and levels"):
 * an order placed through checkout has one (authorized). The order sweep credits only orders
 * with one, as the spend counts only those.
 */
export const PAID_COLLECTION_STATES = ["authorized", "partially_authorized", "partially_captured", "completed"] as const

/**
 * The order events whose work the order sweep looks for (docs/operations.md, "The order
 * sweep"): `placed` (the bonus when `accrual.on` is order.placed, the spend, the redemption),
 * `accrual` (the bonus on order.completed or order.fulfillment_created), `canceled` and
 * `returned` (the reversals and the spend taken back; a cancel also the redemption's refund).
 */
export const SWEEP_WORKS = ["placed", "accrual", "canceled", "returned"] as const
export type SweepWork = (typeof SWEEP_WORKS)[number]
/** The parts of an event's work the sweep checks one by one. */
export const SWEEP_PARTS = ["accrual", "spend", "redemption", "reversal", "refund"] as const
export type SweepPart = (typeof SWEEP_PARTS)[number]
/** What the sweep did with an event's missing work: wrote it, found nothing due, or failed (tried again). */
export const SWEEP_OUTCOMES = ["caught", "nothing_due", "failed"] as const
export type SweepOutcome = (typeof SWEEP_OUTCOMES)[number]
/**
 * What an order's bonus was decided to be, once (docs/loyalty.md, "Decided once, at placement"):
 * credited, or nothing because the rate in force was zero, because the account had not proven
 * the phone (the program's default, zero, applied), because the rate gave less than a minor unit,
 * or because the program's earn rules exclude every line that has a base (docs/program.md, "Earn rules").
 */
export const ORDER_DECISION_OUTCOMES = ["credited", "zero_rate", "unproven", "zero_amount", "excluded"] as const
export type OrderDecisionOutcome = (typeof ORDER_DECISION_OUTCOMES)[number]
/** A failed item is tried again on later runs this many times in all, then left for the admin. */
export const SWEEP_MAX_ATTEMPTS = 5

/** How many holders one level pass reads and writes at a time (the daily job, a program save). */
export const LEVEL_BATCH = 1000

/** Why a ledger entry exists. The sign of `amount` says credit or debit. */
export const LEDGER_KINDS = [
  "accrual", // bonus for an order
  "accrual_reversal", // cancel / return / refund of an order's accrual
  "redemption", // part of an order paid with bonus
  "redemption_refund", // a canceled order gives its redemption back
  "service_credit", // addBalance hook with a positive sum
  "service_debit", // addBalance hook with a negative sum (write-off)
  "manual", // an admin's credit or debit
  "expiry", // a lifetime credit lapsed
  "sync_adjustment", // a change the service made on its own, found by the import's final refresh
  "opening_balance", // the service's balance, taken once when the store adopted the phone
  "program_bonus", // a bonus of the loyalty program (welcome, first card installed, birthday), once each
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** A ledger entry counts toward the balance only when applied. */
export const LEDGER_STATES = ["applied", "canceled"] as const
export type LedgerState = (typeof LEDGER_STATES)[number]

/**
 * Requests of the service's API that the queue can carry, each with the client method that
 * sends it (and so its path: the client's WALLET_PASS_PATHS is the one path table). A new
 * method is one line here, one operation file in src/outbound/operations, one line in its
 * registry, and the migration that widens the column's check (docs/architecture.md).
 */
export const OPERATION_CLIENT_METHODS = {
  status: "status",
  user_create_or_update: "userCreateOrUpdate",
  read_customer: "readCustomer",
  read_customers: "readCustomers",
  push_create: "pushCreate",
  push_send: "pushSend",
  event_send: "eventSend",
  balance_add: "balanceAdd",
  balance_deduct: "balanceDeduct",
} as const satisfies Record<string, WalletPassMethod>
export type OperationMethod = keyof typeof OPERATION_CLIENT_METHODS
export const OPERATION_METHODS = Object.keys(OPERATION_CLIENT_METHODS) as OperationMethod[]

/** Balance changes: an ambiguous outcome waits for the service's echo hook (docs/architecture.md). */
export const BALANCE_METHODS: readonly OperationMethod[] = ["balance_add", "balance_deduct"]

/**
 * Requests that set values rather than change them (user_create_or_update: the profile, and
 * the balance as an absolute set). Sent again after an ambiguous outcome, the first one may
 * still land at the service after the second and after the holder's later requests, and put
 * back what they replaced (an old balance). So such a request is sent again only once the
 * first can no longer land: `dispatcher.echoGraceSeconds` after the outcome, the window in
 * which the plugin also waits for a late echo of a balance request. The holder's later
 * requests wait behind it (one holder's requests go in order).
 */
export const LATE_LANDING_METHODS: readonly OperationMethod[] = ["user_create_or_update"]

/**
 * Life of a queued request (docs/architecture.md, "The queue"): pending -> sending -> done | failed | unknown;
 * unknown (ambiguous outcome) -> resolved or needs_review. `failed` is final after retries.
 */
export const OPERATION_STATES = ["pending", "sending", "done", "failed", "unknown", "resolved", "needs_review"] as const
export type OperationState = (typeof OPERATION_STATES)[number]

/**
 * Queue priority: lower drains first (docs/architecture.md, "The queue"). Three classes,
 * none ever waiting behind a lower one:
 * - money (class a): accruals, reversals, redemptions, refunds, credits and balance sets;
 * - stake (class b): what a customer with a stake or the merchant asked for: a verification
 *   code, the admin's requests, the enrolment of a customer who has ordered or proven the
 *   phone (a waiting enrolment of class c moves here when that happens), and the profile
 *   updates that money or the merchant cause (`follows`);
 * - open (class c, from OPEN_PRIORITY up): what anyone who can sign up can cause: the
 *   enrolment of an unproven signup without orders, a customer's own profile edits, store events, bulk
 *   enrolment and background sweeps. Together they use at most `dispatcher.openShare` of each
 *   hour's requests; `background` also keeps within `sync.budgetShare` (docs/adoption.md).
 */
export const OPERATION_PRIORITY = {
  money: 0,
  interactive: 10,
  /**
   * A profile update that money or the merchant caused (docs/architecture.md, "The queue"): a
   * level after an order, cancel or return, the service's rates (setPrivileges), a program
   * save, the card's catch-up after a balance change. Class b, never spaced.
   */
  follows: 12,
  /** The enrolment (and its adoption read) of a customer with a stake: ordered, proven the phone, or added by the admin. */
  enrolment: 15,
  profile: 20,
  /** The enrolment of an unproven signup without orders. */
  signup: 22,
  /** Store events for the service's triggers (docs/store-events.md). */
  event: 25,
  bulk: 30,
  background: 40,
} as const

/** Priorities from here up are class c ("open"): within `dispatcher.openShare` of each hour. */
export const OPEN_PRIORITY = OPERATION_PRIORITY.profile

/** The class of a priority (docs/architecture.md, "The queue"). */
export function priorityClass(priority: number): "money" | "stake" | "open" {
  return priority < OPERATION_PRIORITY.interactive ? "money" : priority < OPEN_PRIORITY ? "stake" : "open"
}

/** What a request to the service achieved (docs/architecture.md, "The queue"): the client's classes. */
export { CALL_OUTCOMES, type CallOutcome } from "../../lib/wallet-pass-client/errors"

/** How the hook receiver answered a delivery. */
export const HOOK_OUTCOMES = ["ok", "duplicate", "conflict", "unauthorized", "rejected", "error"] as const
export type HookOutcome = (typeof HOOK_OUTCOMES)[number]

/** Background sweeps over the service's base: the import, the install-flag sync, the drift check. */
export const SYNC_RUN_KINDS = ["import", "installs", "drift"] as const
export type SyncRunKind = (typeof SYNC_RUN_KINDS)[number]
export const SYNC_RUN_STATES = ["running", "done", "failed", "canceled"] as const
export type SyncRunState = (typeof SYNC_RUN_STATES)[number]

/** One phone found by an import: read, then adopted, skipped (with a reason) or left for review. */
export const IMPORT_ITEM_STATES = ["found", "adopted", "skipped", "review"] as const
export type ImportItemState = (typeof IMPORT_ITEM_STATES)[number]

/** How a pass came to a customer other than the one it was made for. */
export const HOLDER_MOVE_VIAS = ["admin", "verification"] as const
export type HolderMoveVia = (typeof HOLDER_MOVE_VIAS)[number]

export const CAMPAIGN_STATES = ["draft", "created", "sending", "sent", "failed"] as const
export type CampaignState = (typeof CAMPAIGN_STATES)[number]

/** Minor units, basis points and the largest amount: defined with the money arithmetic, src/lib/amounts.ts. */
export { BASIS_POINTS_PER_PERCENT, MAX_AMOUNT_MINOR, MINOR_PER_UNIT } from "../../lib/amounts"
/**
 * The range of a balance, in minor units: what a ledger entry's `balance_after` (a Postgres
 * integer) holds, ±21,474,836.47. A change that would leave it is refused before it is
 * written; two sums of the largest amount already go beyond it.
 */
export const MAX_BALANCE_MINOR = 2_147_483_647
export const MIN_BALANCE_MINOR = -2_147_483_648

/** Events the plugin emits (through emitEventStep, so a rolled-back workflow emits nothing). */
export const WALLET_PASS_EVENTS = {
  /** A pass was installed and linked to a store customer: `{ holder_id, customer_id, created_customer }`. */
  HOLDER_LINKED: "wallet_pass.holder_linked",
  /** A holder's balance changed through the service: `{ holder_id, entry_id, amount }` (minor units). */
  BALANCE_CHANGED: "wallet_pass.balance_changed",
  /** The service set a holder's rates: `{ holder_id, customer_id, bonus_percent, discount_percent, discount_changed }`. */
  PRIVILEGES_CHANGED: "wallet_pass.privileges_changed",
  /** A pass moved to another store customer (an admin, or a proven phone): `{ holder_id, from_customer_id, to_customer_id, via }`. */
  HOLDER_MOVED: "wallet_pass.holder_moved",
  /** A holder reached another level of the program: `{ holder_id, customer_id, from, to, spend }` (level names, spend in the balance unit). */
  LEVEL_CHANGED: "wallet_pass.level_changed",
} as const

/**
 * Customer metadata key the plugin writes on customers it created from a pass install or an
 * import, for the admin to see. Never read for a decision: a store route lets a customer
 * write their metadata; the mark that counts is `wallet_pass_customer_source` (docs/security.md).
 */
export const CUSTOMER_SOURCE_METADATA_KEY = "wallet_pass_source"

/** Customer metadata key a storefront sets at signup to the promo code of the customer who referred them (docs/program.md). */
export const CUSTOMER_PROMO_METADATA_KEY = "wallet_pass_promo"

/** An operation in one of these states still needs the dispatcher or a person. */
export const UNFINISHED_OPERATION_STATES = ["pending", "sending", "unknown", "needs_review", "failed"] as const

/** The channel a new operation is announced on when its transaction commits (LISTEN/NOTIFY). */
export const QUEUE_CHANNEL = "wallet_pass_queue"

/** How long after our balance request completes its echo hook is still recognised as one. */
export const ECHO_WINDOW_MINUTES = 60
