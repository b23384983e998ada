import type { OrdersWaiting, ProgramOverview } from "../../modules/wallet-pass/browser"
import { fromMinorUnits } from "../../lib/amounts"

const flows = <T extends { credited: number; redeemed: number; reversed: number; lapsed: number }>(f: T) => ({
  ...f,
  credited: fromMinorUnits(f.credited),
  redeemed: fromMinorUnits(f.redeemed),
  reversed: fromMinorUnits(f.reversed),
  lapsed: fromMinorUnits(f.lapsed),
})

/**
 * The program overview as the admin shows it (docs/overview.md): amounts in the balance unit of
 * `currency_code`, the share of enrolled holders with a card installed, and the plan's hourly
 * limit beside the requests of each hour; the orders waiting for their bonus (null without a
 * balance currency) and when the order sweep last ran.
 */
export function presentOverview(
  overview: ProgramOverview,
  {
    currency_code,
    per_hour_limit,
    orders_waiting,
    order_sweep,
  }: {
    currency_code: string | null
    per_hour_limit: number
    orders_waiting: OrdersWaiting | null
    /** The order sweep: on or off, its interval, when a run last started and whether it is late (rules/overview.ts). */
    order_sweep: { enabled: boolean; every_seconds: number; last_run_at: Date | null; late: boolean }
  }
) {
  const { holders, balance, requests } = overview
  return {
    currency_code,
    timezone: overview.timezone,
    generated_at: overview.generated_at,
    holders: {
      ...holders,
      // Of the enrolled holders; null while none is enrolled.
      installed_share: holders.enrolled ? holders.installed / holders.enrolled : null,
    },
    balance: { outstanding: fromMinorUnits(balance.outstanding), expiring: fromMinorUnits(balance.expiring) },
    flows: {
      days: overview.flows.days,
      from: overview.flows.from,
      to: overview.flows.to,
      totals: flows(overview.flows.totals),
      per_day: overview.flows.per_day.map(flows),
    },
    requests: {
      hours: requests.hours,
      per_hour_limit,
      peak: Math.max(0, ...requests.per_hour.map((h) => h.used)),
      total: requests.per_hour.reduce((sum, h) => sum + h.used, 0),
      per_hour: requests.per_hour,
    },
    orders_waiting,
    order_sweep,
  }
}
