import { model } from "@medusajs/framework/utils"
import { SWEEP_OUTCOMES, SWEEP_WORKS } from "../constants"

/**
 * What the order sweep found for one order's event (docs/operations.md, "The order sweep"):
 * `work` is the event whose work was missing (`placed`, `accrual`, `canceled`, `returned`),
 * `found` what was missing, `wrote` what the sweep's run wrote (`caught`), or that nothing was
 * due after all (`nothing_due`), or the error (`failed`, tried again up to SWEEP_MAX_ATTEMPTS
 * times). `key` (keys.ts, sweepItemKey) is unique: a run never looks at a recorded one again.
 */
export const WalletPassOrderSweepItem = model
  .define("wallet_pass_order_sweep_item", {
    id: model.id({ prefix: "wpsweep" }).primaryKey(),
    key: model.text(),
    work: model.enum([...SWEEP_WORKS]),
    order_id: model.text(),
    return_id: model.text().nullable(),
    outcome: model.enum([...SWEEP_OUTCOMES]),
    found: model.json(),
    wrote: model.json(),
    error: model.text().nullable(),
    attempts: model.number().default(1),
  })
  .indexes([
    { on: ["key"], unique: true },
    { on: ["order_id"] },
    // The admin's list, newest first.
    { on: ["created_at"] },
  ])
