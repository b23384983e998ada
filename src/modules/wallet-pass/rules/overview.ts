import type { LedgerKind } from "../constants"

/**
 * The program overview of the admin (docs/overview.md): what it counts and over which windows.
 * Pure: no container, no database; the SQL is repositories/overview.ts.
 */

/** The flows of bonus the overview charts per day. */
export const OVERVIEW_FLOWS = ["credited", "redeemed", "reversed", "lapsed"] as const
export type OverviewFlow = (typeof OVERVIEW_FLOWS)[number]

/**
 * Where each ledger kind's entries count, credits (amount > 0) and debits (amount < 0) apart:
 * a flow, or none. `credited` sums its entries' amounts; `redeemed`, `reversed` and `lapsed` sum
 * them negated, so a redemption refund (a credit) takes back what its redemption counted. The
 * compiler asks for every kind, so a new kind has to be placed here (and in docs/overview.md).
 * Changing a kind's place changes sums the overview keeps per slot: the migration that ships it
 * must empty `wallet_pass_overview_slot`.
 */
export const FLOW_OF_KIND: Record<LedgerKind, { credit: OverviewFlow | null; debit: OverviewFlow | null }> = {
  accrual: { credit: "credited", debit: "credited" },
  program_bonus: { credit: "credited", debit: "credited" },
  service_credit: { credit: "credited", debit: "credited" },
  // An admin's credit is bonus given, an admin's debit bonus taken like a write-off.
  manual: { credit: "credited", debit: "redeemed" },
  redemption: { credit: "redeemed", debit: "redeemed" },
  redemption_refund: { credit: "redeemed", debit: "redeemed" },
  service_debit: { credit: "redeemed", debit: "redeemed" },
  accrual_reversal: { credit: "reversed", debit: "reversed" },
  expiry: { credit: "lapsed", debit: "lapsed" },
  // Balances carried over, not earned or spent in the store: the opening balance of an adopted
  // phone and what the import's final refresh corrected.
  opening_balance: { credit: null, debit: null },
  sync_adjustment: { credit: null, debit: null },
}

/**
 * Entries that make a holder active, besides an order placed: a purchase (its bonus, or bonus
 * spent on it) in the store, or at the service's points of sale (its credits and write-offs).
 * An entry counts when it was written, canceled later or not (the member came all the same).
 */
export const ACTIVITY_KINDS = [
  "accrual",
  "redemption",
  "service_credit",
  "service_debit",
] as const satisfies readonly LedgerKind[]

/** The windows the overview's charts of flows may cover, in days (today included). */
export const OVERVIEW_DAYS = [30, 90] as const
export type OverviewDays = (typeof OVERVIEW_DAYS)[number]

/** A holder is active with an order or an activity entry in this many days. */
export const ACTIVE_DAYS = 90
/** The overview says how much of the outstanding balance lapses within this many days. */
export const EXPIRING_DAYS = 30
/** The chart of requests covers this many hours, the current one included. */
export const REQUEST_HOURS = 168

/**
 * The overview keeps its sums per slot of this many seconds (a quarter of an hour: every time
 * zone's offset is a multiple of it, so the slots add up to any zone's days and hours).
 */
export const SLOT_SECONDS = 900
/**
 * A slot is summed once it ended this long ago: an entry is dated when its transaction began,
 * and no transaction stays open this long. Later slots are read from the ledger every time.
 */
export const SEAL_AFTER_SECONDS = 3600
/** Slots older than this are deleted (the longest window, a day of time zones, and a margin). */
export const SLOT_KEEP_DAYS = 93

/** Sums in minor units, one per flow. */
export type OverviewFlows = Record<OverviewFlow, number>

/** The overview as the module answers it: counts, and amounts in minor units of the balance currency. */
export type ProgramOverview = {
  /** The IANA time zone the days and hours are counted in. */
  timezone: string
  generated_at: Date
  holders: {
    /** Every holder the store keeps. */
    total: number
    /** Known to the service. */
    enrolled: number
    /** Enrolled, with a card installed in a wallet. */
    installed: number
    /** With an order placed or an entry of ACTIVITY_KINDS written in the last {@link ACTIVE_DAYS} days. */
    active: number
  }
  balance: {
    /** What the store owes: the sum of every holder's balance, as readBalance answers each. */
    outstanding: number
    /** What of it lapses within {@link EXPIRING_DAYS} days: the rest of lifetime credits. */
    expiring: number
  }
  flows: {
    days: OverviewDays
    /** The first and the last day, `YYYY-MM-DD` in the time zone. */
    from: string
    to: string
    totals: OverviewFlows
    per_day: ({ day: string } & OverviewFlows)[]
  }
  requests: {
    hours: number
    /** Each hour's start, oldest first, with the requests to the service started in it. */
    per_hour: { hour: Date; used: number }[]
  }
}

/**
 * How long past its interval the order sweep may go before the overview calls it late: a run
 * starts at most one interval plus the job's 5 s tick after the last, and a worker that lost the
 * job's schedule (Redis flushed) runs it again within 35 s (src/utils/schedule-watch.ts).
 */
export const SWEEP_LATE_MARGIN_SECONDS = 60

/**
 * Whether the order sweep is late at `now` (docs/operations.md, "The order sweep"): enabled, and
 * no run started for two intervals and the margin — counted from the plugin's installation
 * while it never ran. A late sweep means no worker runs it: an order whose event was lost waits.
 */
export function sweepLate(input: {
  enabled: boolean
  everySeconds: number
  lastRunAt: Date | string | null
  installedAt: Date | string
  now: Date | string
}): boolean {
  if (!input.enabled) return false
  const since = new Date(input.lastRunAt ?? input.installedAt).getTime()
  return new Date(input.now).getTime() - since > (2 * input.everySeconds + SWEEP_LATE_MARGIN_SECONDS) * 1000
}
