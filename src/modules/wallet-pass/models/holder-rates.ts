import { model } from "@medusajs/framework/utils"
import { RATES_SOURCES } from "../constants"

/**
 * The history of what decides a holder's rates (docs/loyalty.md, "Decided once, at
 * placement"): a row from `valid_from` on, written by the database trigger
 * `wallet_pass_holder_rates` (db-functions/) whenever a holder is created or one of these
 * columns of it changes, whoever changes it (the service's setPrivileges, a level, an adoption,
 * the phone proven, a move, the admin). The rates in force at time T are the holder's row with
 * the latest `valid_from` at or before T. Several changes in one transaction keep its last state.
 * No code writes it.
 */
export const WalletPassHolderRates = model
  .define("wallet_pass_holder_rates", {
    id: model.id({ prefix: "wphrate" }).primaryKey(),
    holder_id: model.text(),
    bonus_percent_bp: model.number().nullable(),
    discount_percent_bp: model.number().default(0),
    rates_source: model.enum([...RATES_SOURCES]).default("service"),
    customer_id: model.text().nullable(),
    verified_customer_id: model.text().nullable(),
    level: model.text().nullable(),
    valid_from: model.dateTime(),
  })
  .indexes([{ on: ["holder_id", "valid_from"], unique: true }])
