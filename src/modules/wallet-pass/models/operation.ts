import { model } from "@medusajs/framework/utils"
import { OPERATION_METHODS, OPERATION_PRIORITY, OPERATION_STATES } from "../constants"

/**
 * A request to the service waiting in the durable queue (docs/architecture.md, "The queue"), written in the same
 * transaction as the change that causes it. `dedupe_key` is unique: a change enqueues once.
 */
export const WalletPassOperation = model
  .define("wallet_pass_operation", {
    id: model.id({ prefix: "wpop" }).primaryKey(),
    method: model.enum([...OPERATION_METHODS]),
    holder_id: model.text().nullable(),
    ledger_entry_id: model.text().nullable(),
    payload: model.json(),
    dedupe_key: model.text(),
    priority: model.number().default(OPERATION_PRIORITY.money),
    state: model.enum([...OPERATION_STATES]).default("pending"),
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    last_error: model.text().nullable(),
    result: model.json().nullable(),
    sending_at: model.dateTime().nullable(),
    completed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["dedupe_key"], unique: true },
    { on: ["state", "priority", "next_attempt_at"] },
    { on: ["holder_id", "state"] },
    // The queue's forecast counts the last hour's arrivals (repositories/forecast.ts).
    { on: ["created_at"] },
  ])
