import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../utils/currency"
import { sweepOrders } from "../../../../workflows/orders/sweep-orders"
import type { AdminWalletPassOrderSweepResponse, AdminWalletPassOrderSweepRunResponse } from "../../../types"
import type { AdminWalletPassOrderSweepQueryType, AdminWalletPassOrderSweepRunType } from "./validators"

/**
 * GET /admin/wallet-pass/order-sweep — the order sweep (docs/operations.md, "The order sweep"):
 * when the plugin was installed (the sweep's window starts no earlier), its settings, its last
 * run, what waits now (orders without their bonus, cancels and returns without their
 * reversal), and the events its runs recorded, newest first (`?outcome=caught|nothing_due|failed`).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminWalletPassOrderSweepQueryType>,
  res: MedusaResponse<AdminWalletPassOrderSweepResponse>
) => {
  const { limit, offset, outcome } = req.validatedQuery as AdminWalletPassOrderSweepQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const currency = await balanceCurrency(req.scope)
  const [state, waiting, { items, count }] = await Promise.all([
    walletPass.getOrderSweepState(),
    currency ? walletPass.countOrdersWaiting({ currency }) : null,
    walletPass.listOrderSweepItems({ limit, offset, outcome }),
  ])
  const { enabled, graceSeconds, everySeconds, lookBackDays, batchSize } = walletPass.getOptions().sweep
  res.json({
    order_sweep: {
      installed_at: state.installed_at,
      settings: {
        enabled,
        grace_seconds: graceSeconds,
        every_seconds: everySeconds,
        look_back_days: lookBackDays,
        batch_size: batchSize,
      },
      last_run_at: state.last_run_at,
      last_run: state.last_run,
      waiting,
    },
    items,
    count,
    limit,
    offset,
  })
}

/**
 * POST /admin/wallet-pass/order-sweep `{ since? }` — one run of the sweep now (at most
 * `sweep.batchSize` events; `more` says to call again). `since` (a date) looks at the orders
 * placed from then on, before the plugin's installation too: how a merchant asks for the
 * bonus of orders placed before it. Answers the run.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminWalletPassOrderSweepRunType>,
  res: MedusaResponse<AdminWalletPassOrderSweepRunResponse>
) => {
  const { since } = req.validatedBody
  const run = await sweepOrders(req.scope, { since: since ?? null })
  if (!run) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The store has no balance currency yet: set the plugin's currencyCode option or the store's default currency"
    )
  }
  if (since) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `wallet-pass: order sweep since ${since.toISOString()} asked by ${req.auth_context?.actor_id ?? "an admin"}: ${run.caught} caught, more: ${run.more}`
      )
  }
  res.json({ order_sweep_run: run })
}
