import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import type { AdminWalletPassRemoteDecisionType } from "../../../../wallet-pass/validators"

/**
 * POST /admin/customers/:id/wallet-pass/remote — the merchant's decision about a pass the
 * service links to another CRM (read_customer `remoteId`, docs/adoption.md): `skip` leaves
 * it to that CRM (its balance is not drift, an import skips it), `take_over` makes it the
 * store's (the drift check heals it; the next profile update sends the store's customerId).
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassRemoteDecisionType>, res: MedusaResponse) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [holder] = await walletPass.listWalletPassHolders(
    { customer_id: req.params.id },
    { select: ["id", "remote_id"] }
  )
  if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, `customer ${req.params.id} has no wallet pass`)
  if (!holder.remote_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "the service links this pass to no other CRM: nothing to decide"
    )
  }
  await walletPass.updateWalletPassHolders({ id: holder.id, remote_decision: req.validatedBody.decision })
  res.json({ remote_id: holder.remote_id, remote_decision: req.validatedBody.decision })
}
