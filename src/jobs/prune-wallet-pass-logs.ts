import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"

/** Keeps the API call log and the hook delivery log to `logs.retentionDays` (default 30). */
async function pruneWalletPassLogs(container: MedusaContainer) {
  const pruned = await container.resolve(WALLET_PASS_MODULE).pruneLogs()
  if (pruned.api_calls || pruned.hook_deliveries || pruned.hook_refusals) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(
        `wallet-pass: pruned ${pruned.api_calls} API call(s), ${pruned.hook_deliveries} hook deliveries and ${pruned.hook_refusals} minute(s) of refused hooks past the retention`
      )
  }
}

// Hourly, at a minute of its own (the other jobs run at second 0 of each minute).
export default backgroundWork(pruneWalletPassLogs)

export const config = { name: "wallet-pass-prune-logs", schedule: "30 17 * * * *" }
