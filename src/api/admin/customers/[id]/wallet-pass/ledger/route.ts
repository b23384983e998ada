import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../../utils/currency"
import { presentLedgerEntry } from "../../../../../utils/present-pass"
import type { AdminWalletPassPageQueryType } from "../../../../wallet-pass/validators"
import type { AdminCustomerWalletPassLedgerResponse } from "../../../../../types"

/**
 * GET /admin/customers/:id/wallet-pass/ledger — the customer's whole ledger, newest first,
 * paged (`?limit=&offset=`): every credit and debit with the balance after it, and a lifetime
 * credit's expiry and what is left of it. 404 for an unknown customer or one with no pass.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminCustomerWalletPassLedgerResponse>
) => {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [holder] = await walletPass.listWalletPassHolders({ customer_id: req.params.id }, { select: ["id"] })
  if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This customer has no wallet pass")
  const [entries, count] = await walletPass.listAndCountWalletPassLedgerEntries(
    { holder_id: holder.id },
    { order: { created_at: "DESC", id: "DESC" }, take: limit, skip: offset }
  )
  res.json({
    ledger: entries.map(presentLedgerEntry),
    count,
    limit,
    offset,
    currency_code: await balanceCurrency(req.scope),
  })
}
