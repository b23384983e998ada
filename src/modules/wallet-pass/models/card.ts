import { model } from "@medusajs/framework/utils"
import { WalletPassHolder } from "./holder"

/** A wallet card issued by the service (numbers come from the service, never from us). */
export const WalletPassCard = model.define("wallet_pass_card", {
  id: model.id({ prefix: "wpcard" }).primaryKey(),
  number: model.text().unique(),
  track: model.text().nullable(),
  installed: model.boolean().nullable(), // null: never checked
  installed_checked_at: model.dateTime().nullable(),
  holder: model.belongsTo(() => WalletPassHolder, { mappedBy: "cards" }),
})
