import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runConnectionCheck, type ConnectionCheckResult } from "../../../../outbound/connection-check"

/**
 * POST /admin/wallet-pass/check — "Check the connection" (docs/operations.md): read-only
 * requests with the merchant's key (at most 5, through the plan's rate gate), each step with
 * what it found and what to do. 200 whether the steps pass or not; `ok` and `failed_step` say.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<{ check: ConnectionCheckResult }>) => {
  res.json({ check: await runConnectionCheck(req.scope) })
}
