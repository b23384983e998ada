import { model } from "@medusajs/framework/utils"
import { STORE_EVENT_STATES } from "../constants"

/**
 * A store event the plugin turned into an `event/send` for the service's triggers, or
 * skipped with its reason (docs/store-events.md). `dedupe_key` makes each event of each
 * entity happen once (a database constraint): a delivery repeated finds it.
 */
export const WalletPassStoreEvent = model
  .define("wallet_pass_store_event", {
    id: model.id({ prefix: "wpsev" }).primaryKey(),
    // The store event ("order.placed", "cart.abandoned", ...) and the merchant's key it went as.
    name: model.text(),
    key: model.text(),
    dedupe_key: model.text(),
    // The order, fulfillment, return, cart, credit or holder it was about.
    entity_id: model.text(),
    customer_id: model.text().nullable(),
    holder_id: model.text().nullable(),
    value: model.text().nullable(),
    // The value's parts (src/lib/event-values.ts) for the admin to write it in its language.
    value_code: model.text().nullable(),
    value_values: model.json().nullable(),
    state: model.enum([...STORE_EVENT_STATES]),
    // A reason of the plugin's own as its code and values (src/lib/reasons.ts); `reason` keeps
    // an admin's own words, and the English text of rows from before codes.
    reason: model.text().nullable(),
    reason_code: model.text().nullable(),
    reason_values: model.json().nullable(),
    operation_id: model.text().nullable(),
  })
  .indexes([
    { on: ["dedupe_key"], unique: true },
    { on: ["holder_id", "created_at"] },
    { on: ["name", "entity_id"] },
    { on: ["created_at"] },
  ])
