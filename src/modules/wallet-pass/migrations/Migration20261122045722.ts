import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122045722 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_operation" drop constraint if exists "wallet_pass_operation_dedupe_key_unique";`);
    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_transaction_id_unique";`);
    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_dedupe_key_unique";`);
    this.addSql(`alter table if exists "wallet_pass_card" drop constraint if exists "wallet_pass_card_number_unique";`);
    this.addSql(`alter table if exists "wallet_pass_holder" drop constraint if exists "wallet_pass_holder_customer_id_unique";`);
    this.addSql(`alter table if exists "wallet_pass_holder" drop constraint if exists "wallet_pass_holder_phone_unique";`);
    this.addSql(`create table if not exists "wallet_pass_api_call" ("id" text not null, "operation_id" text null, "path" text not null, "status" integer null, "outcome" text check ("outcome" in ('applied', 'not_applied', 'ambiguous')) not null, "duration_ms" integer not null, "request" jsonb null, "response" jsonb null, "error" text null, "started_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_api_call_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_api_call_deleted_at" ON "wallet_pass_api_call" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_api_call_started_at" ON "wallet_pass_api_call" ("started_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_api_call_operation_id" ON "wallet_pass_api_call" ("operation_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_campaign" ("id" text not null, "name" text null, "message" text not null, "type" text check ("type" in ('push', 'webpush', 'telegram')) not null default 'push', "segment_uuid" text null, "remote_uuid" text null, "state" text check ("state" in ('draft', 'created', 'sending', 'sent', 'failed')) not null default 'draft', "error" text null, "created_by" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_campaign_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_campaign_deleted_at" ON "wallet_pass_campaign" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_holder" ("id" text not null, "phone" text null, "customer_id" text null, "source" text check ("source" in ('signup', 'hook', 'admin', 'backfill')) not null default 'signup', "name" text null, "surname" text null, "middlename" text null, "email" text null, "birthday" text null, "bonus_percent_bp" integer null, "discount_percent_bp" integer not null default 0, "user_hash" text null, "promo" text null, "referrer_phone" text null, "extra" jsonb null, "card_url" text null, "card_gpay_url" text null, "form_url" text null, "enrollment_state" text check ("enrollment_state" in ('pending', 'enrolled', 'not_enrolled_no_phone', 'failed')) not null default 'pending', "enrollment_error" text null, "enrolled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_holder_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_deleted_at" ON "wallet_pass_holder" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_phone_unique" ON "wallet_pass_holder" ("phone") WHERE phone IS NOT NULL AND deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_customer_id_unique" ON "wallet_pass_holder" ("customer_id") WHERE customer_id IS NOT NULL AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_card" ("id" text not null, "number" text not null, "track" text null, "installed" boolean null, "installed_checked_at" timestamptz null, "holder_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_card_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_card_number_unique" ON "wallet_pass_card" ("number") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_card_holder_id" ON "wallet_pass_card" ("holder_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_card_deleted_at" ON "wallet_pass_card" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_hook_delivery" ("id" text not null, "method" text null, "holder_id" text null, "phone" text null, "transaction_id" text null, "status_code" integer not null, "outcome" text check ("outcome" in ('ok', 'duplicate', 'unauthorized', 'rejected', 'error')) not null, "error" text null, "duration_ms" integer not null, "request" jsonb null, "response" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_hook_delivery_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_delivery_deleted_at" ON "wallet_pass_hook_delivery" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_delivery_created_at" ON "wallet_pass_hook_delivery" ("created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_delivery_holder_id" ON "wallet_pass_hook_delivery" ("holder_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_ledger_entry" ("id" text not null, "amount" integer not null, "kind" text check ("kind" in ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'service_credit', 'service_debit', 'manual', 'expiry', 'sync_adjustment')) not null, "state" text check ("state" in ('applied', 'canceled')) not null default 'applied', "reason" text null, "order_id" text null, "dedupe_key" text not null, "transaction_id" text null, "expires_at" timestamptz null, "remaining" integer null, "expired_at" timestamptz null, "overdraft" boolean not null default false, "balance_after" integer not null, "metadata" jsonb null, "holder_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_ledger_entry_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_holder_id" ON "wallet_pass_ledger_entry" ("holder_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_deleted_at" ON "wallet_pass_ledger_entry" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_dedupe_key_unique" ON "wallet_pass_ledger_entry" ("dedupe_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_transaction_id_unique" ON "wallet_pass_ledger_entry" ("transaction_id") WHERE transaction_id IS NOT NULL AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_order_id" ON "wallet_pass_ledger_entry" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_holder_id_expires_at" ON "wallet_pass_ledger_entry" ("holder_id", "expires_at") WHERE expires_at IS NOT NULL AND expired_at IS NULL AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_operation" ("id" text not null, "method" text check ("method" in ('status', 'user_create_or_update', 'read_customer', 'read_customers', 'push_create', 'push_send', 'event_send', 'balance_add', 'balance_deduct')) not null, "holder_id" text null, "ledger_entry_id" text null, "payload" jsonb not null, "dedupe_key" text not null, "priority" integer not null default 10, "state" text check ("state" in ('pending', 'sending', 'done', 'failed', 'unknown', 'resolved', 'needs_review')) not null default 'pending', "attempts" integer not null default 0, "next_attempt_at" timestamptz null, "last_error" text null, "result" jsonb null, "sending_at" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_operation_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_operation_deleted_at" ON "wallet_pass_operation" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_operation_dedupe_key_unique" ON "wallet_pass_operation" ("dedupe_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_operation_state_priority_next_attempt_at" ON "wallet_pass_operation" ("state", "priority", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_operation_holder_id_state" ON "wallet_pass_operation" ("holder_id", "state") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_card" add constraint "wallet_pass_card_holder_id_foreign" foreign key ("holder_id") references "wallet_pass_holder" ("id") on update cascade;`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" add constraint "wallet_pass_ledger_entry_holder_id_foreign" foreign key ("holder_id") references "wallet_pass_holder" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_card" drop constraint if exists "wallet_pass_card_holder_id_foreign";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_holder_id_foreign";`);

    this.addSql(`drop table if exists "wallet_pass_api_call" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_campaign" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_holder" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_card" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_hook_delivery" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_ledger_entry" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_operation" cascade;`);
  }

}
