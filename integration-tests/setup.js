const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// Medusa's user module prints this note from a migration every time a test database is
// migrated (once per test file): it is about its own upgrade path, never about this plugin,
// and twelve copies of it would bury what a reader of the test output needs.
const MEDUSA_MIGRATION_NOTE = 'Note: If the index "IDX_user_email" fails to create'
const info = console.info
console.info = (...args) => {
  if (typeof args[0] === "string" && args[0].startsWith(MEDUSA_MIGRATION_NOTE)) return
  info(...args)
}
