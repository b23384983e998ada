import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { RateLimits } from "../../../lib/constants"
import { QueueRepository } from "../repositories/queue"
import type { CallRecord } from "../types"

/**
 * The rate gate for the connection check's requests (src/outbound/connection-check.ts,
 * docs/operations.md "Checking the connection"): the queue's gate and its request log row,
 * on the connection the caller gives (the check runs outside any module call).
 */

/** Reserves a slot for one request to `path` when the gate allows it: the request log row's id, or how long to wait. */
export async function reserveCheckCall(
  knex: Knex,
  limits: RateLimits,
  path: string
): Promise<{ id: string } | { wait_ms: number }> {
  return knex.transaction(async (trx) => {
    const gate = await new QueueRepository(trx).checkGate(limits)
    if (!gate.allowed) return { wait_ms: gate.wait_ms as number }
    const id = generateEntityId(undefined, "wpcall")
    await trx.raw(
      `INSERT INTO wallet_pass_api_call (id, operation_id, path, duration_ms, started_at, created_at, updated_at)
       VALUES (?, NULL, ?, 0, clock_timestamp(), clock_timestamp(), clock_timestamp())`,
      [id, path]
    )
    return { id }
  })
}

/** Completes the request log row of a reserved check request with its answer. */
export async function completeCheckCall(knex: Knex, callId: string, record: CallRecord): Promise<void> {
  await new QueueRepository(knex).completeApiCall(callId, record)
}
