/**
 * `wallet_pass_hook_batch(items, echo_window_minutes) → jsonb`: a batch of readBalance and
 * addBalance hooks answered in order, in one statement: one round trip and one commit for the
 * whole batch, with plans PL/pgSQL keeps between calls. The holders that change are locked
 * first, in id order as every locker of several holders does, so two batches (or a batch and
 * the expiry job) never wait for each other in a cycle. Each statement in a PL/pgSQL function
 * takes a fresh snapshot (READ COMMITTED), so what runs after a holder's lock sees every change
 * committed before it.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_batch(p_items jsonb, p_echo_window_minutes integer) RETURNS jsonb
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
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
