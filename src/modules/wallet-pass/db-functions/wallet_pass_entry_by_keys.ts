/**
 * `wallet_pass_entry_by_keys(dedupe_key, transaction_id) → setof wallet_pass_ledger_entry`:
 * the entry that holds a dedupe key or a transactionId (the first, if two hold them).
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_entry_by_keys(p_dedupe_key text, p_transaction_id text)
RETURNS SETOF wallet_pass_ledger_entry
LANGUAGE sql STABLE AS $fn$
  SELECT * FROM wallet_pass_ledger_entry e
   WHERE e.dedupe_key = p_dedupe_key OR e.transaction_id = p_transaction_id
   ORDER BY e.created_at LIMIT 1
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
