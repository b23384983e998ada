import type { MedusaContainer } from "@medusajs/framework/types"
import { drainQueue } from "../lib/outbound/dispatcher"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import type WalletPassModuleService from "../modules/wallet-pass/service"

/**
 * Drains the request queue to the service. Runs every second in worker/shared mode; a run
 * still draining is joined, not doubled. Several instances drain together through the
 * shared rate gate. `dispatcher.enabled: false` turns it off.
 */
export default async function dispatchWalletPassQueue(container: MedusaContainer) {
  const walletPass = container.resolve<WalletPassModuleService>(WALLET_PASS_MODULE)
  if (!walletPass.getOptions().dispatcher.enabled) return
  await drainQueue(container, { budgetMs: 50_000 })
}

export const config = { name: "wallet-pass-dispatch-queue", schedule: "* * * * * *" }
