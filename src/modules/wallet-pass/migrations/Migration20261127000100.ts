import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The queue's classes (docs/architecture.md, "The queue"): money first (priority 0, was 10),
 * then what a customer with a stake asked for (interactive 10, was 0; an enrolment 15), then
 * what anyone can cause (20 and up, unchanged). Requests still waiting are given their new
 * priority: old interactive 0 becomes 10; old 10 becomes 0, but an enrolment and its adoption
 * read queued at 10 (a signup's, before the classes) become 15.
 */
export class Migration20261127000100 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_operation" alter column "priority" set default 0;`);
    this.addSql(`UPDATE "wallet_pass_operation"
      SET "priority" = CASE
            WHEN "priority" = 0 THEN 10
            WHEN "method" = 'user_create_or_update' AND "payload"->>'type' = 'enroll' THEN 15
            WHEN "method" = 'read_customer' AND "payload"->>'type' IN ('adopt', 'cards') THEN 15
            ELSE 0 END
      WHERE "priority" IN (0, 10) AND "state" NOT IN ('done', 'resolved');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_operation" alter column "priority" set default 10;`);
    this.addSql(`UPDATE "wallet_pass_operation"
      SET "priority" = CASE WHEN "priority" = 10 THEN 0 ELSE 10 END
      WHERE "priority" IN (0, 10, 15) AND "state" NOT IN ('done', 'resolved');`);
  }

}
