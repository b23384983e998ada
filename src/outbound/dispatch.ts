import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { drainQueue, noteQueued } from "./drain"
import { readyToDrain } from "./http-ready"

/**
 * Drains the request queue to the service: from the `dispatch-wallet-pass-queue` job every
 * second, and at once when a request is queued (a new operation notifies the queue's channel
 * when its transaction commits; this process listens once it drains). Worker and shared mode only
 * (jobs run there); a run still draining is joined, not doubled. `dispatcher.enabled: false`
 * turns it off. After a start it waits until this process listens for HTTP (worker mode: not
 * at all), so the service's echo hooks of the first requests find the store answering.
 */
export const dispatchQueue = backgroundWork(async function dispatchWalletPassQueue(container: MedusaContainer) {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  if (!walletPass.getOptions().dispatcher.enabled || !readyToDrain(container)) return
  await listenForQueuedWork(container)
  await drainQueue(container, { budgetMs: 50_000 })
})

let listening = false
let starting: Promise<void> | null = null

/**
 * Listens for queued requests (the module's listenForQueuedRequests: the queue's channel, on a
 * connection of its own), each a word to drain now. Best effort: the job's poll still finds
 * everything; a connection that fails or ends (a database restart) is opened again at the
 * next run.
 */
async function listenForQueuedWork(container: MedusaContainer): Promise<void> {
  if (listening) return
  starting ??= (async () => {
    let ended = false
    await container.resolve(WALLET_PASS_MODULE).listenForQueuedRequests({
      onQueued: () => {
        noteQueued()
        dispatchQueue(container).catch((e: unknown) =>
          container
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(`wallet-pass: dispatch after a queued request failed: ${e instanceof Error ? e.message : String(e)}`)
        )
      },
      onEnd: () => {
        ended = true
        listening = false
      },
    })
    listening = !ended
  })()
    .catch(() => undefined)
    .finally(() => {
      starting = null
    })
  await starting
}
