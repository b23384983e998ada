import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reviewOperationWorkflow } from "../../../../../workflows/operations/review-operation"
import type { AdminReviewWalletPassOperationType } from "../../validators"
import type { AdminWalletPassOperationResponse } from "../../../../types"

/** The handler of a review action on a failed or needs-review request (`retry`, `resolve`), with the admin's note. */
export const reviewOperationHandler =
  (action: "retry" | "resolve") =>
  async (
    req: AuthenticatedMedusaRequest<AdminReviewWalletPassOperationType>,
    res: MedusaResponse<AdminWalletPassOperationResponse>
  ) => {
    const { result } = await reviewOperationWorkflow(req.scope).run({
      input: { id: req.params.id, action, note: req.validatedBody?.note ?? null, actor: req.auth_context.actor_id },
    })
    res.json({ operation: result })
  }
