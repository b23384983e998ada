import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  backgroundPerHour,
  planLimits,
  WALLET_PASS_MODULE,
  type WalletPassModuleService,
} from "../../../../modules/wallet-pass"
import { startSyncRunWorkflow } from "../../../../workflows/import/start-sync-run"
import { presentSyncRun } from "../../../utils/present-sync"
import type { AdminWalletPassImportResponse } from "../../../types"

const perHour = (walletPass: WalletPassModuleService) => {
  const options = walletPass.getOptions()
  return backgroundPerHour(planLimits(options.plan), options.sync.budgetShare)
}

/** GET /admin/wallet-pass/import — the latest import of the service's base and its progress; `import: null` before the first. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminWalletPassImportResponse>) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  res.json({ import: presentSyncRun(await walletPass.getSyncProgress("import"), perHour(walletPass)) })
}

/**
 * POST /admin/wallet-pass/import — starts the import of the service's existing customers
 * (docs/adoption.md), or resumes the one running: a second POST never starts another.
 * 202 with its progress.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassImportResponse & { started: boolean }>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const { result } = await startSyncRunWorkflow(req.scope).run({
    input: { kind: "import", requested_by: req.auth_context.actor_id },
  })
  res.status(202).json({
    import: presentSyncRun(await walletPass.getSyncProgress("import"), perHour(walletPass)),
    started: result.created,
  })
}
