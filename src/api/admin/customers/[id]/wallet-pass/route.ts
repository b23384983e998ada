import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../../utils/currency"
import { resolveAccountPass } from "../../../../utils/account-pass"
import { presentAdminPass } from "../../../../utils/present-pass"
import type { AdminCustomerWalletPassResponse } from "../../../../types"

const STORE_EVENTS_SHOWN = 20

/**
 * GET /admin/customers/:id/wallet-pass — the pass of one customer; `wallet_pass: null` when
 * they have none. `pass_elsewhere`: the pass of this customer's phone when another store
 * customer holds it (the admin may move it here). `store_events`: the last store events sent
 * or skipped for them.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminCustomerWalletPassResponse>) => {
  // 404 in Medusa's error shape for an unknown customer.
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const account = await resolveAccountPass(req.scope, req.params.id, { ledgerLimit: 20 })
  // The store events sent (or skipped) for them, newest first (docs/store-events.md).
  const storeEvents = account.own
    ? await req.scope
        .resolve(WALLET_PASS_MODULE)
        .listWalletPassStoreEvents(
          { holder_id: account.own.holder.id },
          { order: { created_at: "DESC" }, take: STORE_EVENTS_SHOWN }
        )
    : []
  res.json({
    wallet_pass: account.own ? presentAdminPass(account.own, await balanceCurrency(req.scope), storeEvents) : null,
    pass_elsewhere: account.elsewhere,
  })
}
