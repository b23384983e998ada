import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Texts counted per class of sender (docs/security.md, "Texts"): each text's class (`stake`:
 * an account with an order or a proven phone; `new`: a signup), its client's address prefix
 * and its phone's range. Safe on existing rows: they become `new` (the stricter budget, as
 * every text counted against the one store-wide cap before), with no prefix or range; all of
 * them leave the windows within a day.
 */
export class Migration20261128051000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_text" add column if not exists "phone_range" text null, add column if not exists "sender_class" text check ("sender_class" in ('stake', 'new')) not null default 'new', add column if not exists "network" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_text" drop column if exists "phone_range", drop column if exists "sender_class", drop column if exists "network";`);
  }

}
