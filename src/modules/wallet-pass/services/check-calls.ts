import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { RateLimits } from "../../../lib/constants"
import { CheckCallRepository } from "../repositories/check-calls"
import { QueueRepository } from "../repositories/queue"
import type { CallRecord } from "../types"
import { InternalService } from "../utils/internal-service"

/**
 * What the connection check (src/outbound/connection-check.ts, docs/operations.md "Checking
 * the connection") needs of the module's data: a slot of the queue's rate gate and a request
 * log row for each of its requests, the 429s the log shows, and the database's clock.
 */
export class CheckCallsService extends InternalService {
  /**
   * Reserves a slot for one check request to `path` when the queue's gate allows it: gate
   * check and request log row in one transaction, as a queued request's claim. Answers the
   * row's id, or how long to wait.
   */
  @InjectTransactionManager()
  async reserveCheckCall(
    limits: RateLimits,
    path: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ id: string } | { wait_ms: number }> {
    const knex = this.knex_(sharedContext)
    const gate = await new QueueRepository(knex).checkGate(limits)
    if (!gate.allowed) return { wait_ms: gate.wait_ms }
    return { id: await new CheckCallRepository(knex).insertCall(path) }
  }

  /** Completes the request log row of a reserved check request with its answer. */
  @InjectManager()
  async completeCheckCall(
    callId: string,
    record: CallRecord,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new QueueRepository(this.knex_(sharedContext)).completeApiCall(callId, record)
  }

  /** How many requests the service answered with 429 in the last `hours` (the request log). */
  @InjectManager()
  async countRateLimitedCalls(hours: number, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return new CheckCallRepository(this.knex_(sharedContext)).countRateLimited(hours)
  }

  /** The database's clock now (the check compares it with this process's). */
  @InjectManager()
  async getDatabaseTime(@MedusaContext() sharedContext: Context = {}): Promise<Date> {
    return new CheckCallRepository(this.knex_(sharedContext)).clock()
  }
}
