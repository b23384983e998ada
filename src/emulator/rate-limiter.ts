/** Sliding-window rate limits of the emulated service (docs/service-api.md, "Limits"). */
import type { RateLimits } from "./readings"

const SECOND_MS = 1_000
const HOUR_MS = 3_600_000

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number; window: "second" | "hour" }

/**
 * Counts admitted requests in the last second and the last hour on a monotonic clock. A
 * refused (429) request is not counted, so a client that waits for Retry-After gets through.
 * `null` limits admit everything.
 */
export class RateLimiter {
  private admitted: number[] = []

  constructor(private limits: RateLimits | null) {}

  get current(): RateLimits | null {
    return this.limits
  }

  set(limits: RateLimits | null): void {
    this.limits = limits
  }

  reset(): void {
    this.admitted = []
  }

  /** Admits and counts the request, or says how long to wait. */
  acquire(now: number): RateDecision {
    this.admitted = this.admitted.filter((t) => t > now - HOUR_MS)
    if (!this.limits) {
      this.admitted.push(now)
      return { ok: true }
    }
    const refusals: { window: "second" | "hour"; waitMs: number }[] = []
    const check = (window: "second" | "hour", spanMs: number, limit: number) => {
      const inWindow = this.admitted.filter((t) => t > now - spanMs)
      if (inWindow.length >= limit) {
        // The request that frees a slot is the one `limit` places back from the newest.
        const freeing = inWindow[inWindow.length - limit]
        refusals.push({ window, waitMs: freeing + spanMs - now })
      }
    }
    check("second", SECOND_MS, this.limits.perSecond)
    check("hour", HOUR_MS, this.limits.perHour)
    if (refusals.length === 0) {
      this.admitted.push(now)
      return { ok: true }
    }
    const worst = refusals.reduce((a, b) => (b.waitMs > a.waitMs ? b : a))
    return { ok: false, window: worst.window, retryAfterSeconds: Math.max(1, Math.ceil(worst.waitMs / 1000)) }
  }
}
