import { model } from "@medusajs/framework/utils"

/** What a store route can make the service text (docs/security.md): a verification code. */
export const TEXT_KINDS = ["code"] as const

/**
 * One text a store route asked the service to send, kept to count it against the limits
 * (docs/security.md): per phone across accounts, per account, per client address, store-wide
 * per hour. Written under the `texts` gate row's lock, so concurrent requests cannot pass a
 * limit together.
 */
export const WalletPassText = model
  .define("wallet_pass_text", {
    id: model.id({ prefix: "wptext" }).primaryKey(),
    kind: model.enum([...TEXT_KINDS]),
    phone: model.text(),
    country: model.text().nullable(),
    customer_id: model.text().nullable(),
    address: model.text().nullable(),
    verification_id: model.text().nullable(),
  })
  .indexes([
    { on: ["phone", "created_at"] },
    { on: ["customer_id", "created_at"] },
    { on: ["address", "created_at"] },
    { on: ["created_at"] },
  ])
