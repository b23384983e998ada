import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reviewOperationWorkflow } from "../../../../../../workflows/operations/review-operation"
import type { AdminReviewWalletPassOperationType } from "../../../validators"

/** POST /admin/wallet-pass/operations/:id/resolve — a failed or needs-review request: close it as handled by hand. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminReviewWalletPassOperationType>,
  res: MedusaResponse
) => {
  const { result } = await reviewOperationWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      action: "resolve",
      note: req.validatedBody?.note ?? null,
      actor: req.auth_context.actor_id,
    },
  })
  res.json({ operation: result })
}
