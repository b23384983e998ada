import { model } from "@medusajs/framework/utils"
import { HOOK_OUTCOMES } from "../constants"

/** Every hook the service delivered and how we answered it (secrets redacted). */
export const WalletPassHookDelivery = model
  .define("wallet_pass_hook_delivery", {
    id: model.id({ prefix: "wphook" }).primaryKey(),
    method: model.text().nullable(),
    holder_id: model.text().nullable(),
    phone: model.text().nullable(),
    transaction_id: model.text().nullable(),
    status_code: model.number(),
    outcome: model.enum([...HOOK_OUTCOMES]),
    error: model.text().nullable(),
    duration_ms: model.number(),
    request: model.json().nullable(),
    response: model.json().nullable(),
    // What the store did not keep as sent, [{ field, reason }]: optional fields of a createCustomer left out
    // (src/lib/dropped-fields.ts) and amounts or percents rounded (docs/service-api.md, "Amounts and percents in hooks").
    dropped: model.json().nullable(),
  })
  .indexes([{ on: ["created_at"] }, { on: ["holder_id"] }])
