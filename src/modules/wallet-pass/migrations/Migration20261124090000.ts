import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Hook deliveries: the outcome "conflict" (a transactionId reused with another sum or holder). */
export class Migration20261124090000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_delivery" drop constraint if exists "wallet_pass_hook_delivery_outcome_check";`);

    this.addSql(`alter table if exists "wallet_pass_hook_delivery" add constraint "wallet_pass_hook_delivery_outcome_check" check("outcome" in ('ok', 'duplicate', 'conflict', 'unauthorized', 'rejected', 'error'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_delivery" drop constraint if exists "wallet_pass_hook_delivery_outcome_check";`);

    this.addSql(`alter table if exists "wallet_pass_hook_delivery" add constraint "wallet_pass_hook_delivery_outcome_check" check("outcome" in ('ok', 'duplicate', 'unauthorized', 'rejected', 'error'));`);
  }

}
