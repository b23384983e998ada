import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type HookOutcome, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { listOrder } from "../../../utils/list-page"
import { phoneFilterDigits } from "../../../utils/phone-filter"
import type { AdminWalletPassHookDeliveriesQueryType } from "../validators"
import type { AdminWalletPassHookDeliveryListResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/hook-deliveries — hooks the service delivered and how they were
 * answered, newest first, paged: `?method=addBalance,unknown&outcome=conflict&phone=&limit=&offset=`;
 * `?order=created_at` for the oldest first.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassHookDeliveryListResponse>
) => {
  const { method, outcome, phone, order, limit, offset } = req.validatedQuery as AdminWalletPassHookDeliveriesQueryType
  const { rows, count } = await req.scope.resolve(WALLET_PASS_MODULE).listAdminHookDeliveries({
    methods: method,
    outcomes: outcome as HookOutcome[] | undefined,
    phone_digits: await phoneFilterDigits(req.scope, phone),
    order: listOrder(order),
    limit,
    offset,
  })
  res.json({ hook_deliveries: rows, count, limit, offset })
}
