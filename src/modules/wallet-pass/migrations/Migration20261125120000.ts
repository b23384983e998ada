import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The queue's forecast counts the last hour's operations (repositories/forecast.ts): by creation time. */
export class Migration20261125120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_operation_created_at" ON "wallet_pass_operation" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_wallet_pass_operation_created_at";`);
  }

}
