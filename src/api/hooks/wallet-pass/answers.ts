/**
 * Every answer the hook receiver gives, in one table (docs/service-api.md, "Hook answers";
 * docs/routes.md says the same). Each failure's body is `{ error: "<description>" }`.
 *
 * The service's description asks for 400 `{ error }` on a receiver failure, so everything the
 * hook's content decides answers 400 (an over-size body too). Two kinds of answer keep their
 * own status: access control (401 for a missing or wrong credential, 403 for an address or
 * pinned header), which is not about the hook's content and which HTTP Basic clients expect;
 * and a failure of the store itself (its database down), which stays 500: a 400 would tell
 * the service its hook is wrong and not worth sending again, while a 5xx is the usual "try
 * later", and the receiver is idempotent (a repeated delivery changes nothing), so a retry
 * is safe. The description does not say whether the service retries at all.
 */
export const HOOK_ANSWERS = {
  /** Handled; an exact repeat answers what the first delivery got. */
  ok: 200,
  /** The body is not JSON, nests too deep, holds too many values or text Postgres cannot keep, or a field the rules need (phone, sum, transactionId, a createCustomer's balance) is missing or wrong. */
  body_refused: 400,
  /** The body is larger than 64 kB. */
  too_large: 400,
  /** An unknown phone, another customer's card, a balance the store has not adopted yet, a change beyond the balance's range. */
  holder_refused: 400,
  /** A transactionId used before for another sum or another customer. */
  conflict: 400,
  /** Hooks are not enabled, or the credential (HTTP Basic or crm_key) is missing or wrong. */
  unauthenticated: 401,
  /** The address is not the allowlisted one, or a pinned X-organization-id / X-program-id / X-wallet-id differs. */
  forbidden: 403,
  /** The store failed (not the hook): worth sending again. */
  internal: 500,
} as const

export type HookAnswerCase = keyof typeof HOOK_ANSWERS
export type HookFailureStatus = Exclude<(typeof HOOK_ANSWERS)[HookAnswerCase], 200>
