import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { planLimits, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { AdminWalletPassForecastResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/forecast — whether the request queue keeps up with what arrives at
 * the last hour's pace, when its backlog is gone, and the plan that would keep up
 * (docs/operations.md, "Forecast").
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassForecastResponse>) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const options = walletPass.getOptions()
  res.json({
    forecast: {
      ...(await walletPass.getQueueForecast(planLimits(options.plan))),
      plan: typeof options.plan === "string" ? options.plan : "custom",
    },
  })
}
