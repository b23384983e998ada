import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { AdminWalletPassPageQueryType } from "../validators"
import type { AdminWalletPassHookDeliveryListResponse } from "../../../types"

/** GET /admin/wallet-pass/hook-deliveries — hooks the service delivered and how they were answered, newest first. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassHookDeliveryListResponse>
) => {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [hook_deliveries, count] = await walletPass.listAndCountWalletPassHookDeliveries(
    {},
    { order: { created_at: "DESC" }, take: limit, skip: offset }
  )
  res.json({ hook_deliveries, count, limit, offset })
}
