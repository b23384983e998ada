import { model } from "@medusajs/framework/utils"

/**
 * The store customer who, signed in, shopped with a cart (docs/security.md, "A cart is priced
 * by who shops with it"). Medusa attaches a guest cart that names a customer's e-mail to that
 * customer, so the cart's customer alone does not say who is shopping: a cart gets the
 * customer's discount group only while its customer is the one recorded here. Written by the
 * plugin when a signed-in customer's request changes a cart of theirs, never from what a
 * request body or the cart's metadata says.
 */
export const WalletPassCartShopper = model
  .define("wallet_pass_cart_shopper", {
    id: model.id({ prefix: "wpcshop" }).primaryKey(),
    cart_id: model.text(),
    customer_id: model.text(),
  })
  .indexes([{ on: ["cart_id"], unique: true, where: "deleted_at IS NULL" }])
