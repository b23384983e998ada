import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { maskPhone } from "../../../../../../modules/wallet-pass/repositories/trust"
import { requestPhoneVerificationWorkflow } from "../../../../../../workflows/accounts/request-phone-verification"
import { resolveAccountPass } from "../../../../../utils/account-pass"
import type { StoreWalletPassVerificationResponse } from "../../../../../types"

/**
 * POST /store/customers/me/wallet-pass/verification — texts a code, through the service, to
 * the signed-in account's phone, so the account can prove it holds it (docs/adoption.md,
 * trust). 202 with when the code expires; at most one a minute and five a day.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<StoreWalletPassVerificationResponse>
) => {
  const customerId = req.auth_context.actor_id
  const account = await resolveAccountPass(req.scope, customerId)
  if (!account.phone) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This account has no phone number to verify: add one first")
  }
  const holderId = account.own?.holder.phone === account.phone ? account.own.holder.id : account.elsewhere?.holder_id
  if (!holderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "There is no wallet pass for this account's phone yet")
  }
  const { result } = await requestPhoneVerificationWorkflow(req.scope).run({
    input: { holder_id: holderId, customer_id: customerId, phone: account.phone },
  })
  res.status(202).json({ verification: { phone: maskPhone(account.phone), expires_at: result.expires_at } })
}
