import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import * as applyEntry from "../db-functions/wallet_pass_apply_entry"
import * as balance from "../db-functions/wallet_pass_balance"
import * as consumeCredits from "../db-functions/wallet_pass_consume_credits"
import * as entryByKeys from "../db-functions/wallet_pass_entry_by_keys"
import * as entryRepeat from "../db-functions/wallet_pass_entry_repeat"
import * as hookAdd from "../db-functions/wallet_pass_hook_add"
import * as hookBatch from "../db-functions/wallet_pass_hook_batch"
import * as hookHolder from "../db-functions/wallet_pass_hook_holder"
import * as ledgerSum from "../db-functions/wallet_pass_ledger_sum"
import * as ledgerSumTrigger from "../db-functions/wallet_pass_ledger_sum_trigger"

/**
 * The ledger's balance formula and the readBalance / addBalance hooks as database functions.
 *
 * - A running sum of each holder's applied entries, kept by a trigger on the ledger.
 * - `wallet_pass_balance(holder)` is the one place the balance is defined, and
 *   `wallet_pass_apply_entry(entry, forbid_overdraft)` the one place a balance change is
 *   written (with `wallet_pass_consume_credits` for a debit): the module's applyLedgerEntry
 *   and the addBalance hook both call it.
 * - `wallet_pass_hook_batch(items, echo_window_minutes)` answers a batch of readBalance and
 *   addBalance hooks in one statement (see WalletPassModuleService.applyServiceBalanceHook):
 *   one round trip and one commit for the whole batch, with plans PL/pgSQL keeps between
 *   calls. Each statement in a PL/pgSQL function takes a fresh snapshot (READ COMMITTED), so
 *   what runs after a holder's lock sees every change committed before it.
 */
export class Migration20261123100000 extends Migration {
  override async up(): Promise<void> {
    // Each holder's sum of applied entries, kept by a trigger on every write to the ledger
    // (whoever writes it), so that a balance costs the same however long the ledger grows.
    // It is not in the holder's data model: only these functions read it.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ADD COLUMN IF NOT EXISTS "ledger_sum" bigint NOT NULL DEFAULT 0;`)
    this.addSql(ledgerSumTrigger.v1)
    this.addSql(`DROP TRIGGER IF EXISTS wallet_pass_ledger_sum ON "wallet_pass_ledger_entry";`)
    this.addSql(ledgerSum.v1)
    // The sums of the ledger as it is (in the same transaction as the trigger's creation).
    this.addSql(`
UPDATE "wallet_pass_holder" h SET ledger_sum = s.total
  FROM (SELECT holder_id, SUM(amount) AS total FROM wallet_pass_ledger_entry
         WHERE state = 'applied' AND deleted_at IS NULL GROUP BY holder_id) s
 WHERE s.holder_id = h.id;`)

    // The functions, each as ../db-functions/ keeps its text and says what it does.
    this.addSql(balance.v1)
    this.addSql(consumeCredits.v1)
    this.addSql(hookHolder.v1)
    this.addSql(entryByKeys.v1)
    this.addSql(entryRepeat.v1)
    this.addSql(applyEntry.v1)
    this.addSql(hookAdd.v1)
    this.addSql(hookBatch.v1)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_batch(jsonb, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_add(jsonb, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_apply_entry(jsonb, boolean);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_entry_repeat(wallet_pass_ledger_entry, text, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_entry_by_keys(text, text);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_consume_credits(text, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_balance(text);`)
    this.addSql(`DROP TRIGGER IF EXISTS wallet_pass_ledger_sum ON "wallet_pass_ledger_entry";`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_ledger_sum_trigger();`)
    this.addSql(`ALTER TABLE "wallet_pass_holder" DROP COLUMN IF EXISTS "ledger_sum";`)
  }
}
