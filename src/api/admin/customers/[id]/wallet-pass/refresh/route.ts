import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestHolderOperationWorkflow } from "../../../../../../workflows/operations/request-holder-operation"

/** POST /admin/customers/:id/wallet-pass/refresh — re-read the pass from the service (cards, install flags, invites). */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result } = await requestHolderOperationWorkflow(req.scope).run({
    input: { customer_id: req.params.id, method: "read_customer", payload: {} },
  })
  res.status(202).json({ operation: result })
}
