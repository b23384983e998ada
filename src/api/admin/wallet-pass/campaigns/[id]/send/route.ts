import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendCampaignWorkflow } from "../../../../../../workflows/operations/create-campaign"

/** POST /admin/wallet-pass/campaigns/:id/send — run a campaign the service has created (push/send), once. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result } = await sendCampaignWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.status(202).json({ operation: result })
}
