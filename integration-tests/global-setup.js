const { configuredServer, startEmbeddedPostgres } = require("./support/database")

module.exports = async function globalSetup() {
  // Module specs name their database by this run and their jest worker, so two workers, or two
  // runs on one server (two checkouts, CI beside a developer), never share one; the teardown
  // drops this run's.
  process.env.WALLET_PASS_TEST_RUN ??= `${process.pid}`
  if (configuredServer()) {
    process.env.DB_USERNAME ??= "postgres"
    process.env.DB_PASSWORD ??= ""
    console.log(`\n[tests] Postgres: configured server ${process.env.DB_HOST}:${process.env.DB_PORT ?? 5432}`)
    return
  }
  // A test that fails while its transaction is open (a send lock held, say) must not leave it
  // open: the runner's next DROP SCHEMA would wait on it, and every spec after it with it.
  // Postgres ends such a session after a minute; no test keeps a transaction idle that long.
  const db = await startEmbeddedPostgres({ settings: { idle_in_transaction_session_timeout: "60s" } })
  Object.assign(process.env, db.env)
  globalThis.__WALLET_PASS_TEST_DB__ = db
  console.log(`\n[tests] Postgres: embedded on port ${db.env.DB_PORT} (no DB_HOST set)`)
}
