CREATE OR REPLACE FUNCTION wallet_pass_expire_credit(p_credit_id text, p_entry jsonb) RETURNS jsonb
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
$fn$;
