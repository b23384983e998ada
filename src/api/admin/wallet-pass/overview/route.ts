import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { planLimits, sweepLate, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../utils/currency"
import type { AdminWalletPassOverviewResponse } from "../../../types"
import { presentOverview } from "../../../utils/present-overview"
import type { AdminWalletPassOverviewQueryType } from "./validators"

/**
 * GET /admin/wallet-pass/overview — the program at a glance (docs/overview.md): holders, what
 * the store owes and what lapses soon, the flows of bonus per day over `?days=30|90`, and the
 * requests to the service per hour against the plan, counted in `?timezone=`; and the orders
 * waiting for their bonus (the order sweep's query, docs/operations.md), and when the sweep
 * last ran (`order_sweep.late` when no worker runs it).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminWalletPassOverviewQueryType>,
  res: MedusaResponse<AdminWalletPassOverviewResponse>
) => {
  const { days, timezone } = req.validatedQuery as AdminWalletPassOverviewQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [overview, currency_code] = await Promise.all([
    walletPass.getProgramOverview({ days, timezone }),
    balanceCurrency(req.scope),
  ])
  // The order sweep's own query: what waits whatever the event bus holds (docs/operations.md).
  const orders_waiting = currency_code ? await walletPass.countOrdersWaiting({ currency: currency_code }) : null
  const options = walletPass.getOptions()
  const per_hour_limit = planLimits(options.plan).perHour
  // When the sweep last ran, late when no worker runs it (docs/operations.md, "The order sweep").
  const state = await walletPass.getOrderSweepState()
  const { enabled, everySeconds } = options.sweep
  const order_sweep = {
    enabled,
    every_seconds: everySeconds,
    last_run_at: state.last_run_at,
    late: sweepLate({
      enabled,
      everySeconds,
      lastRunAt: state.last_run_at,
      installedAt: state.installed_at,
      now: state.now,
    }),
  }
  res.json({ overview: presentOverview(overview, { currency_code, per_hour_limit, orders_waiting, order_sweep }) })
}
