import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Refused hook deliveries, counted per minute with a few samples (wallet_pass_hook_refusal). */
export class Migration20261124091000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_refusal" drop constraint if exists "wallet_pass_hook_refusal_minute_unique";`);
    this.addSql(`create table if not exists "wallet_pass_hook_refusal" ("id" text not null, "minute" timestamptz not null, "refused" integer not null, "samples" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_hook_refusal_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_refusal_deleted_at" ON "wallet_pass_hook_refusal" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_refusal_minute_unique" ON "wallet_pass_hook_refusal" ("minute") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_hook_refusal" cascade;`);
  }

}
