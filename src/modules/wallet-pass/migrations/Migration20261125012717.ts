import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125012717 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_program_version" drop constraint if exists "wallet_pass_program_version_version_unique";`);
    this.addSql(`alter table if exists "wallet_pass_order_spend" drop constraint if exists "wallet_pass_order_spend_order_id_unique";`);
    this.addSql(`create table if not exists "wallet_pass_order_spend" ("id" text not null, "order_id" text not null, "customer_id" text not null, "amount" integer not null, "returns" jsonb not null, "canceled_at" timestamptz null, "placed_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_order_spend_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_spend_deleted_at" ON "wallet_pass_order_spend" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_order_spend_order_id_unique" ON "wallet_pass_order_spend" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_spend_customer_id_placed_at" ON "wallet_pass_order_spend" ("customer_id", "placed_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_program_version" ("id" text not null, "version" integer not null, "program" jsonb not null, "actor" text null, "moved" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_program_version_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_program_version_deleted_at" ON "wallet_pass_program_version" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_program_version_version_unique" ON "wallet_pass_program_version" ("version") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "level" text null, add column if not exists "level_changed_at" timestamptz null, add column if not exists "rates_source" text check ("rates_source" in ('service', 'level', 'override')) not null default 'service', add column if not exists "referral_state" text check ("referral_state" in ('pending', 'paid', 'void')) null, add column if not exists "referred_at" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_promo" ON "wallet_pass_holder" ("promo") WHERE promo IS NOT NULL AND deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_kind_check";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" add constraint "wallet_pass_ledger_entry_kind_check" check("kind" in ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'service_credit', 'service_debit', 'manual', 'expiry', 'sync_adjustment', 'opening_balance', 'program_bonus'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_order_spend" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_program_version" cascade;`);

    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "level", drop column if exists "level_changed_at", drop column if exists "rates_source", drop column if exists "referral_state", drop column if exists "referred_at";`);
    this.addSql(`drop index if exists "IDX_wallet_pass_holder_promo";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_kind_check";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" add constraint "wallet_pass_ledger_entry_kind_check" check("kind" in ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'service_credit', 'service_debit', 'manual', 'expiry', 'sync_adjustment', 'opening_balance'));`);
  }

}
