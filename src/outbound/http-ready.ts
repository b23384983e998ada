import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import diagnostics_channel from "diagnostics_channel"
import http from "http"

/**
 * Whether this process answers hooks yet. `medusa start` loads and schedules the jobs
 * before it loads the routes and calls `listen` (some 3 s later here), so a queue drained
 * from the first tick sends balance requests whose echo hooks the store still refuses.
 * The signal: Node's `net.server.listen` tracing channel reports an HTTP server of this
 * process that starts listening after this file was loaded (with the jobs, before
 * Medusa's listen). An instance in worker mode serves no hooks (another instance does)
 * and drains at once; if no server ever listens, draining starts anyway after
 * {@link HTTP_WAIT_LIMIT_MS}, with a warning.
 */
export const HTTP_WAIT_LIMIT_MS = 30_000

let listening = false
diagnostics_channel.subscribe("tracing:net.server.listen:asyncEnd", (message) => {
  if ((message as { server?: unknown }).server instanceof http.Server) listening = true
})

let firstAsked: number | undefined
let warned = false

/** True once queued requests may go: this process listens for HTTP, runs as a worker only, or waited too long. */
export function readyToDrain(container: MedusaContainer): boolean {
  if (listening) return true
  const { projectConfig } = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  if (projectConfig.workerMode === "worker") return true
  firstAsked ??= Date.now()
  if (Date.now() - firstAsked < HTTP_WAIT_LIMIT_MS) return false
  if (!warned) {
    warned = true
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `wallet-pass: no HTTP server of this process listens after ${HTTP_WAIT_LIMIT_MS / 1000} s; sending queued requests anyway`
      )
  }
  return true
}
