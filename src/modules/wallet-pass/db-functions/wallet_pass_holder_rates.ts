/**
 * The trigger `wallet_pass_holder_rates` on `wallet_pass_holder`: after a holder is created or a
 * column that decides its rates changes, wallet_pass_holder_rates_trigger. A trigger is not
 * replaced in place: a migration drops it (`DROP TRIGGER IF EXISTS wallet_pass_holder_rates ON
 * "wallet_pass_holder"`) before creating another version.
 *
 * Each version is the statement that creates the trigger as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261128054045. */
export const v1 = `CREATE TRIGGER wallet_pass_holder_rates
  AFTER INSERT OR UPDATE OF bonus_percent_bp, discount_percent_bp, rates_source, customer_id, verified_customer_id, level
  ON "wallet_pass_holder"
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_holder_rates_trigger();`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
