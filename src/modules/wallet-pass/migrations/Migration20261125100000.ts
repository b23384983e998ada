import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import * as hookAdd from "../db-functions/wallet_pass_hook_add";

/**
 * Coalescing (docs/architecture.md): a balance change carried by a balance set was never sent
 * itself, so the service's echo of a `balance/add` or `deduct` is never matched to it
 * (wallet_pass_hook_add, its v3: db-functions/wallet_pass_hook_add.ts).
 */
export class Migration20261125100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(hookAdd.v3)
  }

  override async down(): Promise<void> {
    this.addSql(hookAdd.v2)
  }

}
