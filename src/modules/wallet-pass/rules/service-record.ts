import type { AdoptionState } from "../constants"

/**
 * Whether the store may write a holder's own values (name, surname, e-mail, birthday,
 * `customerId`, the card's texts and design) to the phone's record at the service
 * (docs/security.md, "What an unproven account gets of a pass"). Not when the service held
 * the record before the store did (the holder is `adopted`: the phone's owner may be someone
 * else) and the holder's customer is a store account that has not proven the phone: its name
 * and e-mail are only what the account typed. A record the store made itself (`new`,
 * `legacy`) is the account's own; a customer without an account (the admin's, or one the
 * plugin made from an install or the import) typed no phone; an admin who moved the pass to
 * the account (`adminMoved`, that move's own update) vouched for it. Pure.
 */
export function serviceRecordWritable(
  holder: { adoption_state: AdoptionState; customer_id: string | null; verified_customer_id: string | null },
  customer: { has_account: boolean } | null,
  { adminMoved = false }: { adminMoved?: boolean } = {}
): boolean {
  if (holder.adoption_state !== "adopted" || adminMoved) return true
  if (!customer?.has_account) return true
  return holder.verified_customer_id !== null && holder.verified_customer_id === holder.customer_id
}

/** Why a request to the service was not sent (recorded on the operation). */
export const RECORD_WITHHELD_REASON =
  "the service held this phone's record before the store, and the account has not proven the phone: nothing of it is written"
