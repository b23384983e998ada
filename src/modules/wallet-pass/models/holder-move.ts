import { model } from "@medusajs/framework/utils"
import { HOLDER_MOVE_VIAS } from "../constants"

/** Audit of a pass (holder, ledger and cards) moved from one store customer to another. */
export const WalletPassHolderMove = model.define("wallet_pass_holder_move", {
  id: model.id({ prefix: "wpmove" }).primaryKey(),
  holder_id: model.text(),
  from_customer_id: model.text().nullable(),
  to_customer_id: model.text(),
  via: model.enum([...HOLDER_MOVE_VIAS]),
  actor: model.text().nullable(),
  note: model.text().nullable(),
})
