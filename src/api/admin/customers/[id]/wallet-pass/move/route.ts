import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { movePassToCustomerWorkflow } from "../../../../../../workflows/accounts/move-pass-to-customer"
import type { AdminWalletPassMoveType } from "../../../../wallet-pass/validators"

/**
 * POST /admin/customers/:id/wallet-pass/move `{ holder_id, note? }` — moves a pass another
 * store customer holds (the holder, its ledger and its cards together) to this customer,
 * audited. 409 when this customer has a pass already.
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassMoveType>, res: MedusaResponse) => {
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const { result } = await movePassToCustomerWorkflow(req.scope).run({
    input: {
      holder_id: req.validatedBody.holder_id,
      to_customer_id: req.params.id,
      actor: req.auth_context.actor_id,
      note: req.validatedBody.note ?? null,
    },
  })
  res.json({ moved: result })
}
