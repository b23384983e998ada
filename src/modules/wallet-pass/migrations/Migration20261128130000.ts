import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The card's catch-up mark (docs/architecture.md, "One door for a balance change"): the door
 * sets `card_due_at` on a holder in the same transaction as a change that can move their
 * card's texts, and the one consumer (CardTextsService.catchUpDueCards) clears it once the
 * card is caught up. The partial index finds the marked holders. Holders whose balance moved in
 * the last day are marked once here: before the mark a process that died between a change and
 * its catch-up was covered by a day's look back at start, which the mark replaces (an unchanged
 * card costs nothing).
 */
export class Migration20261128130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "card_due_at" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_card_due_at" ON "wallet_pass_holder" ("card_due_at") WHERE card_due_at IS NOT NULL AND deleted_at IS NULL;`);
    this.addSql(`UPDATE "wallet_pass_holder" SET "card_due_at" = now() WHERE "card_due_at" IS NULL AND "deleted_at" IS NULL AND "id" IN (SELECT DISTINCT "holder_id" FROM "wallet_pass_ledger_entry" WHERE "created_at" > now() - interval '1 day');`);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_wallet_pass_holder_card_due_at";`);
    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "card_due_at";`);
  }

}
