import { model } from "@medusajs/framework/utils"
import { ADOPTION_STATES, ENROLLMENT_STATES, HOLDER_SOURCES, RATES_SOURCES, REFERRAL_STATES } from "../constants"
import { WalletPassCard } from "./card"
import { WalletPassLedgerEntry } from "./ledger-entry"

/**
 * A loyalty-program member: one per phone. Linked read-only to the Medusa customer by
 * `customer_id`. Percents are basis points; null bonus means "use the program rate".
 */
export const WalletPassHolder = model
  .define("wallet_pass_holder", {
    id: model.id({ prefix: "wph" }).primaryKey(),
    phone: model.text().nullable(),
    customer_id: model.text().nullable(),
    source: model.enum([...HOLDER_SOURCES]).default("signup"),
    name: model.text().nullable(),
    surname: model.text().nullable(),
    middlename: model.text().nullable(),
    email: model.text().nullable(),
    birthday: model.text().nullable(), // yyyy-mm-dd
    bonus_percent_bp: model.number().nullable(),
    discount_percent_bp: model.number().default(0),
    user_hash: model.text().nullable(),
    promo: model.text().nullable(),
    referrer_phone: model.text().nullable(),
    invites: model.json().nullable(), // phones this holder invited, as the service last reported them
    service_checked_at: model.dateTime().nullable(), // last read_customer refresh
    extra: model.json().nullable(),
    card_url: model.text().nullable(),
    card_gpay_url: model.text().nullable(),
    form_url: model.text().nullable(),
    enrollment_state: model.enum([...ENROLLMENT_STATES]).default("pending"),
    enrollment_error: model.text().nullable(),
    enrolled_at: model.dateTime().nullable(),
    // What the service held for the phone, taken once (docs/adoption.md).
    adoption_state: model.enum([...ADOPTION_STATES]).default("pending"),
    adopted_at: model.dateTime().nullable(),
    // The store customer who proved they hold the phone (an SMS code or link), and when.
    verified_customer_id: model.text().nullable(),
    verified_at: model.dateTime().nullable(),
    // The last drift check that found the service's balance other than the store's: { service, store, at, healed }.
    drift: model.json().nullable(),
    // When the install-flag sync last saw this phone among the service's installed passes.
    installs_seen_at: model.dateTime().nullable(),
    // The sum of the holder's applied ledger entries, kept by the trigger wallet_pass_ledger_sum
    // (db-functions/): the database functions read it, no code writes it (docs/architecture.md).
    ledger_sum: model.number().default(0),
    // The program's level (docs/program.md): its name, when it last changed, and who set the rates.
    level: model.text().nullable(),
    level_changed_at: model.dateTime().nullable(),
    rates_source: model.enum([...RATES_SOURCES]).default("service"),
    // What the card was last given (docs/program.md, "On the card"): the texts of its template
    // variables, sent and applied, and the level whose design it was given (null: none by the store).
    card_texts: model.json().nullable(),
    card_level: model.text().nullable(),
    // Set by the balance door when a change may move the card's texts, cleared by the one
    // catch-up that compares them (docs/architecture.md, "One door for a balance change").
    card_due_at: model.dateTime().nullable(),
    // A referral by `referrer_phone` (docs/program.md): when it was recorded and how it ended.
    referral_state: model.enum([...REFERRAL_STATES]).nullable(),
    referred_at: model.dateTime().nullable(),
    // What the last createCustomer sent that the store could not keep: { at, fields: [{ field, reason }] }.
    dropped_fields: model.json().nullable(),
    // The id the service links this pass to in another CRM (read_customer `remoteId`), and what
    // the merchant decided about it: "skip" (leave the pass to that CRM) or "take_over".
    remote_id: model.text().nullable(),
    remote_decision: model.text().nullable(),
    cards: model.hasMany(() => WalletPassCard, { mappedBy: "holder" }),
    ledger_entries: model.hasMany(() => WalletPassLedgerEntry, { mappedBy: "holder" }),
  })
  .indexes([
    { on: ["phone"], unique: true, where: "phone IS NOT NULL" },
    { on: ["customer_id"], unique: true, where: "customer_id IS NOT NULL" },
    { on: ["promo"], where: "promo IS NOT NULL" },
    { on: ["card_due_at"], where: "card_due_at IS NOT NULL" },
  ])
