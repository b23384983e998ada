/**
 * The trigger `wallet_pass_ledger_sum` on `wallet_pass_ledger_entry`: after every row written,
 * wallet_pass_ledger_sum_trigger. A trigger is not replaced in place: a migration drops it
 * (`DROP TRIGGER IF EXISTS wallet_pass_ledger_sum ON "wallet_pass_ledger_entry"`) before
 * creating another version.
 *
 * Each version is the statement that creates the trigger as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE TRIGGER wallet_pass_ledger_sum
  AFTER INSERT OR DELETE OR UPDATE OF amount, state, deleted_at, holder_id ON "wallet_pass_ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_ledger_sum_trigger();`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
