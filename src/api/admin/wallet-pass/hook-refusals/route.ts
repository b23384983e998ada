import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { AdminWalletPassPageQueryType } from "../validators"

/**
 * GET /admin/wallet-pass/hook-refusals — hook deliveries refused before they were
 * authenticated (401, 403), per minute, newest first: `{ minute, refused, samples }` with
 * the first few of each minute (time, status, reason, source address).
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const [minutes, count] = await walletPass.listAndCountWalletPassHookRefusals(
    {},
    { select: ["minute", "refused", "samples"], order: { minute: "DESC" }, take: limit, skip: offset }
  )
  res.json({ hook_refusals: minutes, count, limit, offset })
}
