import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../../utils/currency"
import { presentLedgerEntry } from "../../../../../utils/present-pass"
import { listPage } from "../../../../../utils/list-page"
import { customerHolderId } from "../../../../../utils/account-pass"
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
  const holderId = await customerHolderId(req.scope, req.params.id)
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { rows: entries, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassLedgerEntries(
      { holder_id: holderId },
      { order: { created_at: "DESC", id: "DESC" }, ...page }
    )
  )
  res.json({
    ledger: entries.map(presentLedgerEntry),
    ...paging,
    currency_code: await balanceCurrency(req.scope),
  })
}
