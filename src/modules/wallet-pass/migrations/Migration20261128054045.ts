import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import * as holderRatesTrigger from "../db-functions/wallet_pass_holder_rates_trigger"
import * as holderRates from "../db-functions/wallet_pass_holder_rates"

/**
 * An order's bonus is decided once, at placement rates (docs/loyalty.md, "Decided once, at
 * placement"): `wallet_pass_order_decision`, one row per order (its order id unique), and
 * `wallet_pass_holder_rates`, the history of what decides a holder's rates, kept by the trigger
 * `wallet_pass_holder_rates` (db-functions/). Holders of a store upgrading get one row each,
 * their rates as they are now, from their creation: an order placed before the upgrade and not
 * decided yet is decided at the rates the holder had at the upgrade.
 */
export class Migration20261128054045 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "wallet_pass_holder_rates" ("id" text not null, "holder_id" text not null, "bonus_percent_bp" integer null, "discount_percent_bp" integer not null default 0, "rates_source" text check ("rates_source" in ('service', 'level', 'override')) not null default 'service', "customer_id" text null, "verified_customer_id" text null, "level" text null, "valid_from" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_holder_rates_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_rates_deleted_at" ON "wallet_pass_holder_rates" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_rates_holder_id_valid_from_unique" ON "wallet_pass_holder_rates" ("holder_id", "valid_from") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_order_decision" ("id" text not null, "order_id" text not null, "holder_id" text not null, "outcome" text check ("outcome" in ('credited', 'zero_rate', 'unproven', 'zero_amount')) not null, "rate_bp" integer not null, "base" integer not null, "amount" integer not null, "currency_code" text not null, "placed_at" timestamptz not null, "rates_from" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_order_decision_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_decision_deleted_at" ON "wallet_pass_order_decision" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_order_decision_order_id_unique" ON "wallet_pass_order_decision" ("order_id") WHERE deleted_at IS NULL;`);

    // The holders there now: their rates as they are, from their creation.
    this.addSql(`INSERT INTO "wallet_pass_holder_rates" (id, holder_id, bonus_percent_bp, discount_percent_bp, rates_source, customer_id, verified_customer_id, level, valid_from)
SELECT 'wphrate_' || replace(CAST(gen_random_uuid() AS text), '-', ''), h.id, h.bonus_percent_bp, h.discount_percent_bp,
       h.rates_source, h.customer_id, h.verified_customer_id, h.level, h.created_at
  FROM "wallet_pass_holder" h
 WHERE h.deleted_at IS NULL
ON CONFLICT DO NOTHING;`);
    this.addSql(holderRatesTrigger.v1)
    this.addSql(holderRates.v1)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP TRIGGER IF EXISTS wallet_pass_holder_rates ON "wallet_pass_holder";`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_holder_rates_trigger();`)
    this.addSql(`drop table if exists "wallet_pass_holder_rates" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_order_decision" cascade;`);
  }

}
