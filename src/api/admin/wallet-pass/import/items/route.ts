import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { presentImportItem } from "../../../../utils/present-sync"
import { balanceCurrency } from "../../../../../utils/currency"
import type { AdminWalletPassImportItemsQueryType } from "../../validators"
import type { AdminWalletPassImportItemListResponse } from "../../../../types"

/**
 * GET /admin/wallet-pass/import/items — the latest import's customers, `?state=skipped,review&limit=&offset=`,
 * with `currency_code`, the unit of their balances (and of the amounts a reason names).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminWalletPassImportItemsQueryType>,
  res: MedusaResponse<AdminWalletPassImportItemListResponse>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { limit, offset, state } = req.validatedQuery as AdminWalletPassImportItemsQueryType
  const [current, currency_code] = await Promise.all([walletPass.getSyncProgress("import"), balanceCurrency(req.scope)])
  if (!current) {
    res.json({ items: [], count: 0, limit, offset, currency_code })
    return
  }
  const [items, count] = await walletPass.listImportItems({ run_id: current.run.id, states: state, limit, offset })
  res.json({ items: items.map(presentImportItem), count, limit, offset, currency_code })
}
