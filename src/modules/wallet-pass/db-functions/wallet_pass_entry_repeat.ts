/**
 * `wallet_pass_entry_repeat(first, holder_id, amount) → jsonb`: the answer to an entry whose
 * key or transactionId was taken first: that entry's result; nothing changes. (A key first
 * used for another holder reports that holder's balance.)
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_entry_repeat(p_first wallet_pass_ledger_entry, p_holder_id text, p_amount integer)
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
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
