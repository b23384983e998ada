import { model } from "@medusajs/framework/utils"
import { LEDGER_KINDS, LEDGER_STATES } from "../constants"
import { WalletPassHolder } from "./holder"

/**
 * One change of a holder's balance; the ledger is the balance of record. `amount` is signed,
 * in minor units. `dedupe_key` makes every change happen once (a database constraint, see
 * the idempotency migration); hook credits also keep the service's `transaction_id`.
 * Lifetime credits carry `expires_at` and `remaining` (what debits have not consumed yet).
 */
export const WalletPassLedgerEntry = model
  .define("wallet_pass_ledger_entry", {
    id: model.id({ prefix: "wple" }).primaryKey(),
    amount: model.number(),
    kind: model.enum([...LEDGER_KINDS]),
    state: model.enum([...LEDGER_STATES]).default("applied"),
    // A reason of the plugin's own as its code and values (src/lib/reasons.ts); `reason` keeps
    // an admin's own words, and the English text of rows from before codes.
    reason: model.text().nullable(),
    reason_code: model.text().nullable(),
    reason_values: model.json().nullable(),
    order_id: model.text().nullable(),
    dedupe_key: model.text(),
    transaction_id: model.text().nullable(),
    expires_at: model.dateTime().nullable(),
    remaining: model.number().nullable(),
    expired_at: model.dateTime().nullable(), // when the expiry entry was written
    overdraft: model.boolean().default(false), // a write-off that took the balance below zero
    balance_after: model.number(),
    metadata: model.json().nullable(),
    holder: model.belongsTo(() => WalletPassHolder, { mappedBy: "ledger_entries" }),
  })
  .indexes([
    { on: ["dedupe_key"], unique: true },
    { on: ["transaction_id"], unique: true, where: "transaction_id IS NOT NULL" },
    { on: ["order_id"] },
    { on: ["holder_id", "expires_at"], where: "expires_at IS NOT NULL AND expired_at IS NULL" },
    // The program overview (repositories/overview.ts): entries by date, canceled ones apart (a
    // summed slot is checked against them).
    { name: "IDX_wallet_pass_ledger_entry_created_at", on: ["created_at"], where: "state = 'applied'" },
    { name: "IDX_wallet_pass_ledger_entry_canceled_created_at", on: ["created_at"], where: "state = 'canceled'" },
  ])
