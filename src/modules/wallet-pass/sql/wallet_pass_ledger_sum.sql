CREATE TRIGGER wallet_pass_ledger_sum
  AFTER INSERT OR DELETE OR UPDATE OF amount, state, deleted_at, holder_id ON "wallet_pass_ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_ledger_sum_trigger();
