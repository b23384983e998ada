import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Who shopped with a cart, signed in (`wallet_pass_cart_shopper`, docs/security.md "A cart is
 * priced by who shops with it"): a cart gets its customer's discount group only while its
 * customer is the one recorded. Carts open at the upgrade have no row: the next change their
 * signed-in customer makes records it; until then they are priced without the group.
 */
export class Migration20261128053204 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "wallet_pass_cart_shopper" ("id" text not null, "cart_id" text not null, "customer_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "wallet_pass_cart_shopper_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_wallet_pass_cart_shopper_deleted_at" ON "wallet_pass_cart_shopper" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_wallet_pass_cart_shopper_cart_id_unique" ON "wallet_pass_cart_shopper" ("cart_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wallet_pass_cart_shopper" cascade;`);
  }

}
