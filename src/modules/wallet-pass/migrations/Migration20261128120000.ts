import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Pending bonus (docs/loyalty.md, "Pending bonus"; option `accrual.pendingDays`): an order's
 * decision records until when its bonus is pending (`pending_until`, null: credited at once),
 * what cancels, returns and refunds took of it meanwhile (`pending_taken`, amounts by their
 * ledger key, so each is taken once), and when it matured (`matured_at`) with what was left
 * (`matured_amount`, the amount its accrual entry credits). The partial index finds the ones due.
 */
export class Migration20261128120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_order_decision" add column if not exists "pending_until" timestamptz null, add column if not exists "pending_taken" jsonb not null default '{}', add column if not exists "matured_at" timestamptz null, add column if not exists "matured_amount" integer null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_decision_pending_until" ON "wallet_pass_order_decision" ("pending_until") WHERE deleted_at IS NULL AND pending_until IS NOT NULL AND matured_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_order_decision_holder_pending" ON "wallet_pass_order_decision" ("holder_id") WHERE deleted_at IS NULL AND pending_until IS NOT NULL AND matured_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_wallet_pass_order_decision_holder_pending";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_wallet_pass_order_decision_pending_until";`);
    this.addSql(`alter table if exists "wallet_pass_order_decision" drop column if exists "pending_until", drop column if exists "pending_taken", drop column if exists "matured_at", drop column if exists "matured_amount";`);
  }

}
