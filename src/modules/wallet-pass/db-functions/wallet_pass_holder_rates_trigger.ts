/**
 * The function of the trigger `wallet_pass_holder_rates` (wallet_pass_holder_rates.ts): keeps the
 * history of what decides a holder's rates (`wallet_pass_holder_rates`: the bonus and discount
 * percents, who set them, the customer, who proved the phone, the level), a row from the
 * transaction's time on, whenever a holder is created or one of those columns changes, whoever
 * writes it. Several changes in one transaction share its time: the row keeps the last. An order's
 * bonus is decided from the row in force when it was placed (docs/loyalty.md, "Decided once, at
 * placement"). No code writes the history.
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261128054045. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_holder_rates_trigger() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.bonus_percent_bp, OLD.discount_percent_bp, OLD.rates_source, OLD.customer_id,
      OLD.verified_customer_id, OLD.level) IS NOT DISTINCT FROM (NEW.bonus_percent_bp, NEW.discount_percent_bp,
      NEW.rates_source, NEW.customer_id, NEW.verified_customer_id, NEW.level) THEN
    RETURN NULL;
  END IF;
  INSERT INTO wallet_pass_holder_rates (id, holder_id, bonus_percent_bp, discount_percent_bp, rates_source,
      customer_id, verified_customer_id, level, valid_from)
  VALUES ('wphrate_' || replace(CAST(gen_random_uuid() AS text), '-', ''), NEW.id, NEW.bonus_percent_bp,
      NEW.discount_percent_bp, NEW.rates_source, NEW.customer_id, NEW.verified_customer_id, NEW.level, now())
  ON CONFLICT (holder_id, valid_from) WHERE deleted_at IS NULL DO UPDATE
     SET bonus_percent_bp = EXCLUDED.bonus_percent_bp, discount_percent_bp = EXCLUDED.discount_percent_bp,
         rates_source = EXCLUDED.rates_source, customer_id = EXCLUDED.customer_id,
         verified_customer_id = EXCLUDED.verified_customer_id, level = EXCLUDED.level, updated_at = now();
  RETURN NULL;
END
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v1
