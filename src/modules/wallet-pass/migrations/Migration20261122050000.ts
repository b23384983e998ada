import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Idempotency guards the data model cannot express. Generated unique indexes are partial
 * (`WHERE deleted_at IS NULL`), so soft-deleting a row would free its key and let a change
 * apply twice; these indexes hold for every row. Check constraints keep amounts sane.
 */
export class Migration20261122050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "UQ_wallet_pass_ledger_entry_dedupe_key" ON "wallet_pass_ledger_entry" ("dedupe_key");`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "UQ_wallet_pass_ledger_entry_transaction_id" ON "wallet_pass_ledger_entry" ("transaction_id") WHERE "transaction_id" IS NOT NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "UQ_wallet_pass_operation_dedupe_key" ON "wallet_pass_operation" ("dedupe_key");`
    )
    this.addSql(
      `ALTER TABLE "wallet_pass_ledger_entry" ADD CONSTRAINT "CK_wallet_pass_ledger_entry_amount_nonzero" CHECK ("amount" <> 0);`
    )
    this.addSql(
      `ALTER TABLE "wallet_pass_ledger_entry" ADD CONSTRAINT "CK_wallet_pass_ledger_entry_remaining" CHECK ("remaining" IS NULL OR ("remaining" >= 0 AND "remaining" <= "amount"));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`ALTER TABLE "wallet_pass_ledger_entry" DROP CONSTRAINT IF EXISTS "CK_wallet_pass_ledger_entry_remaining";`)
    this.addSql(`ALTER TABLE "wallet_pass_ledger_entry" DROP CONSTRAINT IF EXISTS "CK_wallet_pass_ledger_entry_amount_nonzero";`)
    this.addSql(`DROP INDEX IF EXISTS "UQ_wallet_pass_operation_dedupe_key";`)
    this.addSql(`DROP INDEX IF EXISTS "UQ_wallet_pass_ledger_entry_transaction_id";`)
    this.addSql(`DROP INDEX IF EXISTS "UQ_wallet_pass_ledger_entry_dedupe_key";`)
  }
}
