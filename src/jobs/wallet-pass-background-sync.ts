import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { startSyncRunWorkflow } from "../workflows/import/start-sync-run"
import { backgroundWork } from "../utils/background-work"

/**
 * Starts the background checks when they are due (docs/adoption.md): the install-flag sync
 * (`sync.installs`) and the drift check (`sync.drift`), each `everyHours` after its last run
 * started, or after the first holder was enrolled. Their requests use spare budget only.
 * Runs every minute in worker/shared mode; the runs themselves go through the queue.
 */
async function walletPassBackgroundSync(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const due = await walletPass.dueSyncRuns()
  for (const kind of due) {
    const { result } = await startSyncRunWorkflow(container).run({ input: { kind, requested_by: null } })
    if (result.created)
      container.resolve(ContainerRegistrationKeys.LOGGER).info(`wallet-pass: started the ${kind} check`)
  }
}

export default backgroundWork(walletPassBackgroundSync)

export const config = { name: "wallet-pass-background-sync", schedule: "20 * * * * *" }
