import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../utils/currency"
import type { AdminWalletPassProgramCampaignsResponse } from "../../../../types"

/**
 * GET /admin/wallet-pass/program/campaigns — the program's campaigns, of the version in force
 * and earlier ones, newest start first, each with its state now and what it cost
 * (docs/program.md, "Campaigns"; `cost` in minor units of `currency_code`, the balance currency).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassProgramCampaignsResponse>
) => {
  const [campaigns, currency_code] = await Promise.all([
    req.scope.resolve(WALLET_PASS_MODULE).getEarnCampaigns(),
    balanceCurrency(req.scope),
  ])
  res.json({ ...campaigns, currency_code })
}
