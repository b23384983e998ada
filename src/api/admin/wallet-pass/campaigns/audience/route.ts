import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type { AdminWalletPassCampaignAudienceResponse } from "../../../../types"

/**
 * GET /admin/wallet-pass/campaigns/audience — the cards a campaign for the whole base would
 * reach: installed in a wallet, and never checked (they may receive it too). The admin shows
 * it before a campaign is sent. A segment is the service's: the store cannot count it.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassCampaignAudienceResponse>
) => {
  res.json({ audience: await req.scope.resolve(WALLET_PASS_MODULE).getCampaignAudience() })
}
