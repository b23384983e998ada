import type { CustomerPass } from "../../modules/wallet-pass/service"
import { basisPointsToPercent, fromMinorUnits } from "../../modules/wallet-pass/utils/amounts"

/**
 * The pass as the admin API shows it: amounts in the balance unit, percents as percents.
 * `bonus_percent` is null when the holder has no own rate and the program rate applies.
 */
export function presentAdminPass({ holder, balance, ledger, operations }: CustomerPass) {
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
      invites: holder.invites,
      service_checked_at: holder.service_checked_at,
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
    bonus_percent: holder.bonus_percent_bp === null ? null : basisPointsToPercent(holder.bonus_percent_bp),
    discount_percent: basisPointsToPercent(holder.discount_percent_bp),
    links: { ios: holder.card_url, android: holder.card_gpay_url, form: holder.form_url },
    ledger: ledger.map((entry) => ({
      id: entry.id,
      amount: fromMinorUnits(entry.amount),
      kind: entry.kind,
      state: entry.state,
      reason: entry.reason,
      order_id: entry.order_id,
      transaction_id: entry.transaction_id,
      expires_at: entry.expires_at,
      remaining: entry.remaining === null ? null : fromMinorUnits(entry.remaining),
      overdraft: entry.overdraft,
      balance_after: fromMinorUnits(entry.balance_after),
      created_at: entry.created_at,
    })),
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
