import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  backgroundPerHour,
  planLimits,
  WALLET_PASS_MODULE,
  type WalletPassModuleService,
} from "../../../../modules/wallet-pass"
import { startSyncRunWorkflow } from "../../../../workflows/import/start-sync-run"
import { presentSyncRun } from "../../../utils/present-sync"
import type { AdminWalletPassSyncType } from "../validators"
import type { AdminWalletPassSync, AdminWalletPassSyncResponse } from "../../../types"

async function state(walletPass: WalletPassModuleService): Promise<AdminWalletPassSync> {
  const options = walletPass.getOptions()
  const perHour = backgroundPerHour(planLimits(options.plan), options.sync.budgetShare)
  const [installs, drift, counts] = await Promise.all([
    walletPass.getSyncProgress("installs"),
    walletPass.getSyncProgress("drift"),
    walletPass.getInstallAndDriftCounts(),
  ])
  return {
    installs: {
      ...counts,
      enabled: options.sync.installs.enabled,
      every_hours: options.sync.installs.everyHours,
      last: presentSyncRun(installs, perHour),
    },
    drift: {
      holders: counts.drift,
      enabled: options.sync.drift.enabled,
      every_hours: options.sync.drift.everyHours,
      last: presentSyncRun(drift, perHour),
    },
    budget: { share: options.sync.budgetShare, per_hour: perHour },
  }
}

/**
 * GET /admin/wallet-pass/sync — the background checks: holders with a card installed / not
 * installed / never checked and the latest install sync; holders whose service balance
 * drifted and the latest drift check; the share of the plan they may use.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassSyncResponse>) => {
  res.json({ sync: await state(req.scope.resolve(WALLET_PASS_MODULE)) })
}

/** POST /admin/wallet-pass/sync `{ kind: "installs" | "drift" }` — runs a check now (or resumes the one running). */
export const POST = async (req: AuthenticatedMedusaRequest<AdminWalletPassSyncType>, res: MedusaResponse) => {
  const { result } = await startSyncRunWorkflow(req.scope).run({
    input: { kind: req.validatedBody.kind, requested_by: req.auth_context.actor_id },
  })
  res.status(202).json({ started: result.created, sync: await state(req.scope.resolve(WALLET_PASS_MODULE)) })
}
