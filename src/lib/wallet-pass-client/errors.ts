/**
 * The client's one error class. Callers decide what to do from `outcome` (docs/architecture.md, "The queue"): a
 * not-applied request may be retried; an ambiguous one may have changed the service's state
 * and must be resolved from evidence, never re-sent blindly.
 */

/** What a finished call did at the service. `applied` is never carried by an error. */
export const CALL_OUTCOMES = ["applied", "not_applied", "ambiguous"] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]
export type FailureOutcome = Exclude<CallOutcome, "applied">

/**
 * Failure categories and the outcome each implies:
 * - `local_validation`: refused before sending (bad input, impossible phone, event value over 100 characters). not_applied.
 * - `rejected`: the service answered 4xx (not 429), or 2xx with `success: false` naming no limit. not_applied.
 * - `rate_limited`: an answer over the limit: 429, 503, or 2xx `success: false` naming a limit or
 *   nothing (failures.ts); `retryAfterSeconds` carries Retry-After when sent. not_applied.
 * - `connect_failed`: connection refused, connect timeout, DNS failure, client closed: nothing was written. not_applied.
 * - `timeout`: no (complete) response in time after the request was written. ambiguous.
 * - `connection_reset`: the connection broke after the request was written. ambiguous.
 * - `server_error`: 5xx but 503. ambiguous.
 * - `invalid_response`: a 2xx whose body is not what the spec describes, or another unexpected status. ambiguous.
 */
export const ERROR_KINDS = {
  local_validation: "not_applied",
  rejected: "not_applied",
  rate_limited: "not_applied",
  connect_failed: "not_applied",
  timeout: "ambiguous",
  connection_reset: "ambiguous",
  server_error: "ambiguous",
  invalid_response: "ambiguous",
} as const satisfies Record<string, FailureOutcome>
export type WalletPassErrorKind = keyof typeof ERROR_KINDS

export type WalletPassApiErrorInit = {
  kind: WalletPassErrorKind
  /** Request path relative to the API base, e.g. `/crm/balance/add`. */
  path: string
  /** HTTP status, when a response arrived. */
  status?: number
  /** The service's error text, when its body had one. */
  serviceError?: string
  /** The service's error code, when its body had one. */
  serviceCode?: string
  /** The raw response body (with the app key removed should the service echo it). */
  rawBody?: string
  /** From Retry-After on a 429. */
  retryAfterSeconds?: number
  /** What was wrong with the input, for `local_validation`. */
  issues?: string[]
  /** Short description used in the message when there is no service text. */
  detail?: string
  cause?: unknown
}

/** A failed call to the wallet-pass service. Never carries the app key. */
export class WalletPassApiError extends Error {
  readonly name = "WalletPassApiError"
  readonly kind: WalletPassErrorKind
  readonly outcome: FailureOutcome
  readonly path: string
  readonly status?: number
  readonly serviceError?: string
  readonly serviceCode?: string
  readonly rawBody?: string
  readonly retryAfterSeconds?: number
  readonly issues?: string[]

  constructor(init: WalletPassApiErrorInit) {
    const what = init.serviceError ?? init.issues?.join("; ") ?? init.detail ?? init.kind
    const status = init.status === undefined ? "" : ` ${init.status}`
    super(`wallet-pass ${init.path} failed (${init.kind}${status}, ${ERROR_KINDS[init.kind]}): ${what}`, {
      cause: init.cause,
    })
    this.kind = init.kind
    this.outcome = ERROR_KINDS[init.kind]
    this.path = init.path
    this.status = init.status
    this.serviceError = init.serviceError
    this.serviceCode = init.serviceCode
    this.rawBody = init.rawBody
    this.retryAfterSeconds = init.retryAfterSeconds
    this.issues = init.issues
  }

  /** True when the request was refused before anything was sent. */
  get refusedLocally(): boolean {
    return this.kind === "local_validation"
  }
}

export function isWalletPassApiError(error: unknown): error is WalletPassApiError {
  return error instanceof WalletPassApiError
}

/** Invalid client options; names the option and what it accepts. */
export class WalletPassConfigError extends Error {
  readonly name = "WalletPassConfigError"
}
