import { model } from "@medusajs/framework/utils"

/**
 * Hook deliveries refused before they were authenticated (401, 403), counted per minute
 * with the first few of each minute as samples `[{ at, status, reason, address }]`:
 * anyone who can reach the hook URL adds at most one row a minute, however many requests
 * they send. Authenticated deliveries are logged one by one (WalletPassHookDelivery).
 */
export const WalletPassHookRefusal = model
  .define("wallet_pass_hook_refusal", {
    id: model.id({ prefix: "wphref" }).primaryKey(),
    minute: model.dateTime(),
    refused: model.number(),
    samples: model.json(),
  })
  .indexes([{ on: ["minute"], unique: true }])
