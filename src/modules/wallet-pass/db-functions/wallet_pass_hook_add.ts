/**
 * `wallet_pass_hook_add(item, echo_window_minutes) → jsonb`: one addBalance hook, under its
 * holder's lock:
 * - a transactionId seen before returns the first result and changes nothing;
 * - the echo of our own balance/add or balance/deduct (same holder, same signed amount, our
 *   operation in flight or done within the echo window) is attached to our entry;
 * - anything else is the hook's entry (`item.entry`, built and checked by the module): a
 *   service credit (optionally with a lifetime) or a write-off (recorded and flagged when it
 *   overdraws), written by wallet_pass_apply_entry.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_add(p_item jsonb, p_echo_window_minutes integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder record;
  v_amount integer := (p_item #>> '{entry,amount}')::integer;
  v_entry wallet_pass_ledger_entry;
  v_operation_id text;
  v_echo_entry_id text;
BEGIN
  SELECT * INTO v_holder
    FROM wallet_pass_hook_holder(p_item ->> 'phone', ARRAY(SELECT jsonb_array_elements_text(p_item -> 'cards')));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_found');
  ELSIF v_holder.foreign_card IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'foreign_card', 'card', v_holder.foreign_card);
  END IF;
  -- The batch locked its holders already; this one only if its phone moved meanwhile.
  PERFORM 1 FROM wallet_pass_holder h WHERE h.id = v_holder.id FOR UPDATE;

  -- Seen before (an echo attached earlier included): the first result, not a new echo.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_item #>> '{entry,dedupe_key}', p_item #>> '{entry,transaction_id}');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder.id, v_amount) || jsonb_build_object('holder_id', v_holder.id);
  END IF;

  SELECT o.id, e.id INTO v_operation_id, v_echo_entry_id
    FROM wallet_pass_operation o
    JOIN wallet_pass_ledger_entry e ON e.id = o.ledger_entry_id
   WHERE o.holder_id = v_holder.id AND o.method IN ('balance_add', 'balance_deduct') AND o.deleted_at IS NULL
     AND e.amount = v_amount AND e.transaction_id IS NULL AND e.state = 'applied'
     AND (o.state IN ('sending', 'unknown')
          OR (o.state IN ('done', 'resolved') AND o.completed_at > now() - make_interval(mins => p_echo_window_minutes)))
   ORDER BY o.created_at, o.id
   LIMIT 1;
  IF v_operation_id IS NOT NULL THEN
    -- Our entry takes the transactionId; the operation learns that the echo proves its send
    -- applied (an ambiguous one is resolved by it).
    UPDATE wallet_pass_operation o
       SET result = COALESCE(o.result, '{}'::jsonb) || jsonb_build_object('echo_transaction_id', p_item #>> '{entry,transaction_id}'),
           state = CASE WHEN o.state = 'unknown' THEN 'resolved' ELSE o.state END,
           completed_at = CASE WHEN o.state = 'unknown' THEN now() ELSE o.completed_at END,
           updated_at = now()
     WHERE o.id = v_operation_id;
    UPDATE wallet_pass_ledger_entry e
       SET transaction_id = p_item #>> '{entry,transaction_id}',
           metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('echo_of_operation_id', v_operation_id),
           updated_at = now()
     WHERE e.id = v_echo_entry_id
    RETURNING * INTO v_entry;
    RETURN jsonb_build_object('status', 'echo', 'holder_id', v_holder.id, 'entry', to_jsonb(v_entry),
                              'balance', wallet_pass_balance(v_holder.id), 'echo_of_operation_id', v_operation_id);
  END IF;

  RETURN wallet_pass_apply_entry((p_item -> 'entry') || jsonb_build_object('holder_id', v_holder.id), false)
         || jsonb_build_object('holder_id', v_holder.id);
END
$fn$;`

/**
 * Installed by Migration20261124120000: a phone whose balance the store has not adopted yet
 * answers `pending` (400): the service's credit is refused whole, never half-taken
 * (docs/adoption.md).
 */
export const v2 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_add(p_item jsonb, p_echo_window_minutes integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder record;
  v_amount integer := (p_item #>> '{entry,amount}')::integer;
  v_entry wallet_pass_ledger_entry;
  v_operation_id text;
  v_echo_entry_id text;
BEGIN
  SELECT * INTO v_holder
    FROM wallet_pass_hook_holder(p_item ->> 'phone', ARRAY(SELECT jsonb_array_elements_text(p_item -> 'cards')));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_found');
  ELSIF v_holder.foreign_card IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'foreign_card', 'card', v_holder.foreign_card);
  ELSIF v_holder.adoption_state = 'pending' THEN
    -- Not before the store has taken the service's balance (docs/adoption.md).
    RETURN jsonb_build_object('status', 'pending');
  END IF;
  -- The batch locked its holders already; this one only if its phone moved meanwhile.
  PERFORM 1 FROM wallet_pass_holder h WHERE h.id = v_holder.id FOR UPDATE;

  -- Seen before (an echo attached earlier included): the first result, not a new echo.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_item #>> '{entry,dedupe_key}', p_item #>> '{entry,transaction_id}');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder.id, v_amount) || jsonb_build_object('holder_id', v_holder.id);
  END IF;

  SELECT o.id, e.id INTO v_operation_id, v_echo_entry_id
    FROM wallet_pass_operation o
    JOIN wallet_pass_ledger_entry e ON e.id = o.ledger_entry_id
   WHERE o.holder_id = v_holder.id AND o.method IN ('balance_add', 'balance_deduct') AND o.deleted_at IS NULL
     AND e.amount = v_amount AND e.transaction_id IS NULL AND e.state = 'applied'
     AND (o.state IN ('sending', 'unknown')
          OR (o.state IN ('done', 'resolved') AND o.completed_at > now() - make_interval(mins => p_echo_window_minutes)))
   ORDER BY o.created_at, o.id
   LIMIT 1;
  IF v_operation_id IS NOT NULL THEN
    -- Our entry takes the transactionId; the operation learns that the echo proves its send
    -- applied (an ambiguous one is resolved by it).
    UPDATE wallet_pass_operation o
       SET result = COALESCE(o.result, '{}'::jsonb) || jsonb_build_object('echo_transaction_id', p_item #>> '{entry,transaction_id}'),
           state = CASE WHEN o.state = 'unknown' THEN 'resolved' ELSE o.state END,
           completed_at = CASE WHEN o.state = 'unknown' THEN now() ELSE o.completed_at END,
           updated_at = now()
     WHERE o.id = v_operation_id;
    UPDATE wallet_pass_ledger_entry e
       SET transaction_id = p_item #>> '{entry,transaction_id}',
           metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('echo_of_operation_id', v_operation_id),
           updated_at = now()
     WHERE e.id = v_echo_entry_id
    RETURNING * INTO v_entry;
    RETURN jsonb_build_object('status', 'echo', 'holder_id', v_holder.id, 'entry', to_jsonb(v_entry),
                              'balance', wallet_pass_balance(v_holder.id), 'echo_of_operation_id', v_operation_id);
  END IF;

  RETURN wallet_pass_apply_entry((p_item -> 'entry') || jsonb_build_object('holder_id', v_holder.id), false)
         || jsonb_build_object('holder_id', v_holder.id);
END
$fn$;`

/**
 * Installed by Migration20261125100000: a balance change carried by a balance set (coalesced,
 * docs/architecture.md) was never sent itself, so no echo is matched to it.
 */
export const v3 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_add(p_item jsonb, p_echo_window_minutes integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder record;
  v_amount integer := (p_item #>> '{entry,amount}')::integer;
  v_entry wallet_pass_ledger_entry;
  v_operation_id text;
  v_echo_entry_id text;
BEGIN
  SELECT * INTO v_holder
    FROM wallet_pass_hook_holder(p_item ->> 'phone', ARRAY(SELECT jsonb_array_elements_text(p_item -> 'cards')));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_found');
  ELSIF v_holder.foreign_card IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'foreign_card', 'card', v_holder.foreign_card);
  ELSIF v_holder.adoption_state = 'pending' THEN
    -- Not before the store has taken the service's balance (docs/adoption.md).
    RETURN jsonb_build_object('status', 'pending');
  END IF;
  -- The batch locked its holders already; this one only if its phone moved meanwhile.
  PERFORM 1 FROM wallet_pass_holder h WHERE h.id = v_holder.id FOR UPDATE;

  -- Seen before (an echo attached earlier included): the first result, not a new echo.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_item #>> '{entry,dedupe_key}', p_item #>> '{entry,transaction_id}');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder.id, v_amount) || jsonb_build_object('holder_id', v_holder.id);
  END IF;

  SELECT o.id, e.id INTO v_operation_id, v_echo_entry_id
    FROM wallet_pass_operation o
    JOIN wallet_pass_ledger_entry e ON e.id = o.ledger_entry_id
   WHERE o.holder_id = v_holder.id AND o.method IN ('balance_add', 'balance_deduct') AND o.deleted_at IS NULL
     AND e.amount = v_amount AND e.transaction_id IS NULL AND e.state = 'applied'
     -- A change carried by a balance set was never sent itself: the service echoes nothing of it.
     AND o.result ->> 'coalesced_into' IS NULL
     AND (o.state IN ('sending', 'unknown')
          OR (o.state IN ('done', 'resolved') AND o.completed_at > now() - make_interval(mins => p_echo_window_minutes)))
   ORDER BY o.created_at, o.id
   LIMIT 1;
  IF v_operation_id IS NOT NULL THEN
    -- Our entry takes the transactionId; the operation learns that the echo proves its send
    -- applied (an ambiguous one is resolved by it).
    UPDATE wallet_pass_operation o
       SET result = COALESCE(o.result, '{}'::jsonb) || jsonb_build_object('echo_transaction_id', p_item #>> '{entry,transaction_id}'),
           state = CASE WHEN o.state = 'unknown' THEN 'resolved' ELSE o.state END,
           completed_at = CASE WHEN o.state = 'unknown' THEN now() ELSE o.completed_at END,
           updated_at = now()
     WHERE o.id = v_operation_id;
    UPDATE wallet_pass_ledger_entry e
       SET transaction_id = p_item #>> '{entry,transaction_id}',
           metadata = COALESCE(e.metadata, '{}'::jsonb) || jsonb_build_object('echo_of_operation_id', v_operation_id),
           updated_at = now()
     WHERE e.id = v_echo_entry_id
    RETURNING * INTO v_entry;
    RETURN jsonb_build_object('status', 'echo', 'holder_id', v_holder.id, 'entry', to_jsonb(v_entry),
                              'balance', wallet_pass_balance(v_holder.id), 'echo_of_operation_id', v_operation_id);
  END IF;

  RETURN wallet_pass_apply_entry((p_item -> 'entry') || jsonb_build_object('holder_id', v_holder.id), false)
         || jsonb_build_object('holder_id', v_holder.id);
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v3
