CREATE OR REPLACE FUNCTION wallet_pass_ledger_sum_trigger() RETURNS trigger
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
$fn$;
