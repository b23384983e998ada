/**
 * `wallet_pass_hook_holder(phone, cards) → table`: the holder a hook names, with `foreign_card`
 * when one of the cards belongs to another holder than the phone's. Its result's columns
 * changed from v1 to v2, which `CREATE OR REPLACE` cannot do: a migration that installs another
 * version drops it first (`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]) CASCADE`).
 *
 * Each version is the statement that creates the function as a migration installed it, kept once
 * here; the migrations import the version they install and the one they restore. A version
 * never changes once a migration installs it: a change is a new version and a new migration
 * (README.md).
 */

/** Installed by Migration20261123100000: the holder with the phone, else the owner of the first of its cards. */
export const v1 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_holder(p_phone text, p_cards text[])
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
$fn$;`

/**
 * Installed by Migration20261124120000: the holder with the phone only: a card alone never stands
 * for a phone the store does not know (it would act on the card's owner). The holder's adoption
 * state comes along: readBalance is refused until the phone is adopted (docs/adoption.md).
 */
export const v2 = `CREATE OR REPLACE FUNCTION wallet_pass_hook_holder(p_phone text, p_cards text[])
RETURNS TABLE (id text, phone text, customer_id text, bonus_percent_bp integer, discount_percent_bp integer,
               adoption_state text, foreign_card text)
LANGUAGE sql STABLE AS $fn$
  SELECT h.id, h.phone, h.customer_id, h.bonus_percent_bp, h.discount_percent_bp, h.adoption_state,
         (SELECT min(c.number) FROM wallet_pass_card c
            JOIN wallet_pass_holder o ON o.id = c.holder_id AND o.deleted_at IS NULL
           WHERE c.number = ANY(p_cards) AND c.deleted_at IS NULL AND c.holder_id <> h.id)
    FROM wallet_pass_holder h
   WHERE h.phone = p_phone AND h.deleted_at IS NULL
$fn$;`

/** The newest version: what the newest migration defining it installs. */
export const latest = v2
