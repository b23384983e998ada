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
export const HOLDER_SOURCES = ["signup", "hook", "admin", "backfill"] as const
export type HolderSource = (typeof HOLDER_SOURCES)[number]

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
  "sync_adjustment", // correction after reconciling with the service
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** A ledger entry counts toward the balance only when applied. */
export const LEDGER_STATES = ["applied", "canceled"] as const
export type LedgerState = (typeof LEDGER_STATES)[number]

/** Requests of the service's API that the queue can carry. */
export const OPERATION_METHODS = [
  "status",
  "user_create_or_update",
  "read_customer",
  "read_customers",
  "push_create",
  "push_send",
  "event_send",
  "balance_add",
  "balance_deduct",
] as const
export type OperationMethod = (typeof OPERATION_METHODS)[number]

/**
 * Life of a queued request (design.md §4): pending -> sending -> done | failed | unknown;
 * unknown (ambiguous outcome) -> resolved or needs_review. `failed` is final after retries.
 */
export const OPERATION_STATES = ["pending", "sending", "done", "failed", "unknown", "resolved", "needs_review"] as const
export type OperationState = (typeof OPERATION_STATES)[number]

/** Queue priority: lower drains first. */
export const OPERATION_PRIORITY = { interactive: 0, accrual: 10, profile: 20, bulk: 30 } as const

/** What a request to the service achieved (design.md §4): the client's classes. */
export { CALL_OUTCOMES, type CallOutcome } from "../../lib/wallet-pass-client/errors"

/** How the hook receiver answered a delivery. */
export const HOOK_OUTCOMES = ["ok", "duplicate", "unauthorized", "rejected", "error"] as const
export type HookOutcome = (typeof HOOK_OUTCOMES)[number]

export const CAMPAIGN_STATES = ["draft", "created", "sending", "sent", "failed"] as const
export type CampaignState = (typeof CAMPAIGN_STATES)[number]

/**
 * Amounts are kept as integers in hundredths of the balance unit ("minor units"): exact
 * sums, no float drift. Percents are kept as integers in hundredths of a percent (basis
 * points). Both allow two decimal places, the most the service's numbers carry.
 */
export const MINOR_PER_UNIT = 100
export const BASIS_POINTS_PER_PERCENT = 100
/** The largest single amount accepted, in minor units (fits a Postgres integer). */
export const MAX_AMOUNT_MINOR = 2_000_000_000

/** Events the plugin emits (through emitEventStep, so a rolled-back workflow emits nothing). */
export const WALLET_PASS_EVENTS = {
  /** A pass was installed and linked to a store customer: `{ holder_id, customer_id, created_customer }`. */
  HOLDER_LINKED: "wallet_pass.holder_linked",
  /** A holder's balance changed through the service: `{ holder_id, entry_id, amount }` (minor units). */
  BALANCE_CHANGED: "wallet_pass.balance_changed",
  /** The service set a holder's rates: `{ holder_id, customer_id, bonus_percent, discount_percent, discount_changed }`. */
  PRIVILEGES_CHANGED: "wallet_pass.privileges_changed",
} as const

/** Customer metadata key marking customers the plugin created from a pass install (never enrolled back). */
export const CUSTOMER_SOURCE_METADATA_KEY = "wallet_pass_source"
