/**
 * `wallet_pass_expire_credit(credit_id, entry) → jsonb`: marks a lapsed credit expired and writes
 * the `expiry` entry of what it had left through wallet_pass_apply_entry, in one statement;
 * answers `{ status: 'taken' }` when the credit was marked already and `{ status: 'consumed' }`
 * when nothing was left of it.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261124120000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_expire_credit(p_credit_id text, p_entry jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text;
  v_remaining integer;
BEGIN
  UPDATE wallet_pass_ledger_entry AS e SET expired_at = now(), remaining = 0, updated_at = now()
    FROM (SELECT c.id, c.remaining FROM wallet_pass_ledger_entry c WHERE c.id = p_credit_id) AS before
   WHERE e.id = before.id AND e.expired_at IS NULL
  RETURNING e.holder_id, before.remaining INTO v_holder_id, v_remaining;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'taken');
  END IF;
  IF COALESCE(v_remaining, 0) <= 0 THEN
    RETURN jsonb_build_object('status', 'consumed');
  END IF;
  RETURN wallet_pass_apply_entry(
    p_entry || jsonb_build_object('holder_id', v_holder_id, 'amount', -v_remaining, 'kind', 'expiry'), false);
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
