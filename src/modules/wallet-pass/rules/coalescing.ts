import { BALANCE_METHODS, type OperationMethod } from "../constants"
import type { OperationRow } from "../types"

/**
 * Coalescing under backlog (docs/architecture.md, "Coalescing"): which waiting balance changes
 * one request carries. Pure; the SQL is repositories/coalesce.ts.
 */

/** A holder's request waiting behind the one about to go, as the plan reads it. */
export type WaitingRequest = {
  id: string
  method: OperationMethod
  /** Due now: not backing off and not held (a checkout's redemption waits for its order). */
  due: boolean
  /** Its ledger entry's signed amount while the entry is applied; null otherwise. */
  amount: number | null
}

export type CoalescingPlan = {
  /** The waiting balance changes the request carries, in their order. */
  operation_ids: string[]
  /** Their signed sum, minor units. */
  amount: number
}

/**
 * Whether `head`, the holder's request about to go, can carry the balance changes waiting
 * right behind it, and which. A balance change carries the following ones when at least one
 * follows (two or more changes: they go as one set, a lone change goes as today); a request
 * that sets the customer's values anyway (an enrolment, a profile update, a balance set)
 * carries one or more. Never a push, a text or anything else: a push must not share a
 * request with a balance change. The followers are taken in order while they are balance
 * changes that are due and whose entry is applied; anything else ends the run (a request
 * behind it keeps its place).
 */
export function coalescingPlan(
  head: Pick<OperationRow, "method" | "payload">,
  waiting: WaitingRequest[]
): CoalescingPlan | null {
  const carrier = BALANCE_METHODS.includes(head.method)
    ? "change"
    : head.method === "user_create_or_update" && SETTING_TYPES.includes(String(head.payload?.type))
      ? "set"
      : null
  if (!carrier) return null
  const carried: WaitingRequest[] = []
  for (const request of waiting) {
    if (!BALANCE_METHODS.includes(request.method) || !request.due || request.amount === null) break
    carried.push(request)
  }
  if (!carried.length) return null
  return { operation_ids: carried.map((r) => r.id), amount: carried.reduce((sum, r) => sum + r.amount!, 0) }
}

/** user_create_or_update requests that set the customer's values and may set the balance too. */
const SETTING_TYPES = ["enroll", "profile", "balance_sync"]
