import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { HookOutcome } from "../../../../modules/wallet-pass/constants"
import { phoneFilterDigits } from "../../../utils/phone-filter"
import type { AdminWalletPassHookDeliveriesQueryType } from "../validators"
import type { AdminWalletPassHookDeliveryListResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/hook-deliveries — hooks the service delivered and how they were
 * answered, newest first, paged: `?method=addBalance,unknown&outcome=conflict&phone=&limit=&offset=`.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassHookDeliveryListResponse>
) => {
  const { method, outcome, phone, limit, offset } = req.validatedQuery as AdminWalletPassHookDeliveriesQueryType
  const { rows, count } = await req.scope.resolve(WALLET_PASS_MODULE).listAdminHookDeliveries({
    methods: method,
    outcomes: outcome as HookOutcome[] | undefined,
    phone_digits: await phoneFilterDigits(req.scope, phone),
    limit,
    offset,
  })
  res.json({ hook_deliveries: rows, count, limit, offset })
}
