import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { QUEUE_CHANNEL } from "../constants"

/** The part of `pg`'s client the listener uses. */
type ListenConnection = {
  query(text: string): Promise<unknown>
  on(event: "notification" | "error" | "end", listener: () => void): unknown
  connection?: { stream?: { unref?: () => void } }
}

/** The part of knex's client that hands out a connection outside its pool. */
type RawConnections = {
  client: {
    acquireRawConnection(): Promise<ListenConnection>
    destroyRawConnection(connection: ListenConnection): Promise<void>
  }
}

/**
 * The queue's channel (QUEUE_CHANNEL: a new operation notifies it when its transaction
 * commits, queue.ts `insertOperation`), listened to on a connection of its own: knex's raw
 * connection, outside the pool, since a LISTEN holds its connection.
 */
export class QueueChannelRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * LISTENs on the channel: `onQueued` on each notification, `onEnd` once the connection fails
   * or ends (a database restart). The connection alone does not keep the process running (a
   * test run, a CLI command). Answers the function that stops listening (closes the
   * connection); a LISTEN that fails closes it and throws.
   */
  async listen(handlers: { onQueued: () => void; onEnd: () => void }): Promise<() => Promise<void>> {
    const { client } = this.knex as unknown as RawConnections
    const connection = await client.acquireRawConnection()
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      handlers.onEnd()
    }
    connection.on("error", end)
    connection.on("end", end)
    connection.on("notification", () => handlers.onQueued())
    connection.connection?.stream?.unref?.()
    try {
      await connection.query(`LISTEN ${QUEUE_CHANNEL}`)
    } catch (e) {
      await client.destroyRawConnection(connection).catch(() => undefined)
      throw e
    }
    return async () => {
      ended = true
      await client.destroyRawConnection(connection).catch(() => undefined)
    }
  }
}
