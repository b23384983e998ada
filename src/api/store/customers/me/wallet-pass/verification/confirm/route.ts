import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../../../modules/wallet-pass"
import { confirmPhoneVerificationWorkflow } from "../../../../../../../workflows/accounts/confirm-phone-verification"
import { applyHolderDiscountWorkflow } from "../../../../../../../workflows/discount/apply-holder-discount"
import type { StoreWalletPassVerificationConfirmResponse } from "../../../../../../types"
import type { StoreConfirmWalletPassVerificationType } from "../validators"

/**
 * POST /store/customers/me/wallet-pass/verification/confirm `{ code }` — the code the phone
 * received. Right: the account holds the phone (its whole balance and its install links
 * show, the rates and discount the service gave the phone apply, and a pass of that phone
 * held by another store customer moves here). Wrong: 400
 * saying how many attempts are left.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StoreConfirmWalletPassVerificationType>,
  res: MedusaResponse<StoreWalletPassVerificationConfirmResponse>
) => {
  const customerId = req.auth_context.actor_id
  const { result } = await confirmPhoneVerificationWorkflow(req.scope).run({
    input: { customer_id: customerId, code: req.validatedBody.code },
  })
  // The pass's discount applies from now on (an unproven account had none: docs/security.md);
  // a moved pass is re-priced by wallet_pass.holder_moved.
  if (result.moved_from === null && req.scope.resolve(WALLET_PASS_MODULE).getOptions().discount.enabled) {
    await applyHolderDiscountWorkflow(req.scope).run({ input: { customer_id: customerId } })
  }
  res.json({ verified: true, moved: result.moved_from !== null })
}
