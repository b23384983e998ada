import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { requestHolderOperationWorkflow } from "../../../../../../workflows/operations/request-holder-operation"

/** POST /admin/customers/:id/wallet-pass/install-link — text the personalised install link again. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  if (!req.scope.resolve(WALLET_PASS_MODULE).getOptions().installLink) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The installLink option is not configured: there is no link to send"
    )
  }
  const { result } = await requestHolderOperationWorkflow(req.scope).run({
    input: { customer_id: req.params.id, method: "user_create_or_update", payload: { type: "install_link" } },
  })
  res.status(202).json({ operation: result })
}
