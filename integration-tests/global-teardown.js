const { Client } = require("pg")
const { moduleTestDatabasePrefix } = require("./support/database")

/** Drops the module specs' databases of this run on a configured server (an embedded one is simply stopped). */
async function dropRunDatabases(run) {
  if (!run || !process.env.DB_HOST) return
  const client = new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${moduleTestDatabasePrefix(run)}%`,
    ])
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/** How long the run may stay alive after its last test before it is ended with a list of what held it. */
const LINGER_LIMIT_MS = 30_000

module.exports = async function globalTeardown() {
  if (globalThis.__WALLET_PASS_TEST_DB__) await globalThis.__WALLET_PASS_TEST_DB__.stop()
  else await dropRunDatabases(process.env.WALLET_PASS_TEST_RUN)
  // Every spec closes what it opens, so jest exits by itself (no --forceExit). Should a
  // change leave a handle open, the run says so and ends after LINGER_LIMIT_MS instead of
  // hanging CI; the timer is unref'd, so it never holds a run that ends on its own.
  setTimeout(() => {
    const held = process
      ._getActiveHandles()
      .map((h) => h?.constructor?.name ?? typeof h)
      .join(", ")
    console.error(
      `\n[tests] still running ${LINGER_LIMIT_MS / 1000} s after the last test, held by: ${held}; a spec left it open`
    )
    process.exit(process.exitCode || 1)
  }, LINGER_LIMIT_MS).unref()
}
