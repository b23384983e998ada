import { model } from "@medusajs/framework/utils"

/**
 * A code texted through the service to a holder's phone, so a store account can show it
 * holds that phone (docs/adoption.md, trust). Only a hash of the code is kept.
 */
export const WalletPassVerification = model
  .define("wallet_pass_verification", {
    id: model.id({ prefix: "wpver" }).primaryKey(),
    holder_id: model.text(),
    customer_id: model.text(),
    phone: model.text(),
    code_hash: model.text(),
    attempts: model.number().default(0),
    expires_at: model.dateTime(),
    confirmed_at: model.dateTime().nullable(),
    operation_id: model.text().nullable(),
  })
  .indexes([{ on: ["customer_id", "created_at"] }, { on: ["holder_id"] }])
