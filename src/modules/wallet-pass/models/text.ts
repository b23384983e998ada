import { model } from "@medusajs/framework/utils"

/** What a store route can make the service text (docs/security.md): a verification code. */
export const TEXT_KINDS = ["code"] as const

/** Who asked (docs/security.md, "Texts"): an account with a stake (an order, a proven phone) or a new signup. */
export const TEXT_SENDER_CLASSES = ["stake", "new"] as const

/**
 * One text a store route asked the service to send, kept to count it against the limits
 * (docs/security.md): per phone across accounts, per account, per client address (an IPv6
 * client by its /64), and per class of sender per hour, within which per address prefix and
 * per phone range. Written under the `texts` gate row's lock, so concurrent requests cannot pass a
 * limit together.
 */
export const WalletPassText = model
  .define("wallet_pass_text", {
    id: model.id({ prefix: "wptext" }).primaryKey(),
    kind: model.enum([...TEXT_KINDS]),
    phone: model.text(),
    country: model.text().nullable(),
    /** The phone's country code and first digits ("+49 1511"). */
    phone_range: model.text().nullable(),
    customer_id: model.text().nullable(),
    sender_class: model.enum([...TEXT_SENDER_CLASSES]).default("new"),
    /** The client's address key (an IPv6 address's /64) and its prefix's (/24, /48). */
    address: model.text().nullable(),
    network: model.text().nullable(),
    verification_id: model.text().nullable(),
  })
  .indexes([
    { on: ["phone", "created_at"] },
    { on: ["customer_id", "created_at"] },
    { on: ["address", "created_at"] },
    { on: ["created_at"] },
  ])
