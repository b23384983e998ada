import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { createCampaignWorkflow } from "../../../../workflows/operations/create-campaign"
import type { AdminWalletPassCampaignType, AdminWalletPassPageQueryType } from "../validators"
import type { AdminWalletPassCampaignListResponse } from "../../../types"

/** GET /admin/wallet-pass/campaigns — push campaigns, newest first. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassCampaignListResponse>
) => {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  const [campaigns, count] = await req.scope
    .resolve(WALLET_PASS_MODULE)
    .listAndCountWalletPassCampaigns({}, { order: { created_at: "DESC" }, take: limit, skip: offset })
  res.json({ campaigns, count, limit, offset })
}

/** POST /admin/wallet-pass/campaigns — create a campaign at the service (push/create); send it with .../send. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassCampaignType>, res: MedusaResponse) => {
  const { result } = await createCampaignWorkflow(req.scope).run({
    input: { ...req.validatedBody, created_by: req.auth_context.actor_id },
  })
  res.status(201).json({ campaign: result })
}
