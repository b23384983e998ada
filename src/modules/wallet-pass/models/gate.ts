import { model } from "@medusajs/framework/utils"

/**
 * The rate gate's single row (id "service"). Every instance locks it to take a request
 * slot, so the plan's limits hold for all of them together; `blocked_until` is where a 429
 * with Retry-After pushed the gate.
 */
export const WalletPassGate = model.define("wallet_pass_gate", {
  id: model.text().primaryKey(),
  blocked_until: model.dateTime().nullable(),
})
