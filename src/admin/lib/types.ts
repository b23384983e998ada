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
  }
  cards: { number: string; track: string | null; installed: boolean | null; installed_checked_at: string | null }[]
  balance: number
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
  service: { api_url: string; revision: string; plan: string; mode: string; dispatcher_enabled: boolean }
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
