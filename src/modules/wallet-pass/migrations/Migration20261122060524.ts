import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122060524 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "invites" jsonb null, add column if not exists "service_checked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "invites", drop column if exists "service_checked_at";`);
  }

}
