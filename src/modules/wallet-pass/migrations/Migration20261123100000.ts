import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The ledger's balance formula and the readBalance / addBalance hooks as database functions.
 *
 * - A running sum of each holder's applied entries, kept by a trigger on the ledger.
 * - `wallet_pass_balance(holder)` is the one place the balance is defined, and
 *   `wallet_pass_apply_entry(entry, forbid_overdraft)` the one place a balance change is
 *   written (with `wallet_pass_consume_credits` for a debit): the module's applyLedgerEntry
 *   and the addBalance hook both call it.
 * - `wallet_pass_hook_batch(items, echo_window_minutes)` answers a batch of readBalance and
 *   addBalance hooks in one statement (see WalletPassModuleService.applyServiceBalanceHook):
 *   one round trip and one commit for the whole batch, with plans PL/pgSQL keeps between
 *   calls. Each statement in a PL/pgSQL function takes a fresh snapshot (READ COMMITTED), so
 *   what runs after a holder's lock sees every change committed before it.
 */
export class Migration20261123100000 extends Migration {
  override async up(): Promise<void> {
    // Each holder's sum of applied entries, kept by a trigger on every write to the ledger
    // (whoever writes it), so that a balance costs the same however long the ledger grows.
    // It is not in the holder's data model: only these functions read it.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ADD COLUMN IF NOT EXISTS "ledger_sum" bigint NOT NULL DEFAULT 0;`)
    this.addSql(`
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
$fn$;`)
    this.addSql(`DROP TRIGGER IF EXISTS wallet_pass_ledger_sum ON "wallet_pass_ledger_entry";`)
    this.addSql(`
CREATE TRIGGER wallet_pass_ledger_sum
  AFTER INSERT OR DELETE OR UPDATE OF amount, state, deleted_at, holder_id ON "wallet_pass_ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_ledger_sum_trigger();`)
    // The sums of the ledger as it is (in the same transaction as the trigger's creation).
    this.addSql(`
UPDATE "wallet_pass_holder" h SET ledger_sum = s.total
  FROM (SELECT holder_id, SUM(amount) AS total FROM wallet_pass_ledger_entry
         WHERE state = 'applied' AND deleted_at IS NULL GROUP BY holder_id) s
 WHERE s.holder_id = h.id;`)

    // A holder's balance: the applied sum, less what remains of lapsed credits whose expiry
    // entry is not written yet (an expiry entry is written with expired_at, so a lapsed
    // credit counts once). The second part reads the partial index of live lifetime credits.
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_balance(p_holder_id text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_holder_id), 0)
       - (SELECT COALESCE(SUM(e.remaining), 0) FROM wallet_pass_ledger_entry e
           WHERE e.holder_id = p_holder_id AND e.expires_at <= now() AND e.expired_at IS NULL
             AND e.state = 'applied' AND e.deleted_at IS NULL);
END
$fn$;`)

    // A debit takes what it can from the holder's live lifetime credits, soonest expiry
    // first (the holder is locked); answers [{ credit_id, amount }] of what it took.
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_consume_credits(p_holder_id text, p_amount integer) RETURNS jsonb
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
$fn$;`)

    // The holder a hook names: the one with the phone, else the owner of the first of its
    // cards. foreign_card: one of the cards belongs to another holder than the phone's.
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_hook_holder(p_phone text, p_cards text[])
RETURNS TABLE (id text, phone text, customer_id text, bonus_percent_bp integer, discount_percent_bp integer, foreign_card text)
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN QUERY
    SELECT h.id, h.phone, h.customer_id, h.bonus_percent_bp, h.discount_percent_bp,
           (SELECT min(c.number) FROM wallet_pass_card c
              JOIN wallet_pass_holder o ON o.id = c.holder_id AND o.deleted_at IS NULL
             WHERE c.number = ANY(p_cards) AND c.deleted_at IS NULL AND c.holder_id <> h.id)
      FROM wallet_pass_holder h
     WHERE h.phone = p_phone AND h.deleted_at IS NULL;
  IF FOUND OR cardinality(p_cards) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT h.id, h.phone, h.customer_id, h.bonus_percent_bp, h.discount_percent_bp, NULL::text
      FROM wallet_pass_card c
      JOIN wallet_pass_holder h ON h.id = c.holder_id AND h.deleted_at IS NULL
     WHERE c.number = ANY(p_cards) AND c.deleted_at IS NULL
     ORDER BY c.number
     LIMIT 1;
END
$fn$;`)

    // The entry that holds a dedupe key or a transactionId (the first, if two hold them).
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_entry_by_keys(p_dedupe_key text, p_transaction_id text)
RETURNS SETOF wallet_pass_ledger_entry
LANGUAGE sql STABLE AS $fn$
  SELECT * FROM wallet_pass_ledger_entry e
   WHERE e.dedupe_key = p_dedupe_key OR e.transaction_id = p_transaction_id
   ORDER BY e.created_at LIMIT 1
$fn$;`)

    // An entry whose key or transactionId was taken first: that entry's result; nothing
    // changes. (A key first used for another holder reports that holder's balance.)
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_entry_repeat(p_first wallet_pass_ledger_entry, p_holder_id text, p_amount integer)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN jsonb_build_object(
    'status', 'repeat',
    'entry', to_jsonb(p_first),
    'balance', wallet_pass_balance(p_first.holder_id),
    'conflicting', p_first.holder_id <> p_holder_id OR p_first.amount <> p_amount,
    'echo_of_operation_id', p_first.metadata ->> 'echo_of_operation_id');
END
$fn$;`)

    // Every ledger entry the module writes for a balance change goes in here, once, for a
    // holder the caller has locked: balance_after from the balance before it, the overdraft
    // flag, a lifetime credit's expiry and what remains of it; a debit takes from lifetime
    // credits first and keeps what it took, so that canceling it gives them back. Answers
    // { status: 'created', entry, balance }; the first entry's result when the key or the
    // transactionId is taken (wallet_pass_entry_repeat); { status: 'refused', balance } for a
    // debit over the balance when p_forbid_overdraft (a redemption). p_entry: the table's
    // columns id, holder_id, amount, kind, reason, order_id, dedupe_key, transaction_id,
    // metadata, and lifetime_seconds (a credit's).
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_apply_entry(p_entry jsonb, p_forbid_overdraft boolean) RETURNS jsonb
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
$fn$;`)

    // One addBalance, under its holder's lock:
    // - a transactionId seen before returns the first result and changes nothing;
    // - the echo of our own balance/add or balance/deduct (same holder, same signed amount,
    //   our operation in flight or done within the echo window) is attached to our entry;
    // - anything else is the hook's entry (p_item.entry, built and checked by the module):
    //   a service credit (optionally with a lifetime) or a write-off (recorded and flagged
    //   when it overdraws), written by wallet_pass_apply_entry.
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_hook_add(p_item jsonb, p_echo_window_minutes integer) RETURNS jsonb
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
$fn$;`)

    // A batch of readBalance and addBalance hooks, answered in order. The holders that
    // change are locked first, in id order as every locker of several holders does, so two
    // batches (or a batch and the expiry job) never wait for each other in a cycle.
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_hook_batch(p_items jsonb, p_echo_window_minutes integer) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_item jsonb;
  v_holder record;
  v_results jsonb[] := '{}';
BEGIN
  PERFORM 1 FROM wallet_pass_holder h
   WHERE h.id IN (SELECT f.id FROM jsonb_array_elements(p_items) i
                   CROSS JOIN LATERAL wallet_pass_hook_holder(i ->> 'phone', ARRAY(SELECT jsonb_array_elements_text(i -> 'cards'))) f
                   WHERE i ->> 'kind' = 'add')
   ORDER BY h.id
     FOR UPDATE;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    IF v_item ->> 'kind' = 'add' THEN
      v_results := v_results || wallet_pass_hook_add(v_item, p_echo_window_minutes);
      CONTINUE;
    END IF;
    SELECT * INTO v_holder
      FROM wallet_pass_hook_holder(v_item ->> 'phone', ARRAY(SELECT jsonb_array_elements_text(v_item -> 'cards')));
    IF NOT FOUND THEN
      v_results := v_results || jsonb_build_object('status', 'not_found');
    ELSIF v_holder.foreign_card IS NOT NULL THEN
      v_results := v_results || jsonb_build_object('status', 'foreign_card', 'card', v_holder.foreign_card);
    ELSE
      v_results := v_results || jsonb_build_object('status', 'found', 'holder', to_jsonb(v_holder) - 'foreign_card',
                                                   'balance', wallet_pass_balance(v_holder.id));
    END IF;
  END LOOP;
  RETURN to_jsonb(v_results);
END
$fn$;`)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_batch(jsonb, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_add(jsonb, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_apply_entry(jsonb, boolean);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_entry_repeat(wallet_pass_ledger_entry, text, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_entry_by_keys(text, text);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_consume_credits(text, integer);`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_balance(text);`)
    this.addSql(`DROP TRIGGER IF EXISTS wallet_pass_ledger_sum ON "wallet_pass_ledger_entry";`)
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_ledger_sum_trigger();`)
    this.addSql(`ALTER TABLE "wallet_pass_holder" DROP COLUMN IF EXISTS "ledger_sum";`)
  }
}
