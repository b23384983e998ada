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
$fn$;
