import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../../utils/currency"
import { presentLedgerEntry } from "../../../../../utils/present-pass"
import { listPage, orderBy } from "../../../../../utils/list-page"
import { customerHolderId } from "../../../../../utils/account-pass"
import type { AdminCustomerWalletPassLedgerResponse } from "../../../../../types"
import type { AdminWalletPassLedgerQueryType } from "../../../../../admin/wallet-pass/validators"

/**
 * GET /admin/customers/:id/wallet-pass/ledger — the customer's whole ledger, paged
 * (`?limit=&offset=`), newest first or as `?order=` asks (`created_at`, `amount`, "-" for
 * descending), of the kinds `?kind=a,b` names: every credit and debit with the balance after
 * it, and a lifetime credit's expiry and what is left of it. 404 for an unknown customer or
 * one with no pass.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminCustomerWalletPassLedgerResponse>
) => {
  const holderId = await customerHolderId(req.scope, req.params.id)
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { order, kind } = req.validatedQuery as unknown as AdminWalletPassLedgerQueryType
  const { rows: entries, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassLedgerEntries(
      { holder_id: holderId, ...(kind ? { kind } : {}) },
      { order: orderBy(order), ...page }
    )
  )
  res.json({
    ledger: entries.map(presentLedgerEntry),
    ...paging,
    currency_code: await balanceCurrency(req.scope),
  })
}
