import type { MedusaContainer } from "@medusajs/framework/types"
import { drainQueue } from "../outbound/drain"
import { readyToDrain } from "../outbound/http-ready"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"

/**
 * Drains the request queue to the service. Runs every second in worker/shared mode; a run
 * still draining is joined, not doubled. Several instances drain together through the
 * shared rate gate. `dispatcher.enabled: false` turns it off. After a start it waits until
 * this process listens for HTTP (worker mode: not at all), so the service's echo hooks of
 * the first requests find the store answering.
 */
async function dispatchWalletPassQueue(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  if (!walletPass.getOptions().dispatcher.enabled || !readyToDrain(container)) return
  await drainQueue(container, { budgetMs: 50_000 })
}

export default backgroundWork(dispatchWalletPassQueue)

export const config = { name: "wallet-pass-dispatch-queue", schedule: "* * * * * *" }
