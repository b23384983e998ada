import { model } from "@medusajs/framework/utils"

/**
 * The order sweep's single row (id "orders", docs/operations.md, "The order sweep"):
 * `installed_at` is when the plugin's tables got this row (its migration's run, which a fresh
 * install runs with the rest): the sweep looks at no order placed before it unless the
 * merchant asks. `last_run_at` lets one process of the store start a run per interval;
 * `last_run` is what that run found and did. `placed_settled_until`: every order placed before
 * it had its placing's work done or recorded when a run last looked (a placed order's bonus
 * and spend, once written, stay), so runs look at the placing of later orders only.
 */
export const WalletPassOrderSweep = model.define("wallet_pass_order_sweep", {
  id: model.text().primaryKey(),
  installed_at: model.dateTime(),
  last_run_at: model.dateTime().nullable(),
  last_run: model.json().nullable(),
  placed_settled_until: model.dateTime().nullable(),
})
