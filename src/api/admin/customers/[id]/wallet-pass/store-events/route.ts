import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { presentStoreEvent } from "../../../../../utils/present-pass"
import { listPage } from "../../../../../utils/list-page"
import { customerHolderId } from "../../../../../utils/account-pass"
import type { AdminCustomerWalletPassStoreEventsResponse } from "../../../../../types"

/**
 * GET /admin/customers/:id/wallet-pass/store-events — the store events sent to the service's
 * triggers for the customer, or skipped with why (docs/store-events.md), newest first, paged
 * (`?limit=&offset=`). 404 for an unknown customer or one with no pass.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminCustomerWalletPassStoreEventsResponse>
) => {
  const holderId = await customerHolderId(req.scope, req.params.id)
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { rows, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassStoreEvents(
      { holder_id: holderId },
      { order: { created_at: "DESC", id: "DESC" }, ...page }
    )
  )
  res.json({ store_events: rows.map(presentStoreEvent), ...paging })
}
