import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import type { AdminWalletPassApiCallsQueryType } from "../validators"

/**
 * GET /admin/wallet-pass/api-calls — the redacted request/response log of calls to the
 * service (the app key never appears in it), as an NDJSON download for the service's
 * support; `?since=<ISO date-time>&limit=`.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { since, limit } = req.validatedQuery as AdminWalletPassApiCallsQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const calls = await walletPass.listWalletPassApiCalls(since ? { started_at: { $gte: new Date(since) } } : {}, {
    order: { started_at: "ASC" },
    take: limit,
  })
  res.setHeader("content-type", "application/x-ndjson; charset=utf-8")
  res.setHeader("content-disposition", `attachment; filename="wallet-pass-api-calls.ndjson"`)
  res.send(
    calls
      .map((c) =>
        JSON.stringify({
          started_at: c.started_at,
          path: c.path,
          status: c.status,
          outcome: c.outcome,
          duration_ms: c.duration_ms,
          request: c.request,
          response: c.response,
          error: c.error,
        })
      )
      .join("\n") + (calls.length ? "\n" : "")
  )
}
