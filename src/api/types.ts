import type { presentOrderBonus } from "./utils/present-order"
import type { PhoneProblem } from "./utils/phone-problem"
import type { PhoneCandidate, PhoneFailureReason } from "../lib/phone"
import type { Paging } from "./utils/list-page"
import type { presentAdminPass, presentLedgerEntry, presentStoreEvent } from "./utils/present-pass"
import type { presentOperationListItem } from "./utils/present-operation"
import type { presentStorePass } from "./utils/present-store-pass"
import type { presentImportItem, presentSyncRun } from "./utils/present-sync"
import type {
  CallOutcome,
  CampaignAudience,
  CampaignRow,
  EnrollmentProgress,
  HookDeliveryRow,
  EarnCampaignCost,
  LevelMoves,
  OperationMethod,
  OperationRow,
  OrdersWaiting,
  OrderSweepItemRow,
  OrderSweepRun,
  Program,
  ProgramChange,
  QueueForecast,
  QueueHealth,
  RefusalMinute,
} from "../modules/wallet-pass/browser"
import type { HolderStatus } from "../lib/holder-status"

/**
 * The plugin's HTTP API: what the routes the admin reads answer (and the store's pass),
 * declared once. Those routes type their response with these (`MedusaResponse<…Response>`),
 * so the compiler holds them to it;
 * the admin reads them through `Json<…>`, which is what reaches the browser (a Date becomes
 * its ISO text). docs/routes.md lists the routes.
 */

/** What JSON.stringify makes of T: Dates become their ISO text. */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Json<T[K]> }
      : T

/** A page of a list route: the rows under `K`, the total count and the page asked for. */
export type Page<K extends string, T> = { [key in K]: T[] } & { count: number; limit: number; offset: number }

// Admin: one customer, one order

/** A customer's pass as the admin shows it: amounts in the balance unit, percents as percents. */
export type AdminWalletPass = ReturnType<typeof presentAdminPass>

/**
 * What the admin may ask for this customer's pass, and why not: `no_pass` (none yet),
 * `no_phone` (the customer has no usable phone), `phone_unreadable` (the customer's phone
 * is not one mobile number: no number, a landline, a number of two countries; `phone_problem`
 * says why, docs/phones.md; correct it, then enrol), `enrollment_failed` (the
 * service refused the enrolment: enrol again), `not_enrolled` (enrolment still waiting:
 * reads wait too), `pass_elsewhere` (the pass of the customer's phone is another customer's:
 * move it here, or the customer proves the phone).
 */
export type AdminWalletPassActions = {
  enroll: boolean
  refresh: boolean
  push: boolean
  adjust: boolean
  install_link: boolean
  blocked: "no_pass" | "no_phone" | "phone_unreadable" | "enrollment_failed" | "not_enrolled" | "pass_elsewhere" | null
  /** Why the customer's phone cannot be read (docs/phones.md), null when it can. */
  phone_problem: PhoneProblem | null
}

/** GET /admin/customers/:id/wallet-pass */
export type AdminCustomerWalletPassResponse = {
  wallet_pass: AdminWalletPass | null
  /** The pass of this customer's phone when another store customer holds it. */
  pass_elsewhere: { holder_id: string; customer_id: string | null } | null
  /** Credits with a lifetime still holding something, soonest first (balance unit). */
  expiring: { amount: number; expires_at: Date }[]
  /** The pass's one state and who takes it further (src/lib/holder-status.ts): what every screen of the customer says. */
  status: HolderStatus
  /**
   * What the service held when the store took the phone's record over (the opening balance
   * entry, balance unit); null when it held no balance: a pass the store enrolled itself is
   * never "taken over" (docs/adoption.md).
   */
  opening_balance: number | null
  /** The program's bonus percent (`accrual.bonusPercent`): a holder without a rate of their own earns it. */
  program_bonus_percent: number
  /**
   * The bonus of the customer's orders still pending (option `accrual.pendingDays`, docs/loyalty.md
   * "Pending bonus"): not in `balance` yet; `until` when the next part becomes spendable. Null: none.
   */
  pending: { amount: number; until: Date | null } | null
  actions: AdminWalletPassActions
}

/** A ledger entry as the admin shows it (balance unit). */
export type AdminWalletPassLedgerEntry = ReturnType<typeof presentLedgerEntry>
export type AdminWalletPassStoreEvent = ReturnType<typeof presentStoreEvent>

/** GET /admin/customers/:id/wallet-pass/ledger: the customer's whole ledger, newest first, paged. */
export type AdminCustomerWalletPassLedgerResponse = Page<"ledger", AdminWalletPassLedgerEntry> & {
  currency_code: string | null
}

/** GET /admin/customers/:id/wallet-pass/store-events: the store events sent or skipped for the customer, newest first, paged. */
export type AdminCustomerWalletPassStoreEventsResponse = Page<"store_events", AdminWalletPassStoreEvent>

/** One order's bonus, amounts in the balance unit. */
export type AdminOrderWalletPass = ReturnType<typeof presentOrderBonus>

/** GET /admin/orders/:id/wallet-pass */
export type AdminOrderWalletPassResponse = { wallet_pass: AdminOrderWalletPass; currency_code: string | null }

// Admin: the Wallet pass page

/** Store events for the service's triggers as the Wallet pass page shows them (src/api/utils/store-events.ts). */
export type StoreEventsSummary = {
  mapping: { event: string; key: string; params: Record<string, number> }[]
  per_day: number | null
  sent_today: number
  waiting: number
  capped: boolean
  last_24h: { key: string; sent: number; skipped: number; waiting: number; failed: number }[]
}

/** The connection, the queue and the rate budget; never a secret. */
export type AdminWalletPassStatus = {
  connection: {
    state: string
    ok: boolean
    account: string | null
    account_balance: number | null
    error: string | null
    checked_at: Date
  } | null
  service: {
    api_url: string
    revision: string
    plan: string
    mode: "external_crm" | "builtin"
    dispatcher_enabled: boolean
    default_country: string
    default_country_source: "option" | "store_region" | "fallback"
    /** A mobile number of `default_country` written with its code ("+49 1512 3456789"): the phone filters' example. */
    phone_example: string
  }
  queue: Pick<QueueHealth, "operations" | "oldest_pending_age_seconds">
  rate: { per_second: number; per_hour: number; used_last_hour: number; blocked_until: Date | null }
  /** Store events for the service's triggers (docs/store-events.md). */
  events: StoreEventsSummary
  /** The currency the balances are kept in, null when the store has none. */
  currency_code: string | null
  /**
   * The latest request the service answered, of any kind, so the connection shows without a
   * check: `ok` when it answered as a reachable service does (2xx, or a 4xx other than 401/403).
   */
  last_answer: {
    at: Date
    method: OperationMethod | null
    type: string | null
    status: number
    outcome: CallOutcome
    ok: boolean
  } | null
}

/** GET /admin/wallet-pass/status */
export type AdminWalletPassStatusResponse = { wallet_pass_status: AdminWalletPassStatus }

/** A request to the service, as the queue holds it. */
export type AdminWalletPassOperation = OperationRow

/** A request of the admin's log: the request, whose pass it is for, what it is about. */
export type AdminWalletPassOperationListItem = ReturnType<typeof presentOperationListItem>

/** GET /admin/wallet-pass/operations */
export type AdminWalletPassOperationListResponse = Page<"operations", AdminWalletPassOperationListItem> & {
  currency_code: string | null
}

/** POST /admin/wallet-pass/operations/:id/retry and …/resolve */
export type AdminWalletPassOperationResponse = { operation: AdminWalletPassOperation }

/** A hook the service delivered and how it was answered (the log's row; never a secret). */
export type AdminWalletPassHookDelivery = HookDeliveryRow

/** GET /admin/wallet-pass/hook-deliveries */
export type AdminWalletPassHookDeliveryListResponse = Page<"hook_deliveries", AdminWalletPassHookDelivery>

/** One minute of deliveries refused before authentication, with the first few. */
export type AdminWalletPassHookRefusal = RefusalMinute & { id: string }

/** GET /admin/wallet-pass/hook-refusals */
export type AdminWalletPassHookRefusalListResponse = Page<"hook_refusals", AdminWalletPassHookRefusal>

/** A push to many cards. */
export type AdminWalletPassCampaign = CampaignRow

/** GET /admin/wallet-pass/campaigns */
export type AdminWalletPassCampaignListResponse = Page<"campaigns", AdminWalletPassCampaign>

/** GET /admin/wallet-pass/campaigns/audience: the cards a campaign for the whole base would reach. */
export type AdminWalletPassCampaignAudienceResponse = { audience: CampaignAudience }

/** GET /admin/wallet-pass/enroll-all */
export type AdminWalletPassEnrollAllResponse = { progress: EnrollmentProgress }

/**
 * POST /admin/wallet-pass/enroll-all: what this run did (`enrolled`: queued for enrolment;
 * `not_enrolled`: recorded without a usable phone; `already`: had a pass) and the progress.
 */
export type AdminWalletPassEnrollAllStartResponse = AdminWalletPassEnrollAllResponse & {
  run: { examined: number; enrolled: number; not_enrolled: number; already: number }
}

/** A background run (import, install sync, drift check) with an estimate of when it ends. */
export type AdminWalletPassSyncRun = NonNullable<ReturnType<typeof presentSyncRun>>

/** GET /admin/wallet-pass/import */
export type AdminWalletPassImportResponse = { import: AdminWalletPassSyncRun | null }

/** A customer of the import, with its outcome. */
export type AdminWalletPassImportItem = ReturnType<typeof presentImportItem>

/** GET /admin/wallet-pass/import/items */
export type AdminWalletPassImportItemListResponse = Page<"items", AdminWalletPassImportItem> & {
  currency_code: string | null
}

/** The install sync and the drift check, and the share of the plan they may use. */
export type AdminWalletPassSync = {
  installs: {
    installed: number
    not_installed: number
    unknown: number
    enabled: boolean
    every_hours: number
    last: AdminWalletPassSyncRun | null
  }
  drift: { holders: number; enabled: boolean; every_hours: number; last: AdminWalletPassSyncRun | null }
  budget: { share: number; per_hour: number }
}

/** GET /admin/wallet-pass/sync */
export type AdminWalletPassSyncResponse = { sync: AdminWalletPassSync }

/** The loyalty program in force (docs/program.md): version 0 is plugin option `program`. */
export type AdminWalletPassProgram = {
  program: Program
  version: number
  source: "options" | "admin"
  actor: string | null
  saved_at: Date | null
}

/** GET /admin/wallet-pass/program */
export type AdminWalletPassProgramResponse = { program: AdminWalletPassProgram }

/** POST /admin/wallet-pass/program: the saved version, whom it moved, and the level pass that followed. */
export type AdminWalletPassProgramSaveResponse = {
  program: AdminWalletPassProgram
  moved: LevelMoves
  levels: { read: number; changed: number }
}

/** POST /admin/wallet-pass/program/preview */
export type AdminWalletPassProgramPreviewResponse = { moved: LevelMoves }

/** POST /admin/wallet-pass/program/card-preview: what a customer's card gets (docs/program.md, "On the card"). */
export type AdminWalletPassCardPreviewResponse = {
  card_preview: {
    customer_id: string
    level: string | null
    /** Each template variable's text, as the next request sends it. */
    texts: Record<string, string>
    /** The variables whose text differs from what the card was last given (an update would go). */
    changed: string[]
    /** The design the next request gives the card; null: none (the card keeps its design). */
    template_uuid: string | null
    /** The level whose design the card was last given; null: none by the store. */
    design_level: string | null
    /** The locale the card's texts are written in (option `pass.locale`, else the store's): not the admin's. */
    locale: string
  }
}

/** A saved version of the program. */
export type AdminWalletPassProgramVersion = {
  id: string
  version: number
  program: Program
  /** The email of the admin who saved it (their id when the user is gone). */
  actor: string | null
  moved: LevelMoves | null
  saved_at: Date
  /** What it changed of the version before (the first version: of the plugin option's program). */
  changes: ProgramChange[]
}

/** GET /admin/wallet-pass/program/history */
export type AdminWalletPassProgramHistoryResponse = Page<"versions", AdminWalletPassProgramVersion>

/** GET /admin/wallet-pass/program/campaigns (docs/program.md, "Campaigns"): `cost` in minor units. */
/** The campaigns with their figures; `cost` in minor units of `currency_code`, the balance currency. */
export type AdminWalletPassProgramCampaignsResponse = {
  time_zone: string
  currency_code: string | null
  campaigns: EarnCampaignCost[]
}

// Store

/** The signed-in customer's pass, as the store shows it. */
export type StoreWalletPass = ReturnType<typeof presentStorePass>

/**
 * GET /store/customers/me/wallet-pass: `not_linked` when a pass of the account's phone is
 * another customer's; `phone_problem` when the account's phone cannot be read (no card is
 * issued until it is corrected): why, and a message to show the shopper.
 */
export type StoreWalletPassResponse = {
  wallet_pass: StoreWalletPass | null
  not_linked?: { reason: string; can_verify: boolean }
  phone_problem?: {
    /**
     * src/lib/phone.ts PhoneFailureReason (docs/phones.md, "Reasons"). No number of the country:
     * `empty`, `not_a_number` (letters), `invalid_country`, `too_short`, `too_long`,
     * `invalid_length`, `impossible`, `invalid` (the right length but in no range: `12345` in
     * Germany). A number, but not one to enrol: `not_mobile` (a landline, premium or shared-cost
     * number wherever it reads), `ambiguous_country` (a mobile of one country the customer or the
     * store has and another number of another: `candidates`). Each asks the shopper to write the
     * number with its country code; nothing is sent to the service until it reads.
     */
    problem: PhoneFailureReason
    /** The country the number was read in first (ISO 3166-1 alpha-2); null when it carried its own code. */
    country: string | null
    /** A number written the way that reads, with its country code ("+49 1512 3456789"). */
    example: string
    /** In English, for the shopper: which number, why, and how to write it. */
    message: string
    /**
     * `ambiguous_country` only: each reading, the first country's first (E.164 `phone`, its
     * `country`, `mobile`: only a mobile gets a card); the shopper confirms one by saving it.
     */
    candidates?: PhoneCandidate[]
  }
}

/** GET /store/customers/me/wallet-pass/install with `Accept: application/json`. */
export type StoreWalletPassInstallResponse = { url: string; platform: "ios" | "android" | "form" }

/** POST /store/customers/me/wallet-pass/verification (202): a code was texted to the account's phone. */
export type StoreWalletPassVerificationResponse = { verification: { phone: string; expires_at: Date } }

/** GET /store/customers/me/wallet-pass/verification: the latest code and where its text is (docs/security.md). */
export type StoreWalletPassVerificationStatusResponse = {
  verification: {
    phone: string
    expires_at: Date
    confirmed: boolean
    /** queued, sent (the service said so), not_sent (refused, `sms_send: false`, or no pass for the phone), unknown. */
    text: "queued" | "sent" | "not_sent" | "unknown"
    /** Why the text did not go, for the shopper; null unless not_sent. */
    message: string | null
  } | null
}

/** POST /store/customers/me/wallet-pass/verification/confirm: the account has proven its phone. */
export type StoreWalletPassVerificationConfirmResponse = { verified: true; moved: boolean }

/** GET, POST and DELETE /store/carts/:id/wallet-pass-bonus: the cart and the bonus it is paid with. */
export type StoreWalletPassBonusResponse<Cart = unknown> = {
  cart: Cart
  wallet_pass_bonus: {
    /** Paid with bonus now (balance unit). */
    amount: number
    code: string | null
    /** The most this cart may be paid with: the balance the account may spend, under the cap (0 when it cannot). */
    max: number
    /** The cap, `redemption.maxOrderPercent` of the items (with tax, after other discounts, without shipping); 0: disabled. */
    max_order_percent: number
    /**
     * The lines that cannot be paid with bonus, left out of the cap's base (docs/loyalty.md,
     * "Lines that cannot be paid with bonus"): `gift_card` (the program's `earning.giftCards.redeem`
     * is false, the default), `rule` (an earning rule with `redeem: false` on the product).
     */
    excluded: { line_id: string; title: string | null; reason: "gift_card" | "rule" }[]
    /** What those lines cost (balance unit, tax included, after other discounts): why `max` is lower. */
    excluded_total: number
  }
}

/** GET /store/wallet-pass/earn: what one unit of each variant earns (docs/routes.md, "What the shopper will earn"). */
export type StoreWalletPassEarnResponse = {
  currency_code: string
  /** The rate the shopper earns at (their account's, proof rules applied; a guest's: the program's default); 0 in another currency. */
  rate_percent: number
  /** Variants priced in the region; `bonus` as an order of that one unit (balance unit, rounded once). */
  variants: { id: string; price: number; bonus: number; redeemable: boolean }[]
}

/** GET /store/carts/:id/wallet-pass-earn: what the cart would earn if placed now, computed as its order's bonus. */
export type StoreWalletPassCartEarnResponse = {
  currency_code: string
  /** The bonus (balance unit): the lines' exact bonuses summed, rounded down once. */
  amount: number
  rate_percent: number
  /** Each line's exact bonus (balance unit, not rounded), the rule and campaign that decided it, whether it may be paid with bonus. */
  lines: { id: string; bonus_exact: number; rule_id: string | null; campaign_id: string | null; redeemable: boolean }[]
  /** What each running campaign adds (balance unit, exact). */
  campaigns: { id: string; extra_exact: number }[]
}

// Admin: the program overview

/** The program at a glance (docs/overview.md): amounts in the balance unit, days and hours in `timezone`. */
export type AdminWalletPassOverview = ReturnType<typeof import("./utils/present-overview").presentOverview>

/** GET /admin/wallet-pass/overview */
export type AdminWalletPassOverviewResponse = { overview: AdminWalletPassOverview }

// Admin: the queue's forecast

/** Whether the queue keeps up at the last hour's pace (docs/operations.md, "Forecast"), and the plan in force. */
export type AdminWalletPassForecast = QueueForecast & { plan: string }

/** GET /admin/wallet-pass/forecast */
export type AdminWalletPassForecastResponse = { forecast: AdminWalletPassForecast }

// Admin: the order sweep

/** GET /admin/wallet-pass/order-sweep (docs/operations.md, "The order sweep"). */
export type AdminWalletPassOrderSweepResponse = {
  order_sweep: {
    installed_at: Date
    settings: {
      enabled: boolean
      grace_seconds: number
      every_seconds: number
      look_back_days: number
      batch_size: number
    }
    last_run_at: Date | null
    last_run: OrderSweepRun | null
    /** Null while the store has no balance currency. */
    waiting: OrdersWaiting | null
  }
  items: OrderSweepItemRow[]
} & Paging

/** POST /admin/wallet-pass/order-sweep */
export type AdminWalletPassOrderSweepRunResponse = { order_sweep_run: OrderSweepRun }
