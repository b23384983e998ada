import { PLAN_LIMITS, type PlanName, type RateLimits } from "../../../lib/constants"
import type { HoldRule } from "../constants"
import type { WalletPassOptions } from "../options"

/**
 * The plan's arithmetic: the plan's limits, the share of its hour each kind of work may take,
 * the store events' daily cap, and the queue's forecast.
 * Pure (docs/architecture.md, "Rules").
 */

/** How many background requests an hour the plan leaves to `sync.budgetShare` (at least one). */
export function backgroundPerHour(limits: RateLimits, share: number): number {
  return Math.max(1, Math.floor(limits.perHour * share))
}

/** How many class-c ("open") requests an hour the plan leaves to `dispatcher.openShare` (at least one). */
export function openPerHour(limits: RateLimits, share: number): number {
  return Math.max(1, Math.floor(limits.perHour * share))
}

/**
 * The queue's forecast (docs/operations.md, "Forecast"): from the last hour's arrivals and
 * the plan's limits, whether the queue keeps up and when its backlog is gone. Pure: the
 * counts come from the database (repositories/forecast.ts).
 */

/** Requests a rule holds back: how many, and when the first of them may go (null: not known). */
export type HeldRequests = { rule: HoldRule; count: number; next_due_at: Date | null }

/** What the last hour and the queue now say, as counted. */
export type ForecastCounts = {
  /** Live requests that may go as soon as their turn comes (not held by a rule or for an order, not background work). */
  backlog: number
  /** Live requests a rule holds back, by rule: apart from the backlog, which they do not slow. */
  held: HeldRequests[]
  /** Background requests waiting now (import, install sync, drift check: spare budget only). */
  background_backlog: number
  /** Live requests queued in the last hour. */
  arrived_last_hour: number
  /** Of those, balance changes that went inside another request (coalescing): they cost nothing. */
  carried_last_hour: number
  /** Requests sent in the last hour, every kind. */
  sent_last_hour: number
}

export type QueueForecast = ForecastCounts & {
  /** The most requests an hour the plan allows. */
  capacity_per_hour: number
  /** Requests an hour the live work asks for at the last hour's pace. */
  demand_per_hour: number
  /** Seconds until the live backlog is sent at that pace; 0 when there is none; null when it never is (demand at or over capacity). */
  drain_seconds: number | null
  /** False when requests arrive at least as fast as the plan sends them. */
  keeps_up: boolean
  /**
   * When the plan does not keep up: the smallest named plan that would (with a fifth to
   * spare), or "raised" when none does (ask the service for raised limits); null otherwise.
   */
  suggested_plan: PlanName | "raised" | null
}

/** A plan is suggested only if it leaves this share of its hour for peaks. */
const HEADROOM = 1.2

export function forecastQueue(counts: ForecastCounts, limits: RateLimits): QueueForecast {
  const capacity = Math.min(limits.perHour, limits.perSecond * 3600)
  const demand = Math.max(0, counts.arrived_last_hour - counts.carried_last_hour)
  const keepsUp = demand < capacity
  const drainSeconds =
    counts.backlog === 0 ? 0 : keepsUp ? Math.ceil((counts.backlog / (capacity - demand)) * 3600) : null
  let suggested: QueueForecast["suggested_plan"] = null
  if (!keepsUp) {
    const fits = (Object.entries(PLAN_LIMITS) as [PlanName, RateLimits][])
      .filter(([, plan]) => Math.min(plan.perHour, plan.perSecond * 3600) >= demand * HEADROOM)
      .sort(([, a], [, b]) => a.perHour - b.perHour)
    suggested = fits[0]?.[0] ?? "raised"
  }
  return {
    ...counts,
    capacity_per_hour: capacity,
    demand_per_hour: demand,
    drain_seconds: drainSeconds,
    keeps_up: keepsUp,
    suggested_plan: suggested,
  }
}

/** The per-second and per-hour request budget of the configured plan. */
export function planLimits(plan: WalletPassOptions["plan"]): RateLimits {
  return typeof plan === "string" ? PLAN_LIMITS[plan] : plan
}

/** The share of the plan's day store events get when `eventsPerDay` is not set (docs/store-events.md). */
export const DEFAULT_EVENTS_DAY_SHARE = 0.1

/**
 * The daily cap on store events' requests (docs/store-events.md, "The daily cap"): the option,
 * else, whenever `events` maps any event, a tenth of the plan's day (perHour × 24 / 10: 144 on
 * basic, 8,640 on expert); null when no event is mapped.
 */
export function eventsPerDay(options: Pick<WalletPassOptions, "events" | "eventsPerDay" | "plan">): number | null {
  if (options.eventsPerDay !== null) return options.eventsPerDay
  if (!Object.keys(options.events).length) return null
  return Math.max(1, Math.floor(planLimits(options.plan).perHour * 24 * DEFAULT_EVENTS_DAY_SHARE))
}
