import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { AdminWalletPassOperationsQueryType } from "../validators"
import type { AdminWalletPassOperationListResponse } from "../../../types"

/** GET /admin/wallet-pass/operations — requests to the service, newest first; `?state=failed,needs_review`. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassOperationListResponse>
) => {
  const { state, limit, offset } = req.validatedQuery as AdminWalletPassOperationsQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [operations, count] = await walletPass.listAndCountWalletPassOperations(state ? { state } : {}, {
    order: { created_at: "DESC" },
    take: limit,
    skip: offset,
  })
  res.json({ operations, count, limit, offset })
}
