import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { QueueChannelRepository } from "../repositories/queue-channel"
import { InternalService } from "../utils/internal-service"

/**
 * Word of queued requests as they commit (docs/architecture.md, "The drain"): the dispatcher
 * drains at once instead of at its next poll. The channel is the queue's, so listening is the
 * module's; what to do on a word is the dispatcher's.
 */
export class QueueListenerService extends InternalService {
  /**
   * Listens for queued requests on a connection of its own (repositories/queue-channel.ts):
   * `onQueued` when one is queued, `onEnd` once the connection fails or ends (listen again
   * then). Answers the function that stops listening.
   */
  @InjectManager()
  async listenForQueuedRequests(
    handlers: { onQueued: () => void; onEnd: () => void },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<() => Promise<void>> {
    return new QueueChannelRepository(this.knex_(sharedContext)).listen(handlers)
  }
}
