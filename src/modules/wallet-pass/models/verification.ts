import { model } from "@medusajs/framework/utils"

/** Where a code's text is: queued, sent (the service said so), not sent (refused, `sms_send: false`, or no pass), unknown. */
export const VERIFICATION_TEXT_STATES = ["queued", "sent", "not_sent", "unknown"] as const

/**
 * A code texted through the service to a holder's phone, so a store account can show it
 * holds that phone (docs/adoption.md, trust). Only a hash of the code is kept. `holder_id`
 * is null when no pass has the account's phone: the answer is the same, no text goes
 * (docs/security.md).
 */
export const WalletPassVerification = model
  .define("wallet_pass_verification", {
    id: model.id({ prefix: "wpver" }).primaryKey(),
    holder_id: model.text().nullable(),
    customer_id: model.text(),
    phone: model.text(),
    code_hash: model.text(),
    attempts: model.number().default(0),
    expires_at: model.dateTime(),
    confirmed_at: model.dateTime().nullable(),
    operation_id: model.text().nullable(),
    text_state: model.enum([...VERIFICATION_TEXT_STATES]).default("queued"),
    // Why the text did not go, in the shopper's words (never the service's raw answer).
    text_error: model.text().nullable(),
  })
  .indexes([{ on: ["customer_id", "created_at"] }, { on: ["holder_id"] }])
