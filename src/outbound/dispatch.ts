import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { QUEUE_CHANNEL, WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { backgroundWork } from "../utils/background-work"
import { drainQueue, noteQueued } from "./drain"
import { readyToDrain } from "./http-ready"

/**
 * Drains the request queue to the service: from the `dispatch-wallet-pass-queue` job every
 * second, and at once when a request is queued (a new operation notifies QUEUE_CHANNEL when
 * its transaction commits; this process listens once it drains). Worker and shared mode only
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

/** The part of `pg`'s client the listener uses. */
type ListenConnection = {
  query(text: string): Promise<unknown>
  on(event: "notification" | "error" | "end", listener: () => void): unknown
  connection?: { stream?: { unref?: () => void } }
}

let listener: ListenConnection | null = null
let starting: Promise<void> | null = null

/**
 * LISTENs for queued requests on a connection of its own (knex's raw connection, outside the
 * pool: a LISTEN holds its connection). Best effort: the job's poll still finds everything;
 * a connection that fails or ends (a database restart) is opened again at the next run.
 */
async function listenForQueuedWork(container: MedusaContainer): Promise<void> {
  if (listener) return
  starting ??= (async () => {
    const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as {
      client: { acquireRawConnection(): Promise<ListenConnection> }
    }
    const connection = await knex.client.acquireRawConnection()
    const drop = () => {
      if (listener === connection) listener = null
    }
    connection.on("error", drop)
    connection.on("end", drop)
    connection.on("notification", () => {
      noteQueued()
      dispatchQueue(container).catch((e: unknown) =>
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`wallet-pass: dispatch after a queued request failed: ${e instanceof Error ? e.message : String(e)}`)
      )
    })
    // The listener alone must not keep the process running (a test run, a CLI command).
    connection.connection?.stream?.unref?.()
    await connection.query(`LISTEN ${QUEUE_CHANNEL}`)
    listener = connection
  })()
    .catch(() => undefined)
    .finally(() => {
      starting = null
    })
  await starting
}
