import type { WalletPassApiError } from "../lib/wallet-pass-client"
import { BALANCE_METHODS, LATE_LANDING_METHODS, type OperationMethod, type SettleInput } from "../modules/wallet-pass"

/**
 * Where a request that did not clearly succeed goes next: the dispatcher's decision table,
 * pure (docs/architecture.md, "The queue"; unit-tested in __tests__/policy.unit.spec.ts).
 */

/**
 * A request the service fails (5xx, reset, timeout, refused connection) is retried with
 * exponential backoff and fails for good after this many failures that were its own: the
 * failures of one outage count once (the module's OutboxService.recordSendOutcome), so an outage of
 * any length only delays the queue, while a request the service keeps failing for itself ends
 * in review. From its second failure of its own a request waits out its whole backoff, so the
 * tenth comes some 20 minutes after the first.
 */
export const MAX_ATTEMPTS = 10
const BACKOFF_BASE_SECONDS = 5
/**
 * The longest backoff: how long the queue may take to notice that the service is back
 * when nothing else is sent; the first good answer then makes every request due that the
 * outage failed (and no other).
 */
const BACKOFF_CAP_SECONDS = 300
/**
 * A bare 2xx `{ success: false }` is read as the answer over a limit (the client's
 * failures.ts): sent again at the plan's rate, and failed only after this many attempts, so a
 * service that means a refusal by it does not hold a request, and the rate, for ever.
 */
export const MAX_SILENT_REFUSALS = 3 * MAX_ATTEMPTS

/** A 2xx `success: false` with no text and no code. */
function saidNothing(error: NonNullable<FailureInput["error"]>): boolean {
  return error.status !== undefined && error.status < 300 && !error.serviceError && !error.serviceCode
}

/** A 4xx other than 429 will not get better by itself: a few tries (a key being fixed), then fail. */
export const MAX_REJECTED_ATTEMPTS = 3

export type FailureInput = {
  method: OperationMethod
  /** Attempts so far, this one included. */
  attempts: number
  /** The client's error; undefined when the request could not even be built. */
  error:
    | (Pick<WalletPassApiError, "kind" | "outcome" | "refusedLocally" | "retryAfterSeconds"> &
        Partial<Pick<WalletPassApiError, "status" | "serviceError" | "serviceCode">>)
    | undefined
  message: string
  /** The request must not be sent twice (a push, a text). */
  atMostOnce: boolean
  /** How long an ambiguous request may still land at the service (dispatcher.echoGraceSeconds). */
  echoGraceSeconds: number
  /** A refusal is final (a code's text): failed at once, not tried again. */
  finalIfRejected?: boolean
  /** The longest a 429's Retry-After is obeyed (dispatcher.maxRetryAfterSeconds); unset: as the service says. */
  maxRetryAfterSeconds?: number
}

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_SECONDS)
}

/**
 * How long an answer over the limit (429, 503, a 2xx `success: false` read so) holds the queue
 * (the gate for every request, and the refused request): the service's Retry-After, without
 * one the plan's rate (every plan allows one request a second: 1 s), never longer than `max` (dispatcher.maxRetryAfterSeconds),
 * so a service answering "an hour" cannot stop credits for an hour; the rate gate keeps the
 * plan's windows anyway.
 */
export function retryAfterSeconds(retryAfter: number | undefined, max = Infinity): number {
  return Math.min(retryAfter ?? 1, max)
}

export function settleFailure({
  method,
  attempts,
  error,
  message,
  atMostOnce,
  echoGraceSeconds,
  finalIfRejected,
  maxRetryAfterSeconds,
}: FailureInput): SettleInput {
  if (!error || error.refusedLocally) {
    // Our own request could not be built or was refused before sending: retrying won't help.
    return { state: "failed", last_error: message }
  }
  if (error.outcome === "ambiguous") {
    if (BALANCE_METHODS.includes(method)) {
      // Resolved by the echo hook when it came (checked when recorded), else by an absolute
      // balance set once the echo window has passed.
      return { state: "unknown", last_error: message, retry_in_seconds: echoGraceSeconds, resolve_if_echoed: true }
    }
    if (atMostOnce) {
      return { state: "needs_review", last_error: `${message} (may have been applied; not re-sent)` }
    }
  }
  if (error.kind === "rate_limited") {
    if (saidNothing(error) && attempts >= MAX_SILENT_REFUSALS) {
      // A bare 2xx success: false read as over the limit, again and again: a refusal after all.
      return { state: "failed", last_error: `${message} (answered success: false ${attempts} times)` }
    }
    return {
      state: "pending",
      last_error: message,
      retry_in_seconds: retryAfterSeconds(error.retryAfterSeconds, maxRetryAfterSeconds),
      result: { retry: "rate_limited" },
    }
  }
  if (error.kind === "rejected") {
    if (finalIfRejected || attempts >= MAX_REJECTED_ATTEMPTS) return { state: "failed", last_error: message }
    return { state: "pending", last_error: message, retry_in_seconds: backoff(attempts), result: { retry: "rejected" } }
  }
  // The service is in trouble (or was, for this request): counted when recorded. A request
  // that sets values is sent again only once the first can no longer land.
  const lateLanding = error.outcome === "ambiguous" && LATE_LANDING_METHODS.includes(method)
  return {
    state: "pending",
    last_error: message,
    retry_in_seconds: backoff(attempts),
    hold_seconds: lateLanding ? echoGraceSeconds : null,
    service_failure: { give_up_after: MAX_ATTEMPTS },
  }
}
