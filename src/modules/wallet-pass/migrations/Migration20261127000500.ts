import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The order sweep (docs/operations.md, "The order sweep"): its row, whose `installed_at` is
 * when this migration ran (the sweep credits no order placed before it unless the merchant
 * asks; a store upgrading the plugin counts from the upgrade), and the record of what its runs
 * found.
 */
export class Migration20261127000500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_order_sweep_item" drop constraint if exists "wallet_pass_order_sweep_item_key_unique";`);
    this.addSql(`create table if not exists "wallet_pass_order_sweep" ("id" text not null, "installed_at" timestamptz not null, "last_run_at" timestamptz null, "last_run" jsonb null, "placed_settled_until" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_order_sweep_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_sweep_deleted_at" ON "wallet_pass_order_sweep" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_order_sweep_item" ("id" text not null, "key" text not null, "work" text check ("work" in ('placed', 'accrual', 'canceled', 'returned')) not null, "order_id" text not null, "return_id" text null, "outcome" text check ("outcome" in ('caught', 'nothing_due', 'failed')) not null, "found" jsonb not null, "wrote" jsonb not null, "error" text null, "attempts" integer not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_order_sweep_item_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_sweep_item_deleted_at" ON "wallet_pass_order_sweep_item" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_order_sweep_item_key_unique" ON "wallet_pass_order_sweep_item" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_sweep_item_order_id" ON "wallet_pass_order_sweep_item" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_sweep_item_created_at" ON "wallet_pass_order_sweep_item" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`insert into "wallet_pass_order_sweep" ("id", "installed_at") values ('orders', now()) on conflict ("id") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_order_sweep" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_order_sweep_item" cascade;`);
  }

}
