import { fromMinorUnits } from "../../lib/amounts"
import type { AdminOperationListRow } from "../../modules/wallet-pass/browser"

/** The store customer of a request's pass, as the customer module has them. */
export type OperationCustomer = {
  id: string
  first_name: string | null
  last_name: string | null
  email: string | null
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null)

/**
 * A request of the admin's log: the request as queued, whose pass it is for (the store
 * customer's name and email, else the profile the pass keeps; the pass's phone) and what it
 * is about, for the admin to say in words: its kind within its method, the amount of a
 * credit or debit (balance unit), the balance a balance set sent, a push's text, an event's
 * key, a campaign's name.
 */
export function presentOperationListItem(row: AdminOperationListRow, customer: OperationCustomer | undefined) {
  const {
    holder_phone,
    customer_id,
    holder_name,
    holder_surname,
    holder_email,
    entry_amount,
    campaign_name,
    campaign_message,
    sent_balance,
    ...operation
  } = row
  const payload = (operation.payload ?? {}) as Record<string, unknown>
  const name =
    [customer?.first_name ?? holder_name, customer?.last_name ?? holder_surname].filter(Boolean).join(" ") || null
  const balance = sent_balance === null ? null : Number(sent_balance)
  return {
    ...operation,
    customer:
      customer_id || holder_phone
        ? { id: customer_id, name, email: customer?.email ?? holder_email, phone: holder_phone }
        : null,
    subject: {
      type: text(payload.type),
      amount: entry_amount === null || entry_amount === undefined ? null : fromMinorUnits(entry_amount),
      balance: balance !== null && Number.isFinite(balance) ? balance : null,
      message: text(payload.message),
      push_type: text(payload.push_type),
      event: text(payload.event),
      campaign: campaign_name ?? campaign_message,
    },
  }
}
