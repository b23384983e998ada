import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type RefusalMinute, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { listPage } from "../../../utils/list-page"
import type { AdminWalletPassHookRefusalListResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/hook-refusals — hook deliveries refused before they were
 * authenticated (401, 403), per minute, newest first: `{ minute, refused, samples }` with
 * the first few of each minute (time, status, reason, source address).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassHookRefusalListResponse>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { rows: minutes, ...paging } = await listPage(req, (page) =>
    walletPass.listAndCountWalletPassHookRefusals(
      {},
      { select: ["minute", "refused", "samples"], order: { minute: "DESC" }, ...page }
    )
  )
  // `samples` is a JSON column: what refusal-tally.ts wrote there.
  const hook_refusals = minutes.map(({ id, minute, refused, samples }) => ({
    id,
    minute,
    refused,
    samples: samples as unknown as RefusalMinute["samples"],
  }))
  res.json({ hook_refusals, ...paging })
}
