/**
 * `wallet_pass_cancel_entry(entry_id, rename_keys) → jsonb`: cancels an applied entry (with
 * rename_keys, its dedupe key is renamed so the key can be written again) and gives back to
 * lifetime credits what a canceled debit took; answers `{ entry, lapsed }`, lapsed being the
 * parts whose credit has expired since (the caller writes them off), or NULL when the entry
 * was not applied.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261124120000. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_cancel_entry(p_entry_id text, p_rename_keys boolean) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_entry wallet_pass_ledger_entry;
  v_part record;
  v_expired_at timestamptz;
  v_lapsed jsonb := '[]'::jsonb;
BEGIN
  UPDATE wallet_pass_ledger_entry e
     SET state = 'canceled', updated_at = now(),
         dedupe_key = CASE WHEN p_rename_keys THEN e.dedupe_key || ':void:' || e.id ELSE e.dedupe_key END
   WHERE e.id = p_entry_id AND e.state = 'applied'
  RETURNING * INTO v_entry;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  FOR v_part IN
    SELECT x.credit_id, x.amount
      FROM jsonb_to_recordset(COALESCE(v_entry.metadata -> 'consumed_credits', '[]'::jsonb)) AS x(credit_id text, amount integer)
     WHERE x.amount > 0
  LOOP
    v_expired_at := NULL;
    UPDATE wallet_pass_ledger_entry e
       SET remaining = CASE WHEN e.expired_at IS NULL THEN e.remaining + v_part.amount ELSE e.remaining END,
           updated_at = now()
     WHERE e.id = v_part.credit_id AND e.state = 'applied'
    RETURNING e.expired_at INTO v_expired_at;
    IF v_expired_at IS NOT NULL THEN
      v_lapsed := v_lapsed || jsonb_build_array(jsonb_build_object('credit_id', v_part.credit_id, 'amount', v_part.amount));
    END IF;
  END LOOP;
  RETURN jsonb_build_object('entry', to_jsonb(v_entry), 'lapsed', v_lapsed);
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
