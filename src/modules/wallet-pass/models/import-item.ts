import { model } from "@medusajs/framework/utils"
import { IMPORT_ITEM_STATES } from "../constants"

/**
 * One phone an import found at the service: read (read_customer), then adopted into a holder
 * linked to a store customer, or skipped with a reason the admin sees. Unique per run, so a
 * page read twice (a restart) adds nothing.
 */
export const WalletPassImportItem = model
  .define("wallet_pass_import_item", {
    id: model.id({ prefix: "wpimp" }).primaryKey(),
    run_id: model.text(),
    phone: model.text(),
    state: model.enum([...IMPORT_ITEM_STATES]).default("found"),
    // adopted: "linked" (to a store customer with that phone) or "created" (a new store customer)
    outcome: model.text().nullable(),
    holder_id: model.text().nullable(),
    customer_id: model.text().nullable(),
    // A reason of the plugin's own as its code and values (src/lib/reasons.ts); `reason` keeps
    // an admin's own words, and the English text of rows from before codes.
    reason: model.text().nullable(),
    reason_code: model.text().nullable(),
    reason_values: model.json().nullable(),
    // The service's balance when it was read (minor units), and at the final refresh.
    service_balance: model.number().nullable(),
    refreshed_balance: model.number().nullable(),
    refreshed_at: model.dateTime().nullable(),
    // The other CRM's id the service links this pass to (read_customer `remoteId`), when it has one.
    remote_id: model.text().nullable(),
  })
  .indexes([{ on: ["run_id", "phone"], unique: true }, { on: ["run_id", "state"] }])
