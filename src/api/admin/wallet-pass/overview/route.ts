import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { planLimits, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../utils/currency"
import type { AdminWalletPassOverviewResponse } from "../../../types"
import { presentOverview } from "../../../utils/present-overview"
import type { AdminWalletPassOverviewQueryType } from "./validators"

/**
 * GET /admin/wallet-pass/overview — the program at a glance (docs/overview.md): holders, what
 * the store owes and what lapses soon, the flows of bonus per day over `?days=30|90`, and the
 * requests to the service per hour against the plan, counted in `?timezone=`; and the orders
 * waiting for their bonus (the order sweep's query, docs/operations.md).
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
  const orders_waiting = currency_code
    ? await walletPass.orderSweep().countOrdersWaiting({ currency: currency_code })
    : null
  const per_hour_limit = planLimits(walletPass.getOptions().plan).perHour
  res.json({ overview: presentOverview(overview, { currency_code, per_hour_limit, orders_waiting }) })
}
