import { presentReason, type Reason, storedReason, type StoredReason } from "../../lib/reasons"
import { basisPointsToPercent, fromMinorUnits } from "../../lib/amounts"
import type { CustomerPass } from "../../modules/wallet-pass/browser"

/** A store event's record as the admin shows it. */
type StoreEventRow = {
  id: string
  name: string
  key: string
  value: string | null
  value_code?: string | null
  value_values?: Record<string, unknown> | null
  state: string
  created_at: Date
} & Partial<StoredReason>
import { presentBonuses, presentLevel } from "./present-level"

/** A store event sent or skipped for a customer (docs/store-events.md). */
export function presentStoreEvent(e: StoreEventRow) {
  return {
    id: e.id,
    event: e.name,
    key: e.key,
    /** As the service got it; `value_code` and `value_values` (src/lib/event-values.ts) for the admin's language. */
    value: e.value,
    value_code: e.value_code ?? null,
    value_values: e.value_values ?? null,
    state: e.state,
    ...presentReason(e),
    created_at: e.created_at,
  }
}

/**
 * The pass as the admin API shows it: amounts in the balance unit (named by
 * `currency_code`), percents as percents. `bonus_percent` is null when the holder has no own
 * rate and the program rate applies.
 */
export function presentAdminPass(
  { holder, balance, ledger, operations, level, bonuses }: CustomerPass,
  currencyCode: string | null
) {
  return {
    holder: {
      id: holder.id,
      customer_id: holder.customer_id,
      phone: holder.phone,
      name: holder.name,
      surname: holder.surname,
      middlename: holder.middlename,
      email: holder.email,
      birthday: holder.birthday,
      source: holder.source,
      enrollment_state: holder.enrollment_state,
      enrollment_error: holder.enrollment_error,
      enrolled_at: holder.enrolled_at,
      promo: holder.promo,
      referrer_phone: holder.referrer_phone,
      /** A referral by `referrer_phone` (docs/program.md): pending, paid or void; null when none was recorded. */
      referral_state: holder.referral_state,
      referred_at: holder.referred_at,
      invites: holder.invites as string[] | null,
      service_checked_at: holder.service_checked_at,
      adoption_state: holder.adoption_state,
      adopted_at: holder.adopted_at,
      /** The store account has proven it holds the phone (docs/adoption.md, trust). */
      verified: holder.verified_customer_id !== null && holder.verified_customer_id === holder.customer_id,
      verified_at: holder.verified_at,
      /** The last drift check's mismatch, amounts in the balance unit; null when none. */
      drift: presentDrift(holder.drift as Record<string, unknown> | null),
      /** Fields the last createCustomer sent that the store could not keep (docs/routes.md); null when none. */
      dropped_fields:
        (holder.dropped_fields as { at: string; fields: { field: string; reason: string }[] } | null) ?? null,
      /** The id the service links this pass to in another CRM, and the merchant's decision: "skip", "take_over" or null (undecided). */
      remote_id: holder.remote_id ?? null,
      remote_decision: (holder.remote_decision as "skip" | "take_over" | null) ?? null,
      user_hash: holder.user_hash,
      extra: holder.extra,
      created_at: holder.created_at,
    },
    cards: (holder.cards ?? []).map((card) => ({
      number: card.number,
      track: card.track,
      installed: card.installed,
      installed_checked_at: card.installed_checked_at,
    })),
    balance: fromMinorUnits(balance),
    currency_code: currencyCode,
    bonus_percent: holder.bonus_percent_bp === null ? null : basisPointsToPercent(holder.bonus_percent_bp),
    discount_percent: basisPointsToPercent(holder.discount_percent_bp),
    /** Who last set the rates: the service, the program's level, or the service over the program. */
    rates_source: holder.rates_source,
    level: presentLevel(level),
    bonuses: presentBonuses(bonuses),
    links: { ios: holder.card_url, android: holder.card_gpay_url, form: holder.form_url },
    ledger: ledger.map(presentLedgerEntry),
    pending_operations: operations.map((op) => ({
      id: op.id,
      method: op.method,
      state: op.state,
      attempts: op.attempts,
      next_attempt_at: op.next_attempt_at,
      last_error: op.last_error,
      created_at: op.created_at,
    })),
  }
}

export type AdminWalletPass = ReturnType<typeof presentAdminPass>

/** A ledger entry as the admin shows it: amounts in the balance unit; a lifetime credit with its expiry and what is left of it. */
export function presentLedgerEntry(entry: CustomerPass["ledger"][number]) {
  return {
    id: entry.id,
    amount: fromMinorUnits(entry.amount),
    kind: entry.kind,
    state: entry.state,
    ...presentReason(entry),
    order_id: entry.order_id,
    transaction_id: entry.transaction_id,
    expires_at: entry.expires_at,
    /** When the credit lapsed (its expiry entry was written); null while it lasts. */
    expired_at: entry.expired_at,
    remaining: entry.remaining === null ? null : fromMinorUnits(entry.remaining),
    overdraft: entry.overdraft,
    balance_after: fromMinorUnits(entry.balance_after),
    created_at: entry.created_at,
  }
}

function presentDrift(drift: Record<string, unknown> | null) {
  if (!drift) return null
  // Why it was not healed: a reason's code and values, or its English text (a drift found before codes).
  const notHealed = drift.not_healed as Reason | string | undefined
  const why = notHealed ? presentReason(storedReason(notHealed)) : null
  return {
    service: fromMinorUnits(Number(drift.service)),
    store: fromMinorUnits(Number(drift.store)),
    at: String(drift.at),
    healed_by: (drift.healed_by as string | null) ?? null,
    /** English text; `not_healed_code` and `not_healed_values` for the admin's language. */
    not_healed: why?.reason ?? null,
    not_healed_code: why?.reason_code ?? null,
    not_healed_values: why?.reason_values ?? null,
  }
}
