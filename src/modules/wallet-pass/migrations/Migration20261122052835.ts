import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122052835 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "wallet_pass_gate" ("id" text not null, "blocked_until" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_gate_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_gate_deleted_at" ON "wallet_pass_gate" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_api_call" alter column "outcome" type text using ("outcome"::text);`);
    this.addSql(`alter table if exists "wallet_pass_api_call" alter column "outcome" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_gate" cascade;`);

    this.addSql(`alter table if exists "wallet_pass_api_call" alter column "outcome" type text using ("outcome"::text);`);
    this.addSql(`alter table if exists "wallet_pass_api_call" alter column "outcome" set not null;`);
  }

}
