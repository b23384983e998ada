/**
 * The function of the trigger `wallet_pass_ledger_sum` (wallet_pass_ledger_sum.ts): keeps each
 * holder's `ledger_sum`, the sum of its applied entries, on every write to the ledger (whoever
 * writes it), so that a balance costs the same however long the ledger grows. No code writes
 * `ledger_sum`; only the database functions read it.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_ledger_sum_trigger() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  v_old bigint := 0;
  v_new bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'applied' AND OLD.deleted_at IS NULL THEN
    v_old := OLD.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.state = 'applied' AND NEW.deleted_at IS NULL THEN
    v_new := NEW.amount;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.holder_id IS DISTINCT FROM NEW.holder_id THEN
    UPDATE wallet_pass_holder SET ledger_sum = ledger_sum - v_old WHERE id = OLD.holder_id;
    UPDATE wallet_pass_holder SET ledger_sum = ledger_sum + v_new WHERE id = NEW.holder_id;
  ELSIF v_new <> v_old THEN
    UPDATE wallet_pass_holder SET ledger_sum = ledger_sum + (v_new - v_old)
     WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.holder_id ELSE NEW.holder_id END;
  END IF;
  RETURN NULL;
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
