import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * What a holder's card was last given (docs/program.md, "On the card"): the texts of its
 * template variables and the level whose design it has, so a text is sent only when it changed
 * and a design only when the level did.
 */
export class Migration20261127000600 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "card_texts" jsonb null, add column if not exists "card_level" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "card_texts", drop column if exists "card_level";`);
  }

}
