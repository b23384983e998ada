import { model } from "@medusajs/framework/utils"

/**
 * What an order counts toward its customer's level (docs/program.md): its total in the
 * balance currency (minor units) when placed, less what came back in returns (`returns`: the
 * amount of each return, by its id); nothing once canceled. One row per order, written by the level workflow, read by the level sums.
 */
export const WalletPassOrderSpend = model
  .define("wallet_pass_order_spend", {
    id: model.id({ prefix: "wpspend" }).primaryKey(),
    order_id: model.text(),
    customer_id: model.text(),
    amount: model.number(),
    returns: model.json(),
    canceled_at: model.dateTime().nullable(),
    placed_at: model.dateTime(),
  })
  .indexes([
    { on: ["order_id"], unique: true },
    { on: ["customer_id", "placed_at"] },
    // The program overview sums orders by when they were recorded (repositories/overview.ts).
    { on: ["created_at"] },
  ])
