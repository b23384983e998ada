import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { watchedSchedule } from "../utils/schedule-watch"
import { sweepOrders } from "../workflows/orders/sweep-orders"

/** One run at a time in this process (a run may outlast the job's 5 s tick). */
let running = false

/**
 * Every `sweep.everySeconds` (one process of the store per interval): the order sweep, which
 * credits the bonus, reversal, spend or redemption of an order whose event never reached its
 * subscriber (docs/operations.md, "The order sweep"). The tick is short so that the option,
 * not the schedule, sets the interval; a tick that is not due costs one UPDATE.
 */
async function sweepWalletPassOrders(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  if (!walletPass.getOptions().sweep.enabled || running) return
  running = true
  try {
    if (!(await walletPass.claimOrderSweepRun())) return
    const run = await sweepOrders(container)
    if (run && (run.caught || run.failed)) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(
          `wallet-pass: order sweep: ${run.found} order events without their work, ${run.caught} caught, ${run.failed} failed${run.more ? " (more wait: the next run goes on)" : ""}`
        )
    }
  } finally {
    running = false
  }
}

export const config = { name: "wallet-pass-order-sweep", schedule: "*/5 * * * * *" }

/**
 * Watched (src/utils/schedule-watch.ts): not called for 30 s (six ticks), its schedule counts as
 * lost (Redis flushed under the worker): the watch schedules it again and runs it meanwhile.
 */
export default watchedSchedule(config.name, 30_000, backgroundWork(sweepWalletPassOrders))
