const { configuredServer, startEmbeddedPostgres } = require("./support/database")
const { dropMedusaProductWarnings } = require("./support/medusa-warnings")

module.exports = async function globalSetup() {
  dropMedusaProductWarnings()
  if (configuredServer()) {
    process.env.DB_USERNAME ??= "postgres"
    process.env.DB_PASSWORD ??= ""
    console.log(`\n[tests] Postgres: configured server ${process.env.DB_HOST}:${process.env.DB_PORT ?? 5432}`)
    return
  }
  const db = await startEmbeddedPostgres()
  Object.assign(process.env, db.env)
  globalThis.__WALLET_PASS_TEST_DB__ = db
  console.log(`\n[tests] Postgres: embedded on port ${db.env.DB_PORT} (no DB_HOST set)`)
}
