import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestHolderOperationWorkflow } from "../../../../../../workflows/operations/request-holder-operation"
import type { AdminWalletPassEventType } from "../../../../wallet-pass/validators"

/** POST /admin/customers/:id/wallet-pass/events — an event for this customer; fires the service's triggers. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassEventType>, res: MedusaResponse) => {
  const { result } = await requestHolderOperationWorkflow(req.scope).run({
    input: { customer_id: req.params.id, method: "event_send", payload: { ...req.validatedBody } },
  })
  res.status(202).json({ operation: result })
}
