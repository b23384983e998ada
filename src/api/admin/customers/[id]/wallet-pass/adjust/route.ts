import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { balanceCurrency } from "../../../../../../utils/currency"
import { toMinorUnits } from "../../../../../../lib/amounts"
import { adjustHolderBalanceWorkflow } from "../../../../../../workflows/ledger/adjust-holder-balance"
import type { AdminWalletPassAdjustType } from "../../../../wallet-pass/validators"

/** POST /admin/customers/:id/wallet-pass/adjust — credit (positive) or debit (negative) bonus with a reason. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassAdjustType>, res: MedusaResponse) => {
  const { result } = await adjustHolderBalanceWorkflow(req.scope).run({
    input: {
      customer_id: req.params.id,
      amount: toMinorUnits(req.validatedBody.amount)!,
      reason: req.validatedBody.reason,
      actor: req.auth_context.actor_id,
      currency_code: await balanceCurrency(req.scope),
    },
  })
  res.json({ ledger_entry_id: result.entry_id })
}
