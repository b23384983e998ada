import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { movePassToCustomerWorkflow } from "../../../../../../workflows/accounts/move-pass-to-customer"
import type { AdminWalletPassMoveType } from "../../../../wallet-pass/validators"

/**
 * POST /admin/customers/:id/wallet-pass/move `{ holder_id, note? }` — moves a pass another
 * store customer holds (the holder, its ledger and its cards together) to this customer,
 * audited. 409 when this customer has a pass already, when another move to this customer
 * ran at the same time, or when the pass is no longer held by the customer the admin saw
 * (`from_customer_id`, the screen's; without it, the holder read here): two admins moving one
 * pass to two customers, exactly one wins, however the two requests interleave.
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassMoveType>, res: MedusaResponse) => {
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const [holder] = await req.scope
    .resolve(WALLET_PASS_MODULE)
    .listWalletPassHolders({ id: req.validatedBody.holder_id }, { select: ["id", "customer_id"] })
  if (!holder) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Wallet pass holder ${req.validatedBody.holder_id} was not found`
    )
  }
  const { result } = await movePassToCustomerWorkflow(req.scope).run({
    input: {
      holder_id: req.validatedBody.holder_id,
      to_customer_id: req.params.id,
      actor: req.auth_context.actor_id,
      note: req.validatedBody.note ?? null,
      expected_from_customer_id:
        req.validatedBody.from_customer_id === undefined ? holder.customer_id : req.validatedBody.from_customer_id,
    },
  })
  res.json({ moved: result })
}
