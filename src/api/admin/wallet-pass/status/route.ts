import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { planLimits, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { phoneCountry } from "../../../../utils/phone-country"
import { phoneExample } from "../../../../lib/phone"
import { requestStatusCheckWorkflow } from "../../../../workflows/operations/request-status-check"
import type { AdminWalletPassStatusQueryType } from "../validators"
import type { AdminWalletPassStatusResponse } from "../../../types"
import { storeEventsSummary } from "../../../utils/store-events"
import { balanceCurrency } from "../../../../utils/currency"

/** The service answered as a reachable service does: 2xx, or a 4xx other than a refused key. */
const reachable = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 401 && status !== 403)

const CHECK_WAIT_MS = 15_000

/**
 * GET /admin/wallet-pass/status — the connection (the latest /status answer; `?check=true`
 * queues a new check ahead of all other work and waits for it up to 15 s), the latest
 * request the service answered (any kind: the connection shows without a check), queue
 * health and the rate budget. No secret is ever part of it.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassStatusResponse>) => {
  const { check } = req.validatedQuery as AdminWalletPassStatusQueryType
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  let checkId: string | null = null
  if (check === "true") {
    const { result } = await requestStatusCheckWorkflow(req.scope).run()
    checkId = result.id
    const deadline = Date.now() + CHECK_WAIT_MS
    while (Date.now() < deadline) {
      const op = await walletPass.retrieveOperationRow(checkId)
      if (!["pending", "sending"].includes(op.state)) break
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const [latest] = checkId
    ? [await walletPass.retrieveOperationRow(checkId)]
    : await walletPass.listWalletPassOperations(
        { method: "status", state: ["done", "failed"] },
        { order: { updated_at: "DESC" }, take: 1 }
      )
  const options = walletPass.getOptions()
  const limits = planLimits(options.plan)
  const [health, phones, events, currency, answer] = await Promise.all([
    walletPass.getQueueHealth(),
    phoneCountry(req.scope),
    storeEventsSummary(walletPass, options),
    balanceCurrency(req.scope),
    walletPass.getLatestServiceAnswer(),
  ])
  const response = (latest?.result as { response?: { app?: string; balance?: number } } | null)?.response
  res.json({
    wallet_pass_status: {
      connection: latest
        ? {
            state: latest.state,
            ok: latest.state === "done",
            account: response?.app ?? null,
            account_balance: response?.balance ?? null,
            error: latest.state === "done" ? null : latest.last_error,
            checked_at: latest.updated_at,
          }
        : null,
      service: {
        api_url: options.apiUrl,
        revision: options.revision,
        plan: typeof options.plan === "string" ? options.plan : "custom",
        mode: options.hooks ? "external_crm" : "builtin",
        dispatcher_enabled: options.dispatcher.enabled,
        // The country of phones written without "+": the option, the store's default region, or RU.
        default_country: phones.country,
        default_country_source: phones.source,
        phone_example: phoneExample(phones.country),
      },
      queue: { operations: health.operations, oldest_pending_age_seconds: health.oldest_pending_age_seconds },
      rate: {
        per_second: limits.perSecond,
        per_hour: limits.perHour,
        used_last_hour: health.calls_last_hour,
        blocked_until: health.blocked_until,
      },
      events,
      currency_code: currency,
      last_answer: answer
        ? {
            at: answer.at,
            method: answer.method,
            type: answer.type,
            status: answer.status,
            outcome: answer.outcome,
            ok: reachable(answer.status),
          }
        : null,
    },
  })
}
