import { model } from "@medusajs/framework/utils"

/** How the plugin itself made a store customer: from a pass installed in a shop, or from the import. */
export const CUSTOMER_SOURCES = ["hook", "import"] as const

/**
 * A store customer the plugin itself created from the service's base (docs/security.md): the
 * service knows them already, so they are never enrolled back. Kept here, not in the
 * customer's metadata, which a store route lets the customer write.
 */
export const WalletPassCustomerSource = model
  .define("wallet_pass_customer_source", {
    id: model.id({ prefix: "wpcsrc" }).primaryKey(),
    customer_id: model.text(),
    source: model.enum([...CUSTOMER_SOURCES]),
  })
  .indexes([{ on: ["customer_id"], unique: true, where: "deleted_at IS NULL" }])
