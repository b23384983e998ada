/**
 * `wallet_pass_apply_entry(entry, forbid_overdraft) → jsonb`, the one place a balance change is
 * written (docs/architecture.md, "The ledger"): every ledger entry the module writes goes in
 * here, once, for a holder the caller has locked: balance_after from the balance before it, the
 * overdraft flag, a lifetime credit's expiry and what remains of it; a debit takes from
 * lifetime credits first (wallet_pass_consume_credits) and keeps what it took, so that
 * canceling it gives them back. Answers `{ status: 'created', entry, balance }`; the first
 * entry's result when the key or the transactionId is taken (wallet_pass_entry_repeat);
 * `{ status: 'refused', balance }` for a debit over the balance when forbid_overdraft (a
 * redemption). `entry`: the table's columns id, holder_id, amount, kind, reason, order_id,
 * dedupe_key, transaction_id, metadata, and lifetime_seconds (a credit's).
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_apply_entry(p_entry jsonb, p_forbid_overdraft boolean) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text := p_entry ->> 'holder_id';
  v_amount integer := (p_entry ->> 'amount')::integer;
  v_lifetime integer := CASE WHEN (p_entry ->> 'amount')::integer > 0 THEN (p_entry ->> 'lifetime_seconds')::integer END;
  v_before bigint := wallet_pass_balance(p_entry ->> 'holder_id');
  v_entry wallet_pass_ledger_entry;
  v_consumed jsonb;
BEGIN
  IF NOT (p_forbid_overdraft AND v_amount < 0 AND v_before + v_amount < 0) THEN
    INSERT INTO wallet_pass_ledger_entry
      (id, holder_id, amount, kind, state, reason, order_id, dedupe_key, transaction_id, expires_at, remaining,
       overdraft, balance_after, metadata, created_at, updated_at)
    VALUES
      (p_entry ->> 'id', v_holder_id, v_amount, p_entry ->> 'kind', 'applied', p_entry ->> 'reason', p_entry ->> 'order_id',
       p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id',
       CASE WHEN v_lifetime IS NOT NULL THEN now() + make_interval(secs => v_lifetime) END,
       CASE WHEN v_lifetime IS NOT NULL THEN v_amount END,
       v_amount < 0 AND v_before + v_amount < 0, v_before + v_amount,
       CASE WHEN jsonb_typeof(p_entry -> 'metadata') = 'object' THEN p_entry -> 'metadata' END, now(), now())
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_entry;
    IF FOUND THEN
      IF v_amount < 0 THEN
        v_consumed := wallet_pass_consume_credits(v_holder_id, -v_amount);
        IF jsonb_array_length(v_consumed) > 0 THEN
          UPDATE wallet_pass_ledger_entry e
             SET metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('consumed_credits', v_consumed)
           WHERE e.id = v_entry.id
          RETURNING * INTO v_entry;
        END IF;
      END IF;
      RETURN jsonb_build_object('status', 'created', 'entry', to_jsonb(v_entry), 'balance', v_entry.balance_after);
    END IF;
  END IF;
  -- Not written: a repeat (the key or transactionId is taken, maybe by another holder) or a
  -- refused overdraft.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder_id, v_amount);
  END IF;
  RETURN jsonb_build_object('status', 'refused', 'balance', v_before);
END
$fn$;`

/**
 * Installed by Migration20261124120000: the balance after and the holder's running sum are 32-bit
 * integers: a change that would take either beyond is refused (`{ status: 'out_of_range', balance
 * }`) instead of failing the statement. Expiries are written through it
 * (wallet_pass_expire_credit) and take off what their own lapsed credit had left, not other
 * credits.
 */
export const v2 = `CREATE OR REPLACE FUNCTION wallet_pass_apply_entry(p_entry jsonb, p_forbid_overdraft boolean) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text := p_entry ->> 'holder_id';
  v_amount integer := (p_entry ->> 'amount')::integer;
  v_lifetime integer := CASE WHEN (p_entry ->> 'amount')::integer > 0 THEN (p_entry ->> 'lifetime_seconds')::integer END;
  v_before bigint := wallet_pass_balance(p_entry ->> 'holder_id');
  v_after bigint := v_before + v_amount;
  -- The balance after, and the running sum (which still counts lapsed credits whose expiry is
  -- not written yet), are 32-bit integers.
  v_in_range boolean := v_after BETWEEN -2147483648 AND 2147483647
    AND COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_entry ->> 'holder_id'), 0)::bigint + v_amount
        BETWEEN -2147483648 AND 2147483647;
  v_entry wallet_pass_ledger_entry;
  v_consumed jsonb;
BEGIN
  IF v_in_range AND NOT (p_forbid_overdraft AND v_amount < 0 AND v_after < 0) THEN
    INSERT INTO wallet_pass_ledger_entry
      (id, holder_id, amount, kind, state, reason, order_id, dedupe_key, transaction_id, expires_at, remaining,
       overdraft, balance_after, metadata, created_at, updated_at)
    VALUES
      (p_entry ->> 'id', v_holder_id, v_amount, p_entry ->> 'kind', 'applied', p_entry ->> 'reason', p_entry ->> 'order_id',
       p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id',
       CASE WHEN v_lifetime IS NOT NULL THEN now() + make_interval(secs => v_lifetime) END,
       CASE WHEN v_lifetime IS NOT NULL THEN v_amount END,
       v_amount < 0 AND v_after < 0, v_after,
       CASE WHEN jsonb_typeof(p_entry -> 'metadata') = 'object' THEN p_entry -> 'metadata' END, now(), now())
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_entry;
    IF FOUND THEN
      -- A debit takes from lifetime credits; an expiry is what its own lapsed credit had left.
      IF v_amount < 0 AND p_entry ->> 'kind' <> 'expiry' THEN
        v_consumed := wallet_pass_consume_credits(v_holder_id, -v_amount);
        IF jsonb_array_length(v_consumed) > 0 THEN
          UPDATE wallet_pass_ledger_entry e
             SET metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('consumed_credits', v_consumed)
           WHERE e.id = v_entry.id
          RETURNING * INTO v_entry;
        END IF;
      END IF;
      RETURN jsonb_build_object('status', 'created', 'entry', to_jsonb(v_entry), 'balance', v_entry.balance_after);
    END IF;
  END IF;
  -- Not written: a repeat (the key or transactionId is taken, maybe by another holder), a
  -- balance out of range, or a refused overdraft.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder_id, v_amount);
  END IF;
  IF NOT v_in_range THEN
    RETURN jsonb_build_object('status', 'out_of_range', 'balance', v_before);
  END IF;
  RETURN jsonb_build_object('status', 'refused', 'balance', v_before);
END
$fn$;`

/**
 * Installed by Migration20261127000300: also writes the entry's `reason_code` and `reason_values`
 * (docs/architecture.md, "Reasons").
 */
export const v3 = `CREATE OR REPLACE FUNCTION wallet_pass_apply_entry(p_entry jsonb, p_forbid_overdraft boolean) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text := p_entry ->> 'holder_id';
  v_amount integer := (p_entry ->> 'amount')::integer;
  v_lifetime integer := CASE WHEN (p_entry ->> 'amount')::integer > 0 THEN (p_entry ->> 'lifetime_seconds')::integer END;
  v_before bigint := wallet_pass_balance(p_entry ->> 'holder_id');
  v_after bigint := v_before + v_amount;
  -- The balance after, and the running sum (which still counts lapsed credits whose expiry is
  -- not written yet), are 32-bit integers.
  v_in_range boolean := v_after BETWEEN -2147483648 AND 2147483647
    AND COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_entry ->> 'holder_id'), 0)::bigint + v_amount
        BETWEEN -2147483648 AND 2147483647;
  v_entry wallet_pass_ledger_entry;
  v_consumed jsonb;
BEGIN
  IF v_in_range AND NOT (p_forbid_overdraft AND v_amount < 0 AND v_after < 0) THEN
    INSERT INTO wallet_pass_ledger_entry
      (id, holder_id, amount, kind, state, reason, reason_code, reason_values, order_id, dedupe_key, transaction_id,
       expires_at, remaining, overdraft, balance_after, metadata, created_at, updated_at)
    VALUES
      (p_entry ->> 'id', v_holder_id, v_amount, p_entry ->> 'kind', 'applied', p_entry ->> 'reason',
       p_entry ->> 'reason_code',
       CASE WHEN jsonb_typeof(p_entry -> 'reason_values') = 'object' THEN p_entry -> 'reason_values' END,
       p_entry ->> 'order_id',
       p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id',
       CASE WHEN v_lifetime IS NOT NULL THEN now() + make_interval(secs => v_lifetime) END,
       CASE WHEN v_lifetime IS NOT NULL THEN v_amount END,
       v_amount < 0 AND v_after < 0, v_after,
       CASE WHEN jsonb_typeof(p_entry -> 'metadata') = 'object' THEN p_entry -> 'metadata' END, now(), now())
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_entry;
    IF FOUND THEN
      -- A debit takes from lifetime credits; an expiry is what its own lapsed credit had left.
      IF v_amount < 0 AND p_entry ->> 'kind' <> 'expiry' THEN
        v_consumed := wallet_pass_consume_credits(v_holder_id, -v_amount);
        IF jsonb_array_length(v_consumed) > 0 THEN
          UPDATE wallet_pass_ledger_entry e
             SET metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('consumed_credits', v_consumed)
           WHERE e.id = v_entry.id
          RETURNING * INTO v_entry;
        END IF;
      END IF;
      RETURN jsonb_build_object('status', 'created', 'entry', to_jsonb(v_entry), 'balance', v_entry.balance_after);
    END IF;
  END IF;
  -- Not written: a repeat (the key or transactionId is taken, maybe by another holder), a
  -- balance out of range, or a refused overdraft.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder_id, v_amount);
  END IF;
  IF NOT v_in_range THEN
    RETURN jsonb_build_object('status', 'out_of_range', 'balance', v_before);
  END IF;
  RETURN jsonb_build_object('status', 'refused', 'balance', v_before);
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v3
