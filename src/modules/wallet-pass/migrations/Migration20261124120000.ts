import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * This round's schema (2026-11-24):
 * - hook deliveries: the outcome "conflict" (a transactionId reused with another sum or holder);
 * - refused hook deliveries counted per minute with a few samples (wallet_pass_hook_refusal);
 * - adoption of what the service already holds (docs/adoption.md): the holder's adoption
 *   state, phone verification, drift and install-sync marks; the import, install-sync and
 *   drift runs; verification codes; the audit of moved passes; the `opening_balance` ledger
 *   kind. Holders from before count as adopted already ("legacy": their ledger was the
 *   record), except those whose enrolment has not reached the service yet: they get the read
 *   that adopts them, ahead of their other requests. Hooks naming an unknown phone no longer
 *   act on a card's owner;
 * - the ledger's single write path (below) and its running sum in the data model.
 */
export class Migration20261124120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "wallet_pass_hook_delivery" drop constraint if exists "wallet_pass_hook_delivery_outcome_check";`);

    this.addSql(`alter table if exists "wallet_pass_hook_delivery" add constraint "wallet_pass_hook_delivery_outcome_check" check("outcome" in ('ok', 'duplicate', 'conflict', 'unauthorized', 'rejected', 'error'));`);

    this.addSql(`alter table if exists "wallet_pass_hook_refusal" drop constraint if exists "wallet_pass_hook_refusal_minute_unique";`);
    this.addSql(`create table if not exists "wallet_pass_hook_refusal" ("id" text not null, "minute" timestamptz not null, "refused" integer not null, "samples" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_hook_refusal_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_refusal_deleted_at" ON "wallet_pass_hook_refusal" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_hook_refusal_minute_unique" ON "wallet_pass_hook_refusal" ("minute") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_import_item" drop constraint if exists "wallet_pass_import_item_run_id_phone_unique";`);
    this.addSql(`create table if not exists "wallet_pass_holder_move" ("id" text not null, "holder_id" text not null, "from_customer_id" text null, "to_customer_id" text not null, "via" text check ("via" in ('admin', 'verification')) not null, "actor" text null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_holder_move_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_holder_move_deleted_at" ON "wallet_pass_holder_move" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_import_item" ("id" text not null, "run_id" text not null, "phone" text not null, "state" text check ("state" in ('found', 'adopted', 'skipped', 'review')) not null default 'found', "outcome" text null, "holder_id" text null, "customer_id" text null, "reason" text null, "service_balance" integer null, "refreshed_balance" integer null, "refreshed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_import_item_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_import_item_deleted_at" ON "wallet_pass_import_item" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_import_item_run_id_phone_unique" ON "wallet_pass_import_item" ("run_id", "phone") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_import_item_run_id_state" ON "wallet_pass_import_item" ("run_id", "state") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_sync_run" ("id" text not null, "kind" text check ("kind" in ('import', 'installs', 'drift')) not null, "state" text check ("state" in ('running', 'done', 'failed', 'canceled')) not null default 'running', "phase" text not null, "cursor" jsonb null, "counts" jsonb null, "until" timestamptz not null, "requested_by" text null, "finished_at" timestamptz null, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_sync_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_sync_run_deleted_at" ON "wallet_pass_sync_run" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_sync_run_kind_state" ON "wallet_pass_sync_run" ("kind", "state") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_verification" ("id" text not null, "holder_id" text not null, "customer_id" text not null, "phone" text not null, "code_hash" text not null, "attempts" integer not null default 0, "expires_at" timestamptz not null, "confirmed_at" timestamptz null, "operation_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_verification_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_verification_deleted_at" ON "wallet_pass_verification" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_verification_customer_id_created_at" ON "wallet_pass_verification" ("customer_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_verification_holder_id" ON "wallet_pass_verification" ("holder_id") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_holder" drop constraint if exists "wallet_pass_holder_source_check";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_kind_check";`);

    this.addSql(`alter table if exists "wallet_pass_holder" add column if not exists "adoption_state" text check ("adoption_state" in ('pending', 'adopted', 'new', 'legacy')) not null default 'pending', add column if not exists "adopted_at" timestamptz null, add column if not exists "verified_customer_id" text null, add column if not exists "verified_at" timestamptz null, add column if not exists "drift" jsonb null, add column if not exists "installs_seen_at" timestamptz null;`);
    this.addSql(`alter table if exists "wallet_pass_holder" add constraint "wallet_pass_holder_source_check" check("source" in ('signup', 'hook', 'admin', 'backfill', 'import'));`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" add constraint "wallet_pass_ledger_entry_kind_check" check("kind" in ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'service_credit', 'service_debit', 'manual', 'expiry', 'sync_adjustment', 'opening_balance'));`);

    // Holders from before adoption: their ledger is the record already. Only an enrolment
    // that has not reached the service yet still has something to learn from it.
    // Only holders still 'pending' (all of them on a database that did not have the column):
    // a database that ran this round's earlier, unlanded migrations keeps what it adopted since.
    this.addSql(`UPDATE "wallet_pass_holder" SET "adoption_state" = 'legacy', "adopted_at" = "created_at"
      WHERE "adoption_state" = 'pending' AND NOT ("enrollment_state" = 'pending' AND "source" <> 'hook');`);
    this.addSql(`
INSERT INTO "wallet_pass_operation" ("id", "method", "holder_id", "payload", "dedupe_key", "priority", "state", "attempts", "created_at", "updated_at")
SELECT 'wpop_adopt_' || md5(h.id), 'read_customer', h.id, '{"type":"adopt"}'::jsonb, 'adopt:' || h.id,
       COALESCE(min(o.priority), 10), 'pending', 0, COALESCE(min(o.created_at) - interval '1 millisecond', now()), now()
  FROM "wallet_pass_holder" h
  LEFT JOIN "wallet_pass_operation" o ON o.holder_id = h.id AND o.state = 'pending' AND o.deleted_at IS NULL
 WHERE h.adoption_state = 'pending' AND h.deleted_at IS NULL
 GROUP BY h.id
ON CONFLICT DO NOTHING;`);

    // The holder a hook names is the one with its phone; a card alone never stands for a
    // phone the store does not know (it would act on the card's owner). The holder's
    // adoption state comes along: readBalance is refused until the phone is adopted.
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]) CASCADE;`);
    this.addSql(`
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
$fn$;`);
    // addBalance for a phone whose balance the store has not adopted yet answers "pending"
    // (400): the service's credit is refused whole, never half-taken (its readBalance, which
    // follows, would be refused too). The rest of the function is Migration20261123100000's.
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
  ELSIF v_holder.adoption_state = 'pending' THEN
    -- Not before the store has taken the service's balance (docs/adoption.md).
    RETURN jsonb_build_object('status', 'pending');
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
$fn$;`);

    // Every ledger write goes through the database functions of sql/ (docs/architecture.md,
    // "The ledger"): an entry is written by wallet_pass_apply_entry, expiries included (an
    // expiry takes off what its lapsed credit had left, not other credits);
    // wallet_pass_expire_credit marks a lapsed credit and writes its expiry in one statement;
    // wallet_pass_cancel_entry cancels an applied entry and gives back to lifetime credits what
    // a canceled debit took. The holder's running sum is in its data model now: an integer, as
    // the balance is, and wallet_pass_apply_entry refuses a change that would take either
    // beyond it (out_of_range) instead of failing the statement.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ALTER COLUMN "ledger_sum" TYPE integer;`);
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_apply_entry(p_entry jsonb, p_forbid_overdraft boolean) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text := p_entry ->> 'holder_id';
  v_amount integer := (p_entry ->> 'amount')::integer;
  v_lifetime integer := CASE WHEN (p_entry ->> 'amount')::integer > 0 THEN (p_entry ->> 'lifetime_seconds')::integer END;
  v_before bigint := wallet_pass_balance(p_entry ->> 'holder_id');
  v_after bigint := v_before + v_amount;
  -- The balance after, and the running sum (which still counts lapsed credits whose expiry is
  -- not written yet), are 32-bit integers.
  v_in_range boolean := v_after BETWEEN -2147483648 AND 2147483647
    AND COALESCE((SELECT h.ledger_sum FROM wallet_pass_holder h WHERE h.id = p_entry ->> 'holder_id'), 0)::bigint + v_amount
        BETWEEN -2147483648 AND 2147483647;
  v_entry wallet_pass_ledger_entry;
  v_consumed jsonb;
BEGIN
  IF v_in_range AND NOT (p_forbid_overdraft AND v_amount < 0 AND v_after < 0) THEN
    INSERT INTO wallet_pass_ledger_entry
      (id, holder_id, amount, kind, state, reason, order_id, dedupe_key, transaction_id, expires_at, remaining,
       overdraft, balance_after, metadata, created_at, updated_at)
    VALUES
      (p_entry ->> 'id', v_holder_id, v_amount, p_entry ->> 'kind', 'applied', p_entry ->> 'reason', p_entry ->> 'order_id',
       p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id',
       CASE WHEN v_lifetime IS NOT NULL THEN now() + make_interval(secs => v_lifetime) END,
       CASE WHEN v_lifetime IS NOT NULL THEN v_amount END,
       v_amount < 0 AND v_after < 0, v_after,
       CASE WHEN jsonb_typeof(p_entry -> 'metadata') = 'object' THEN p_entry -> 'metadata' END, now(), now())
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_entry;
    IF FOUND THEN
      -- A debit takes from lifetime credits; an expiry is what its own lapsed credit had left.
      IF v_amount < 0 AND p_entry ->> 'kind' <> 'expiry' THEN
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
  -- Not written: a repeat (the key or transactionId is taken, maybe by another holder), a
  -- balance out of range, or a refused overdraft.
  SELECT * INTO v_entry FROM wallet_pass_entry_by_keys(p_entry ->> 'dedupe_key', p_entry ->> 'transaction_id');
  IF FOUND THEN
    RETURN wallet_pass_entry_repeat(v_entry, v_holder_id, v_amount);
  END IF;
  IF NOT v_in_range THEN
    RETURN jsonb_build_object('status', 'out_of_range', 'balance', v_before);
  END IF;
  RETURN jsonb_build_object('status', 'refused', 'balance', v_before);
END
$fn$;`);
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_expire_credit(p_credit_id text, p_entry jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_holder_id text;
  v_remaining integer;
BEGIN
  UPDATE wallet_pass_ledger_entry AS e SET expired_at = now(), remaining = 0, updated_at = now()
    FROM (SELECT c.id, c.remaining FROM wallet_pass_ledger_entry c WHERE c.id = p_credit_id) AS before
   WHERE e.id = before.id AND e.expired_at IS NULL
  RETURNING e.holder_id, before.remaining INTO v_holder_id, v_remaining;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'taken');
  END IF;
  IF COALESCE(v_remaining, 0) <= 0 THEN
    RETURN jsonb_build_object('status', 'consumed');
  END IF;
  RETURN wallet_pass_apply_entry(
    p_entry || jsonb_build_object('holder_id', v_holder_id, 'amount', -v_remaining, 'kind', 'expiry'), false);
END
$fn$;`);
    this.addSql(`
CREATE OR REPLACE FUNCTION wallet_pass_cancel_entry(p_entry_id text, p_rename_keys boolean) RETURNS jsonb
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
$fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_cancel_entry(text, boolean);`);
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_expire_credit(text, jsonb);`);
    // wallet_pass_apply_entry stays: earlier code reads the same answers from it and never
    // writes an expiry through it.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ALTER COLUMN "ledger_sum" TYPE bigint;`);

    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]) CASCADE;`);
    // The functions as Migration20261123100000 defined them.
    this.addSql(`
CREATE FUNCTION wallet_pass_hook_holder(p_phone text, p_cards text[])
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
$fn$;`);
    this.addSql(`DELETE FROM "wallet_pass_operation" WHERE "method" = 'read_customer' AND "payload"->>'type' = 'adopt' AND "state" = 'pending';`);
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
$fn$;`);
    this.addSql(`drop table if exists "wallet_pass_holder_move" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_import_item" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_sync_run" cascade;`);

    this.addSql(`drop table if exists "wallet_pass_verification" cascade;`);

    this.addSql(`alter table if exists "wallet_pass_holder" drop constraint if exists "wallet_pass_holder_source_check";`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" drop constraint if exists "wallet_pass_ledger_entry_kind_check";`);

    this.addSql(`alter table if exists "wallet_pass_holder" drop column if exists "adoption_state", drop column if exists "adopted_at", drop column if exists "verified_customer_id", drop column if exists "verified_at", drop column if exists "drift", drop column if exists "installs_seen_at";`);

    this.addSql(`alter table if exists "wallet_pass_holder" add constraint "wallet_pass_holder_source_check" check("source" in ('signup', 'hook', 'admin', 'backfill'));`);

    this.addSql(`alter table if exists "wallet_pass_ledger_entry" add constraint "wallet_pass_ledger_entry_kind_check" check("kind" in ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund', 'service_credit', 'service_debit', 'manual', 'expiry', 'sync_adjustment'));`);

    this.addSql(`drop table if exists "wallet_pass_hook_refusal" cascade;`);

    this.addSql(`alter table if exists "wallet_pass_hook_delivery" drop constraint if exists "wallet_pass_hook_delivery_outcome_check";`);

    this.addSql(`alter table if exists "wallet_pass_hook_delivery" add constraint "wallet_pass_hook_delivery_outcome_check" check("outcome" in ('ok', 'duplicate', 'unauthorized', 'rejected', 'error'));`);
  }

}
