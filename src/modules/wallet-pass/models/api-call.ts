import { model } from "@medusajs/framework/utils"
import { CALL_OUTCOMES } from "../constants"

/**
 * Every request sent to the service, redacted: the support log the spec asks for and the
 * count behind the rate gate: a row is written when a request is allowed to go (the
 * reservation), then completed with its outcome.
 */
export const WalletPassApiCall = model
  .define("wallet_pass_api_call", {
    id: model.id({ prefix: "wpcall" }).primaryKey(),
    operation_id: model.text().nullable(),
    path: model.text(),
    status: model.number().nullable(),
    outcome: model.enum([...CALL_OUTCOMES]).nullable(), // null: reserved by the rate gate, not answered yet
    duration_ms: model.number(),
    request: model.json().nullable(),
    response: model.json().nullable(),
    error: model.text().nullable(),
    started_at: model.dateTime(),
  })
  .indexes([{ on: ["started_at"] }, { on: ["operation_id"] }])
