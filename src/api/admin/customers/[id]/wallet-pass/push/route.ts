import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestHolderOperationWorkflow } from "../../../../../../workflows/operations/request-holder-operation"
import type { AdminWalletPassPushType } from "../../../../wallet-pass/validators"

/**
 * POST /admin/customers/:id/wallet-pass/push — a personal push (wallet, web push or messaging
 * app). Sent on its own, never with a balance change, so the customer sees its text (docs/service-api.md, "Requests").
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassPushType>, res: MedusaResponse) => {
  const { result } = await requestHolderOperationWorkflow(req.scope).run({
    input: {
      customer_id: req.params.id,
      method: "user_create_or_update",
      payload: { type: "push", push_type: req.validatedBody.type, message: req.validatedBody.message },
    },
  })
  res.status(202).json({ operation: result })
}
