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
$fn$;
