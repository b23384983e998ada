import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { backgroundPerHour, planLimits, WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { presentSyncRun } from "../../../../utils/present-sync"

/**
 * POST /admin/wallet-pass/import/refresh — the import's final refresh, run right before the
 * service is switched to the external-CRM mode: every imported phone is read once more and a
 * balance the service changed meanwhile is taken into the ledger (or left for review when
 * the store changed it too). Only once the import's reads are done (phase `ready`).
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  const current = await walletPass.getSyncProgress("import")
  if (!current || current.run.state !== "running" || !["ready", "refresh"].includes(current.run.phase)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      current?.run.state === "running"
        ? `The import is still ${current.run.phase === "list" ? "listing" : "reading"} the service's customers: refresh once it is ready`
        : "There is no import waiting for its final refresh"
    )
  }
  await walletPass.startImportRefresh(current.run.id)
  const options = walletPass.getOptions()
  res.status(202).json({
    import: presentSyncRun(
      await walletPass.getSyncProgress("import"),
      backgroundPerHour(planLimits(options.plan), options.sync.budgetShare)
    ),
  })
}
