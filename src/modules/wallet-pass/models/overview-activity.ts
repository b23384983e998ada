import { model } from "@medusajs/framework/utils"

/**
 * When a holder last showed activity, as the program overview's summed quarter hours found it
 * (docs/overview.md): the latest order placed or ledger entry of ACTIVITY_KINDS written in a
 * summed quarter hour. The overview counts the active holders from here and the last hour, so
 * the count costs no probe per holder. Written and read only by repositories/overview.ts; it is
 * emptied with `wallet_pass_overview_slot` (both are summed again).
 */
export const WalletPassOverviewActivity = model
  .define("wallet_pass_overview_activity", {
    id: model.id({ prefix: "wpact" }).primaryKey(),
    holder_id: model.text(),
    last_at: model.dateTime(),
  })
  .indexes([{ on: ["holder_id"], unique: true }])
