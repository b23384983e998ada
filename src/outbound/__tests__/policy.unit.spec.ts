import type { WalletPassErrorKind } from "../../lib/wallet-pass-client"
import type { OperationMethod } from "../../modules/wallet-pass"
import {
  backoff,
  MAX_ATTEMPTS,
  MAX_REJECTED_ATTEMPTS,
  MAX_SILENT_REFUSALS,
  settleFailure,
  type FailureInput,
} from "../policy"

// The dispatcher's decision table (docs/architecture.md, "The queue"): where a request that
// did not clearly succeed goes next, for every kind of failure and method.

const GRACE = 45

type ErrorFacts = NonNullable<FailureInput["error"]>
const error = (
  kind: WalletPassErrorKind,
  outcome: ErrorFacts["outcome"],
  extra: Partial<ErrorFacts> = {}
): ErrorFacts => ({
  kind,
  outcome,
  refusedLocally: kind === "local_validation",
  retryAfterSeconds: undefined,
  ...extra,
})

const decide = (method: OperationMethod, e: ErrorFacts | undefined, { attempts = 1, atMostOnce = false } = {}) =>
  settleFailure({ method, attempts, error: e, message: "boom", atMostOnce, echoGraceSeconds: GRACE })

describe("settleFailure", () => {
  it("a request that could not be built, or was refused before leaving, fails for good", () => {
    expect(decide("balance_add", undefined)).toEqual({ state: "failed", last_error: "boom" })
    expect(decide("user_create_or_update", error("local_validation", "not_applied"))).toEqual({
      state: "failed",
      last_error: "boom",
    })
  })

  it.each(["balance_add", "balance_deduct"] as const)(
    "an ambiguous %s waits for its echo, resolved by it when recorded",
    (method) => {
      expect(decide(method, error("timeout", "ambiguous"))).toEqual({
        state: "unknown",
        last_error: "boom",
        retry_in_seconds: GRACE,
        resolve_if_echoed: true,
      })
      // At most once or not: a balance change heals with an absolute set, never a blind repeat.
      expect(decide(method, error("server_error", "ambiguous"), { atMostOnce: true }).state).toBe("unknown")
    }
  )

  it("an ambiguous push or text goes to review: it must not arrive twice", () => {
    for (const method of ["push_send", "push_create", "event_send", "user_create_or_update"] as const) {
      expect(decide(method, error("timeout", "ambiguous"), { atMostOnce: true })).toEqual({
        state: "needs_review",
        last_error: "boom (may have been applied; not re-sent)",
      })
    }
  })

  it("an ambiguous value set is held until the first can no longer land, then retried as a service failure", () => {
    expect(decide("user_create_or_update", error("timeout", "ambiguous"), { attempts: 2 })).toEqual({
      state: "pending",
      last_error: "boom",
      retry_in_seconds: backoff(2),
      hold_seconds: GRACE,
      service_failure: { give_up_after: MAX_ATTEMPTS },
    })
    // A read may be repeated at once: nothing to hold.
    expect(decide("read_customer", error("timeout", "ambiguous"))).toMatchObject({
      state: "pending",
      hold_seconds: null,
    })
  })

  it("a 429 waits for Retry-After (1 s without one) and is not a failure of the service", () => {
    expect(decide("balance_add", error("rate_limited", "not_applied", { retryAfterSeconds: 7 }))).toEqual({
      state: "pending",
      last_error: "boom",
      retry_in_seconds: 7,
      result: { retry: "rate_limited" },
    })
    expect(decide("status", error("rate_limited", "not_applied"))).toMatchObject({ retry_in_seconds: 1 })
    // A Retry-After of an hour holds the request (and the gate: drain.ts) no longer than the cap.
    expect(
      settleFailure({
        method: "balance_add",
        attempts: 1,
        error: error("rate_limited", "not_applied", { retryAfterSeconds: 3600 }),
        message: "boom",
        atMostOnce: false,
        echoGraceSeconds: GRACE,
        maxRetryAfterSeconds: 60,
      })
    ).toMatchObject({ state: "pending", retry_in_seconds: 60 })
  })

  it(`a bare 2xx success: false read as over the limit waits at the plan's rate, failed only after ${MAX_SILENT_REFUSALS} attempts`, () => {
    const bare = error("rate_limited", "not_applied", { status: 200 })
    expect(decide("balance_add", bare, { attempts: MAX_ATTEMPTS })).toMatchObject({
      state: "pending",
      retry_in_seconds: 1,
    })
    expect(decide("balance_add", bare, { attempts: MAX_SILENT_REFUSALS })).toMatchObject({ state: "failed" })
    // One that named the limit, and a 429, wait as long as it takes.
    const named = error("rate_limited", "not_applied", { status: 200, serviceError: "Too many requests" })
    expect(decide("balance_add", named, { attempts: MAX_SILENT_REFUSALS })).toMatchObject({ state: "pending" })
    const plain = error("rate_limited", "not_applied", { status: 429 })
    expect(decide("balance_add", plain, { attempts: MAX_SILENT_REFUSALS })).toMatchObject({ state: "pending" })
  })

  it(`a request the service rejects is tried ${MAX_REJECTED_ATTEMPTS} times with backoff, then fails`, () => {
    for (let attempts = 1; attempts < MAX_REJECTED_ATTEMPTS; attempts++) {
      expect(decide("event_send", error("rejected", "not_applied"), { attempts })).toEqual({
        state: "pending",
        last_error: "boom",
        retry_in_seconds: backoff(attempts),
        result: { retry: "rejected" },
      })
    }
    expect(decide("event_send", error("rejected", "not_applied"), { attempts: MAX_REJECTED_ATTEMPTS })).toEqual({
      state: "failed",
      last_error: "boom",
    })
  })

  it("a service failure that did not apply backs off and is counted when recorded", () => {
    expect(decide("balance_add", error("connect_failed", "not_applied"), { attempts: 3 })).toEqual({
      state: "pending",
      last_error: "boom",
      retry_in_seconds: backoff(3),
      hold_seconds: null,
      service_failure: { give_up_after: MAX_ATTEMPTS },
    })
  })

  it("backs off exponentially from 5 s to at most 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(backoff)).toEqual([5, 10, 20, 40, 80, 160, 300, 300])
    expect(backoff(0)).toBe(5)
  })
})
