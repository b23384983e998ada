CREATE OR REPLACE FUNCTION wallet_pass_balance(p_holder_id text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_holder_id), 0)
       - (SELECT COALESCE(SUM(e.remaining), 0) FROM wallet_pass_ledger_entry e
           WHERE e.holder_id = p_holder_id AND e.expires_at <= now() AND e.expired_at IS NULL
             AND e.state = 'applied' AND e.deleted_at IS NULL);
END
$fn$;
