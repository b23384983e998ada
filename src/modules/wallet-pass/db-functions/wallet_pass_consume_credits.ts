/**
 * `wallet_pass_consume_credits(holder_id, amount) → jsonb`: a debit takes what it can from the
 * holder's live lifetime credits, soonest expiry first (the holder is locked); answers
 * `[{ credit_id, amount }]` of what it took.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_consume_credits(p_holder_id text, p_amount integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_left integer := p_amount;
  v_take integer;
  v_credit record;
  v_consumed jsonb := '[]'::jsonb;
BEGIN
  FOR v_credit IN
    SELECT e.id, e.remaining FROM wallet_pass_ledger_entry e
     WHERE e.holder_id = p_holder_id AND e.state = 'applied' AND e.deleted_at IS NULL
       AND e.expires_at > now() AND e.expired_at IS NULL AND e.remaining > 0
     ORDER BY e.expires_at, e.created_at, e.id
  LOOP
    EXIT WHEN v_left <= 0;
    v_take := least(v_left, v_credit.remaining);
    UPDATE wallet_pass_ledger_entry e SET remaining = e.remaining - v_take, updated_at = now() WHERE e.id = v_credit.id;
    v_consumed := v_consumed || jsonb_build_array(jsonb_build_object('credit_id', v_credit.id, 'amount', v_take));
    v_left := v_left - v_take;
  END LOOP;
  RETURN v_consumed;
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
