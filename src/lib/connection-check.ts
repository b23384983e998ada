import type { CheckMessageCode, CheckValues } from "./check-messages"

/** What the connection check reports (src/outbound/connection-check.ts; the admin shows it). */
export type CheckStepId = "key" | "plan" | "mode" | "customers" | "customer" | "hooks" | "clock"
export type CheckStep = {
  id: CheckStepId
  /** ok: nothing to do; warn: works, but look; fail: the integration will not work as set up. */
  status: "ok" | "warn" | "fail" | "skipped"
  /** What was found, in English (src/lib/check-messages.ts `checkText`). */
  found: string
  /** What was found as its code and values: the admin says it in the merchant's language. */
  found_code: CheckMessageCode
  found_values: CheckValues
  /** What to do about it, in English; null when nothing. */
  todo: string | null
  todo_code: CheckMessageCode | null
  todo_values: CheckValues | null
  /** Fields an answer had that our reading does not know, and documented fields it lacked. */
  unknown_fields?: string[]
  missing_fields?: string[]
  /** The service's answer (redacted) when it did not match our reading: for support. */
  answer?: unknown
}
export type CheckRequest = { path: string; status: number | null; outcome: string; duration_ms: number }
export type ConnectionCheckResult = {
  ok: boolean
  /** The first failing step, or null. */
  failed_step: CheckStepId | null
  steps: CheckStep[]
  requests: CheckRequest[]
  checked_at: string
}
