import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../../../modules/wallet-pass"
import { presentStoreEvent } from "../../../../../utils/present-pass"
import { listPage, orderBy } from "../../../../../utils/list-page"
import { customerHolderId } from "../../../../../utils/account-pass"
import type { AdminCustomerWalletPassStoreEventsResponse } from "../../../../../types"
import type { AdminWalletPassStoreEventsQueryType } from "../../../../../admin/wallet-pass/validators"

/**
 * GET /admin/customers/:id/wallet-pass/store-events — the store events sent to the service's
 * triggers for the customer, or skipped with why (docs/store-events.md), paged
 * (`?limit=&offset=`), newest first or oldest first (`?order=created_at`), of the states
 * `?state=queued,skipped` names. 404 for an unknown customer or one with no pass.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminCustomerWalletPassStoreEventsResponse>
) => {
  const holderId = await customerHolderId(req.scope, req.params.id)
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { order, state } = req.validatedQuery as unknown as AdminWalletPassStoreEventsQueryType
  const { rows, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassStoreEvents(
      { holder_id: holderId, ...(state ? { state } : {}) },
      { order: orderBy(order), ...page }
    )
  )
  res.json({ store_events: rows.map(presentStoreEvent), ...paging })
}
