CREATE FUNCTION wallet_pass_hook_holder(p_phone text, p_cards text[])
RETURNS TABLE (id text, phone text, customer_id text, bonus_percent_bp integer, discount_percent_bp integer,
               adoption_state text, foreign_card text)
LANGUAGE sql STABLE AS $fn$
  SELECT h.id, h.phone, h.customer_id, h.bonus_percent_bp, h.discount_percent_bp, h.adoption_state,
         (SELECT min(c.number) FROM wallet_pass_card c
            JOIN wallet_pass_holder o ON o.id = c.holder_id AND o.deleted_at IS NULL
           WHERE c.number = ANY(p_cards) AND c.deleted_at IS NULL AND c.holder_id <> h.id)
    FROM wallet_pass_holder h
   WHERE h.phone = p_phone AND h.deleted_at IS NULL
$fn$;
