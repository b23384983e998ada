import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmPhoneVerificationWorkflow } from "../../../../../../../workflows/accounts/confirm-phone-verification"
import type { StoreWalletPassVerificationConfirmResponse } from "../../../../../../types"
import type { StoreConfirmWalletPassVerificationType } from "../validators"

/**
 * POST /store/customers/me/wallet-pass/verification/confirm `{ code }` — the code the phone
 * received. Right: the account holds the phone (its whole balance and its install links
 * show, and a pass of that phone held by another store customer moves here). Wrong: 400
 * saying how many attempts are left.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StoreConfirmWalletPassVerificationType>,
  res: MedusaResponse<StoreWalletPassVerificationConfirmResponse>
) => {
  const { result } = await confirmPhoneVerificationWorkflow(req.scope).run({
    input: { customer_id: req.auth_context.actor_id, code: req.validatedBody.code },
  })
  res.json({ verified: true, moved: result.moved_from !== null })
}
