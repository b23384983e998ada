import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import * as applyEntry from "../db-functions/wallet_pass_apply_entry";
import * as cancelEntry from "../db-functions/wallet_pass_cancel_entry";
import * as expireCredit from "../db-functions/wallet_pass_expire_credit";
import * as hookAdd from "../db-functions/wallet_pass_hook_add";
import * as hookHolder from "../db-functions/wallet_pass_hook_holder";

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
    this.addSql(hookHolder.v2);
    // addBalance for a phone whose balance the store has not adopted yet answers "pending"
    // (400): the service's credit is refused whole, never half-taken (its readBalance, which
    // follows, would be refused too).
    this.addSql(hookAdd.v2);

    // Every ledger write goes through the database functions (db-functions/; docs/architecture.md,
    // "The ledger"): an entry is written by wallet_pass_apply_entry, expiries included (an
    // expiry takes off what its lapsed credit had left, not other credits);
    // wallet_pass_expire_credit marks a lapsed credit and writes its expiry in one statement;
    // wallet_pass_cancel_entry cancels an applied entry and gives back to lifetime credits what
    // a canceled debit took. The holder's running sum is in its data model now: an integer, as
    // the balance is, and wallet_pass_apply_entry refuses a change that would take either
    // beyond it (out_of_range) instead of failing the statement.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ALTER COLUMN "ledger_sum" TYPE integer;`);
    this.addSql(applyEntry.v2);
    this.addSql(expireCredit.v1);
    this.addSql(cancelEntry.v1);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_cancel_entry(text, boolean);`);
    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_expire_credit(text, jsonb);`);
    // wallet_pass_apply_entry stays: earlier code reads the same answers from it and never
    // writes an expiry through it.
    this.addSql(`ALTER TABLE "wallet_pass_holder" ALTER COLUMN "ledger_sum" TYPE bigint;`);

    this.addSql(`DROP FUNCTION IF EXISTS wallet_pass_hook_holder(text, text[]) CASCADE;`);
    // The functions as Migration20261123100000 defined them.
    this.addSql(hookHolder.v1);
    this.addSql(`DELETE FROM "wallet_pass_operation" WHERE "method" = 'read_customer' AND "payload"->>'type' = 'adopt' AND "state" = 'pending';`);
    this.addSql(hookAdd.v1);
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
