import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125041954 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_store_event" drop constraint if exists "wallet_pass_store_event_dedupe_key_unique";`);
    this.addSql(`create table if not exists "wallet_pass_store_event" ("id" text not null, "name" text not null, "key" text not null, "dedupe_key" text not null, "entity_id" text not null, "customer_id" text null, "holder_id" text null, "value" text null, "state" text check ("state" in ('queued', 'skipped')) not null, "reason" text null, "operation_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_store_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_store_event_deleted_at" ON "wallet_pass_store_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_store_event_dedupe_key_unique" ON "wallet_pass_store_event" ("dedupe_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_store_event_holder_id_created_at" ON "wallet_pass_store_event" ("holder_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_store_event_name_entity_id" ON "wallet_pass_store_event" ("name", "entity_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_store_event_created_at" ON "wallet_pass_store_event" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_store_event" cascade;`);
  }

}
