/**
 * Migration20261127000200's carry-over of the "made by the plugin" marks from customer
 * metadata to `wallet_pass_customer_source` (docs/security.md): only on customers without an
 * account (no store route writes their metadata) that have a holder of that source (the plugin
 * writes both in one workflow). Skipped where the store's customer table is not in the
 * database (the module's own tests). Here, not in the migration file: the migrator takes every
 * export of a migration file for a migration.
 */
export const CARRY_OVER_CUSTOMER_SOURCES = `DO $$ BEGIN
      IF to_regclass('customer') IS NOT NULL THEN
        INSERT INTO "wallet_pass_customer_source" ("id", "customer_id", "source", "created_at", "updated_at")
        SELECT 'wpcsrc_' || replace(gen_random_uuid()::text, '-', ''), c.id, c.metadata->>'wallet_pass_source', now(), now()
          FROM "customer" c
         WHERE c.deleted_at IS NULL AND c.has_account = false
           AND c.metadata->>'wallet_pass_source' IN ('hook', 'import')
           AND EXISTS (SELECT 1 FROM "wallet_pass_holder" h WHERE h.customer_id = c.id AND h.deleted_at IS NULL
                        AND h.source = c.metadata->>'wallet_pass_source')
        ON CONFLICT DO NOTHING;
      END IF;
    END $$;`
