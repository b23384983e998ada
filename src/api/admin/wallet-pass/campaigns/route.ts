import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { operationKeys, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { createCampaignWorkflow } from "../../../../workflows/operations/create-campaign"
import { listPage } from "../../../utils/list-page"
import type { AdminWalletPassCampaignType } from "../validators"
import type { AdminWalletPassCampaignListResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/campaigns — push campaigns, newest first. A campaign whose send is
 * queued but not answered yet shows as `sending` (it becomes `sent` or `failed` with the answer).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassCampaignListResponse>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { rows: campaigns, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassCampaigns({}, { order: { created_at: "DESC" }, ...page })
  )
  const ready = campaigns.filter((c) => c.state === "created" || c.state === "failed")
  const sends = ready.length
    ? await walletPass.listWalletPassOperations(
        {
          dedupe_key: ready.map((c) => operationKeys.campaignSend(c.id)),
          state: ["pending", "sending", "unknown"],
        },
        { select: ["payload"] }
      )
    : []
  const sending = new Set(sends.map((op) => String(op.payload.campaign_id)))
  res.json({
    campaigns: campaigns.map((c) => (sending.has(c.id) ? { ...c, state: "sending" as const } : c)),
    ...paging,
  })
}

/** POST /admin/wallet-pass/campaigns — create a campaign at the service (push/create); send it with .../send. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassCampaignType>, res: MedusaResponse) => {
  const { result } = await createCampaignWorkflow(req.scope).run({
    input: { ...req.validatedBody, created_by: req.auth_context.actor_id },
  })
  res.status(201).json({ campaign: result })
}
