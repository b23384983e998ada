/**
 * `wallet_pass_balance(holder_id) → bigint`, the one place the balance is defined: the holder's
 * applied sum (`ledger_sum`), less what remains of lapsed credits whose expiry entry is not
 * written yet (an expiry entry is written with expired_at, so a lapsed credit counts once).
 * The second part reads the partial index of live lifetime credits.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_balance(p_holder_id text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_holder_id), 0)
       - (SELECT COALESCE(SUM(e.remaining), 0) FROM wallet_pass_ledger_entry e
           WHERE e.holder_id = p_holder_id AND e.expires_at <= now() AND e.expired_at IS NULL
             AND e.state = 'applied' AND e.deleted_at IS NULL);
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
