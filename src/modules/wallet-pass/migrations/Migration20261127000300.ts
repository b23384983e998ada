import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import * as applyEntry from "../db-functions/wallet_pass_apply_entry";

/**
 * Reasons kept as codes with their values (docs/architecture.md, "Reasons"): the ledger, the
 * store events and the import items get `reason_code` and `reason_values` beside `reason`,
 * which keeps an admin's own words and the English text of rows written before. Those rows
 * are left as they are: src/lib/reasons.ts recognises their text when they are read.
 * wallet_pass_apply_entry writes the two new columns from its entry. A store event keeps its
 * value's parts the same way (`value_code`, `value_values`: src/lib/event-values.ts).
 */
export class Migration20261127000300 extends Migration {

  override async up(): Promise<void> {
    for (const table of ["wallet_pass_ledger_entry", "wallet_pass_store_event", "wallet_pass_import_item"]) {
      this.addSql(`alter table if exists "${table}" add column if not exists "reason_code" text null, add column if not exists "reason_values" jsonb null;`);
    }
    this.addSql(`alter table if exists "wallet_pass_store_event" add column if not exists "value_code" text null, add column if not exists "value_values" jsonb null;`);
    this.addSql(applyEntry.v3);
  }

  override async down(): Promise<void> {
    // The function as Migration20261124120000 defined it.
    this.addSql(applyEntry.v2);
    this.addSql(`alter table if exists "wallet_pass_store_event" drop column if exists "value_code", drop column if exists "value_values";`);
    for (const table of ["wallet_pass_ledger_entry", "wallet_pass_store_event", "wallet_pass_import_item"]) {
      this.addSql(`alter table if exists "${table}" drop column if exists "reason_code", drop column if exists "reason_values";`);
    }
  }

}
