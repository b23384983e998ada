import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { CARRY_OVER_CUSTOMER_SOURCES } from "../utils/carry-over-customer-sources";

/**
 * Safe on the open internet (docs/security.md): the texts store routes cause, counted against
 * their limits (`wallet_pass_text`); where a code's text is (`wallet_pass_verification`
 * `text_state`, `text_error`; `holder_id` null for a phone no pass has); and the customers
 * the plugin itself created (`wallet_pass_customer_source`), which decided trust from the
 * customer's metadata before, a field a store route lets the customer write.
 *
 * Carried over: a `wallet_pass_source` of "hook" or "import" in the metadata of a customer
 * WITHOUT an account (no store route writes one: only the plugin, an admin, or a guest
 * checkout, which sets no metadata) that has a holder of the same source (the plugin writes
 * both in one workflow). A marker on a customer with an account (a signup, or
 * `POST /store/customers/me`) is not carried: it may be the customer's own writing.
 */
export class Migration20261127000200 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "wallet_pass_text" ("id" text not null, "kind" text check ("kind" in ('code')) not null, "phone" text not null, "country" text null, "customer_id" text null, "address" text null, "verification_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_text_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_text_deleted_at" ON "wallet_pass_text" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_text_phone_created_at" ON "wallet_pass_text" ("phone", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_text_customer_id_created_at" ON "wallet_pass_text" ("customer_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_text_address_created_at" ON "wallet_pass_text" ("address", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_text_created_at" ON "wallet_pass_text" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "wallet_pass_customer_source" ("id" text not null, "customer_id" text not null, "source" text check ("source" in ('hook', 'import')) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_customer_source_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_customer_source_deleted_at" ON "wallet_pass_customer_source" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_customer_source_customer_id_unique" ON "wallet_pass_customer_source" ("customer_id") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "wallet_pass_verification" alter column "holder_id" drop not null;`);
    this.addSql(`alter table if exists "wallet_pass_verification" add column if not exists "text_state" text check ("text_state" in ('queued', 'sent', 'not_sent', 'unknown')) not null default 'queued', add column if not exists "text_error" text null;`);
    // Codes sent before: their operation's outcome says where the text is.
    this.addSql(`update "wallet_pass_verification" v set "text_state" = case o.state when 'done' then 'sent' when 'failed' then 'not_sent' when 'needs_review' then 'unknown' else 'queued' end
                   from "wallet_pass_operation" o where o.id = v.operation_id;`);
    // Every code counted for the per-account limits from now on (the last day's, as texts).
    this.addSql(`insert into "wallet_pass_text" ("id", "kind", "phone", "customer_id", "verification_id", "created_at", "updated_at")
                 select 'wptext_' || replace(gen_random_uuid()::text, '-', ''), 'code', v.phone, v.customer_id, v.id, v.created_at, v.created_at
                   from "wallet_pass_verification" v
                  where v.created_at > now() - interval '1 day' and v.deleted_at is null
                    and not exists (select 1 from "wallet_pass_text" t where t.verification_id = v.id);`);

    this.addSql(CARRY_OVER_CUSTOMER_SOURCES);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_text" cascade;`);
    this.addSql(`drop table if exists "wallet_pass_customer_source" cascade;`);
    this.addSql(`alter table if exists "wallet_pass_verification" drop column if exists "text_state", drop column if exists "text_error";`);
  }

}
