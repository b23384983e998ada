import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Earn rules (docs/program.md, "Earn rules"): an order's decision keeps what each line and
 * campaign gave (`breakdown`, null for decisions made before), and may be "excluded" (the
 * rules exclude every line with a base). Decisions already there keep their outcome.
 */
export class Migration20261128110000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_order_decision" add column if not exists "breakdown" jsonb null;`);
    this.addSql(`alter table if exists "wallet_pass_order_decision" drop constraint if exists "wallet_pass_order_decision_outcome_check";`);
    this.addSql(`alter table if exists "wallet_pass_order_decision" add constraint "wallet_pass_order_decision_outcome_check" check("outcome" in ('credited', 'zero_rate', 'unproven', 'zero_amount', 'excluded'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_order_decision" drop constraint if exists "wallet_pass_order_decision_outcome_check";`);
    this.addSql(`alter table if exists "wallet_pass_order_decision" add constraint "wallet_pass_order_decision_outcome_check" check("outcome" in ('credited', 'zero_rate', 'unproven', 'zero_amount'));`);
    this.addSql(`alter table if exists "wallet_pass_order_decision" drop column if exists "breakdown";`);
  }

}
