import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The program overview counts active holders from its summed quarter hours
 * (`wallet_pass_overview_activity`, docs/overview.md) instead of one index probe per holder: the
 * probe's index goes, orders get an index by when they were recorded, and the quarter hours
 * summed so far are emptied so the next overview sums them again with their activity.
 */
export class Migration20261125130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_overview_activity" drop constraint if exists "wallet_pass_overview_activity_holder_id_unique";`);
    this.addSql(`create table if not exists "wallet_pass_overview_activity" ("id" text not null, "holder_id" text not null, "last_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_overview_activity_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_overview_activity_deleted_at" ON "wallet_pass_overview_activity" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_overview_activity_holder_id_unique" ON "wallet_pass_overview_activity" ("holder_id") WHERE deleted_at IS NULL;`);

    this.addSql(`drop index if exists "IDX_wallet_pass_ledger_entry_holder_activity";`);

    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_spend_created_at" ON "wallet_pass_order_spend" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`DELETE FROM "wallet_pass_overview_slot";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_overview_activity" cascade;`);

    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_holder_activity" ON "wallet_pass_ledger_entry" ("holder_id", "created_at") WHERE state = 'applied' AND kind IN ('accrual', 'redemption', 'service_credit', 'service_debit') AND deleted_at IS NULL;`);

    this.addSql(`drop index if exists "IDX_wallet_pass_order_spend_created_at";`);
  }

}
