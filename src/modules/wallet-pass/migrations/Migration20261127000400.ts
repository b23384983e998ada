import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Meeting the real service (docs/service-api.md): the optional fields a createCustomer hook
 * sent that the store could not keep (per delivery, and the holder's last), and the id the
 * service links a pass to in another CRM (`remoteId` of read_customer) with the merchant's
 * decision about it, per holder and per import item.
 */
export class Migration20261127000400 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_delivery" add column if not exists "dropped" jsonb null;`);
    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "dropped_fields" jsonb null, add column if not exists "remote_id" text null, add column if not exists "remote_decision" text null;`);
    this.addSql(`alter table if exists "wallet_pass_import_item" add column if not exists "remote_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_delivery" drop column if exists "dropped";`);
    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "dropped_fields", drop column if exists "remote_id", drop column if exists "remote_decision";`);
    this.addSql(`alter table if exists "wallet_pass_import_item" drop column if exists "remote_id";`);
  }

}
