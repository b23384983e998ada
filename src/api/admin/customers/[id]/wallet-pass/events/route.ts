import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestHolderOperationWorkflow } from "../../../../../../workflows/operations/request-holder-operation"
import type { AdminWalletPassEventType } from "../../../../wallet-pass/validators"
import { needsCurrentRevision } from "../../../../../utils/revision"

/**
 * POST /admin/customers/:id/wallet-pass/events — an event for this customer; fires the
 * service's triggers. Under revision 2.7.2, which has no event/send, 400 and nothing queued.
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassEventType>, res: MedusaResponse) => {
  needsCurrentRevision(req.scope, "event/send (an event for a customer)")
  const { result } = await requestHolderOperationWorkflow(req.scope).run({
    input: { customer_id: req.params.id, method: "event_send", payload: { ...req.validatedBody } },
  })
  res.status(202).json({ operation: result })
}
