import type { PushType } from "../../lib/constants"

/** The shape of GET /admin/customers/:id/wallet-pass (see src/api/utils/present-pass.ts). */
export type AdminWalletPass = {
  holder: {
    id: string
    phone: string | null
    enrollment_state: string
    enrollment_error: string | null
    referrer_phone: string | null
    promo: string | null
    invites?: string[] | null
    adoption_state: "pending" | "adopted" | "new" | "legacy"
    adopted_at: string | null
    verified: boolean
    drift: { service: number; store: number; at: string; healed_by: string | null; not_healed: string | null } | null
  }
  cards: { number: string; track: string | null; installed: boolean | null; installed_checked_at: string | null }[]
  balance: number
  /** The balance currency (lower case), null when the store has none. */
  currency_code: string | null
  bonus_percent: number | null
  discount_percent: number
  links: { ios: string | null; android: string | null; form: string | null }
  ledger: {
    id: string
    amount: number
    kind: string
    reason: string | null
    order_id: string | null
    expires_at: string | null
    overdraft: boolean
    created_at: string
  }[]
  pending_operations: { id: string; method: string; state: string; attempts: number; last_error: string | null }[]
}

/** GET /admin/customers/:id/wallet-pass: the whole answer. */
export type AdminCustomerWalletPassResponse = {
  wallet_pass: AdminWalletPass | null
  /** The pass of this customer's phone when another store customer holds it. */
  pass_elsewhere: { holder_id: string; customer_id: string | null } | null
}

/** A background run (see src/api/utils/present-sync.ts). */
export type AdminWalletPassSyncRun = {
  id: string
  kind: "import" | "installs" | "drift"
  state: "running" | "done" | "failed" | "canceled"
  phase: string
  started_at: string
  finished_at: string | null
  customers: {
    found: number
    waiting: number
    adopted: number
    linked: number
    created: number
    skipped: number
    review: number
  }
  skipped_reasons: { reason: string; count: number }[]
  counts: Record<string, number>
  windows: { total: number; done: number }
  requests: { spent: number; remaining: number; per_hour: number }
  eta_seconds: number
}

/** A row of GET /admin/wallet-pass/import/items */
export type AdminWalletPassImportItem = {
  id: string
  phone: string
  state: string
  outcome: string | null
  customer_id: string | null
  reason: string | null
  service_balance: number | null
  refreshed_balance: number | null
}

/** GET /admin/wallet-pass/sync */
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

/** GET /admin/orders/:id/wallet-pass */
export type AdminOrderWalletPass = {
  credited: number
  reversed: number
  redeemed: number
  redemption_refunded: number
  entries: {
    id: string
    kind: string
    amount: number
    state: string
    reason: string | null
    created_at: string
    operation: { id: string; method: string; state: string; last_error: string | null } | null
  }[]
}

/** GET /admin/wallet-pass/status */
export type AdminWalletPassStatus = {
  connection: {
    state: string
    ok: boolean
    account: string | null
    account_balance: number | null
    error: string | null
    checked_at: string
  } | null
  service: {
    api_url: string
    revision: string
    plan: string
    mode: string
    dispatcher_enabled: boolean
    default_country: string
    default_country_source: "option" | "store_region" | "fallback"
  }
  queue: { operations: Record<string, number>; oldest_pending_age_seconds: number | null }
  rate: { per_second: number; per_hour: number; used_last_hour: number; blocked_until: string | null }
}

/** A row of GET /admin/wallet-pass/operations */
export type AdminWalletPassOperation = {
  id: string
  method: string
  state: string
  attempts: number
  last_error: string | null
  holder_id: string | null
  created_at: string
  updated_at: string
}

/** A row of GET /admin/wallet-pass/hook-deliveries */
export type AdminWalletPassHookDelivery = {
  id: string
  method: string | null
  phone: string | null
  transaction_id: string | null
  status_code: number
  outcome: string
  error: string | null
  duration_ms: number
  created_at: string
}

/** A row of GET /admin/wallet-pass/hook-refusals: one minute of deliveries refused before authentication. */
export type AdminWalletPassHookRefusal = {
  minute: string
  refused: number
  samples: { at: string; status: number; reason: string; address: string | null }[]
}

/** A row of GET /admin/wallet-pass/campaigns */
export type AdminWalletPassCampaign = {
  id: string
  name: string | null
  message: string
  type: PushType
  segment_uuid: string | null
  state: string
  error: string | null
  sent_at: string | null
  created_at: string
}

/** GET /admin/wallet-pass/enroll-all */
export type AdminWalletPassEnrollProgress = {
  total: number
  enrolled: number
  pending: number
  failed: number
  not_enrolled_no_phone: number
}

export type Page<K extends string, T> = { [key in K]: T[] } & { count: number; limit: number; offset: number }
