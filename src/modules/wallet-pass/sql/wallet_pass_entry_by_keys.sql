CREATE OR REPLACE FUNCTION wallet_pass_entry_by_keys(p_dedupe_key text, p_transaction_id text)
RETURNS SETOF wallet_pass_ledger_entry
LANGUAGE sql STABLE AS $fn$
  SELECT * FROM wallet_pass_ledger_entry e
   WHERE e.dedupe_key = p_dedupe_key OR e.transaction_id = p_transaction_id
   ORDER BY e.created_at LIMIT 1
$fn$;
