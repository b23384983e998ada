import { type HolderStatus, holderStatus } from "../../lib/holder-status"
import type { AccountPass } from "./account-pass"

/**
 * The one status of a store account's pass (src/lib/holder-status.ts; docs/admin.md, "One
 * status"), from what resolveAccountPass read: its own holder, its phone (readable, unreadable
 * or none) and whose pass has that phone.
 */
export function accountStatus(account: AccountPass): HolderStatus {
  const holder = account.own?.holder ?? null
  return holderStatus({
    holder: holder && { enrollment_state: holder.enrollment_state, has_phone: !!holder.phone },
    phone: account.phone ? "readable" : account.phone_problem ? "problem" : "none",
    link: account.phone && holder?.phone === account.phone ? "own" : account.elsewhere ? "other" : "none",
    proven: !!holder && holder.verified_customer_id !== null && holder.verified_customer_id === holder.customer_id,
  })
}
