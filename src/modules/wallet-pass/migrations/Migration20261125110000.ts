import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The program overview (docs/overview.md): its sums per quarter hour, and the ledger's indexes
 * its reads use: entries by date (applied; canceled apart) and each holder's latest activity.
 * On a ledger of a million entries the three indexes take some seconds to build.
 */
export class Migration20261125110000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_overview_slot" drop constraint if exists "wallet_pass_overview_slot_slot_unique";`);
    this.addSql(`create table if not exists "wallet_pass_overview_slot" ("id" text not null, "slot" timestamptz not null, "flows" jsonb not null, "canceled" integer not null, "requests" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_overview_slot_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_overview_slot_deleted_at" ON "wallet_pass_overview_slot" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_overview_slot_slot_unique" ON "wallet_pass_overview_slot" ("slot") WHERE deleted_at IS NULL;`);

    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_created_at" ON "wallet_pass_ledger_entry" ("created_at") WHERE state = 'applied' AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_canceled_created_at" ON "wallet_pass_ledger_entry" ("created_at") WHERE state = 'canceled' AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_ledger_entry_holder_activity" ON "wallet_pass_ledger_entry" ("holder_id", "created_at") WHERE state = 'applied' AND kind IN ('accrual', 'redemption', 'service_credit', 'service_debit') AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_overview_slot" cascade;`);

    this.addSql(`drop index if exists "IDX_wallet_pass_ledger_entry_created_at";`);
    this.addSql(`drop index if exists "IDX_wallet_pass_ledger_entry_canceled_created_at";`);
    this.addSql(`drop index if exists "IDX_wallet_pass_ledger_entry_holder_activity";`);
  }

}
