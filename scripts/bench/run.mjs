#!/usr/bin/env node
// `npm run bench` (after `npm run build`): the plugin's figures, measured on a real store.
// A fresh store app gets the packed plugin (as a merchant installs it) and two bench-only
// routes through the same Medusa HTTP stack: POST /hooks/bench-noop reads the body and
// answers `{ success: true }` (the baseline for the hook route); POST /hooks/bench-read also
// sends the body to Postgres in one query (the least a route that reads the database does),
// and POST /hooks/bench-write inserts it as one row in its own transaction (the least a route
// that must commit before it answers does).
// Phases: 1. hook receiver under load (autocannon, localhost), 2. queue drain at a raised
// limit with one and two draining processes, 3. bulk enrolment of 1,000 customers,
// 4. checkout time with the plugin / the same store without it. Prints a table and writes
// bench-results/bench-<time>.json. Uses DB_HOST/DATABASE_URL when set, else an embedded Postgres.
import autocannon from "autocannon"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createStoreApp, PgClient, prepareDatabase, runCleanups, storeEnv } from "../lib/store-app.mjs"
import {
  completeCart,
  freePort,
  http,
  loadEmulator,
  MedusaProcess,
  median,
  ok,
  percentile,
  postgresCpuMs,
  readyCart,
  registerCustomer,
  resultsFile,
  run,
  seedStore,
  sleep,
  storeCpuMs,
  table,
  until,
} from "./lib/common.mjs"
import { benchOverview, overviewReport } from "./overview.mjs"
import { benchFreshness, freshnessReport } from "./freshness.mjs"
import { benchSweep, sweepReport } from "./order-sweep.mjs"
import { benchCards, cardsReport, cardsRoute } from "./card-texts.mjs"
import { abuseReport, benchAbuse } from "./abuse.mjs"
import { benchTexts, textsReport } from "./texts.mjs"

const env = process.env
const HOOK_SECONDS = Number(env.BENCH_HOOK_SECONDS ?? 6)
// Each cell is measured in this many rounds, the routes taking turns within a round, so a
// pause of the machine (a checkpoint, a GC) lands in one sample of a route, not in all.
const HOOK_ROUNDS = Number(env.BENCH_HOOK_ROUNDS ?? 3)
// Entries already in the ledger before the hooks are measured: a store with history, whose
// tables are vacuumed and analyzed (an empty table is planned as one page, and stays so
// for the minute until autovacuum analyzes it while the bench adds thousands of rows).
const LEDGER_HISTORY = Number(env.BENCH_LEDGER_HISTORY ?? 100_000)
const CONCURRENCY = (env.BENCH_CONCURRENCY ?? "1,16,64").split(",").map(Number)
const DRAIN_N = Number(env.BENCH_DRAIN_N ?? 200)
const RATE = { perSecond: 20, perHour: 72_000 }
const BACKFILL_N = Number(env.BENCH_BACKFILL_N ?? 1000)
const IMPORT_N = Number(env.BENCH_IMPORT_N ?? 1000)
const LEVELS_N = Number(env.BENCH_LEVELS_N ?? 10_000)
const CHECKOUTS = Number(env.BENCH_CHECKOUTS ?? 40)
const APP_KEY = "bench-key"
const HOOKS = { login: "svc", password: "bench-hook-pw" }
const HOLDERS = 16
// BENCH_PHASES=hooks,drain,backfill,import,checkout,levels,cards,overview,sweep,freshness,abuse,texts (default:
// all but abuse and texts) runs some phases only. freshness, abuse and texts run last: they stop store A
// (their store must drain the database alone). abuse (scripts/bench/abuse.mjs) and texts
// (scripts/bench/texts.mjs: bots using up the store's texts while real shoppers ask codes) run only when named.
const PHASES = new Set(
  (env.BENCH_PHASES ?? "hooks,drain,backfill,import,checkout,levels,cards,overview,sweep,freshness")
    .split(",")
    .map((p) => p.trim())
)

const step = (msg) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)} ${msg}`)

const MEDUSA_CONFIG = `const { defineConfig } = require("@medusajs/framework/utils")
// BENCH_PLUGIN=off: the same store without the plugin (checkout baseline).
const withPlugin = process.env.BENCH_PLUGIN !== "off"
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    workerMode: process.env.MEDUSA_WORKER_MODE || "shared",
    http: { jwtSecret: "bench", cookieSecret: "bench", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  plugins: withPlugin ? [{ resolve: "medusa-plugin-wallet-pass", options: JSON.parse(process.env.BENCH_PLUGIN_OPTIONS) }] : [],
})
`

// The no-op baseline: same prefix, same "read the body ourselves" as the hook route.
// Medusa reads a middlewares file's \`default\` export (a plain module.exports is skipped).
const NOOP_MIDDLEWARES = `const { defineMiddlewares } = require("@medusajs/framework/http")
exports.default = defineMiddlewares({
  routes: ["/hooks/bench-noop", "/hooks/bench-read", "/hooks/bench-write"].map((matcher) => ({ matcher, method: ["POST"], bodyParser: false })),
})
`
const NOOP_ROUTE = `exports.POST = async (req, res) => {
  // Reads the body itself when Medusa's parser is off for it (as for the hook route).
  let via = "medusa-json-parser"
  if (req.body === undefined || Object.keys(req.body ?? {}).length === 0) {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    if (chunks.length) JSON.parse(Buffer.concat(chunks).toString("utf8"))
    via = "own-reader"
  }
  res.setHeader("x-bench-body", via)
  res.status(200).json({ success: true })
}
`

// The same, plus one statement with the body: a query (read) or a committed INSERT (write;
// its table is made by benchHooks).
const dbRoute = (statement) => `const { ContainerRegistrationKeys } = require("@medusajs/framework/utils")
exports.POST = async (req, res) => {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  const body = Buffer.concat(chunks).toString("utf8")
  JSON.parse(body)
  await req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw(${JSON.stringify(statement)}, [body])
  res.status(200).json({ success: true })
}
`
// The levels phase: POST /admin/bench/levels runs the daily level job's own work, the
// function src/jobs/update-wallet-pass-levels.ts calls (updateAllLevels), from the installed
// plugin's build, and answers what it read and changed and the milliseconds it took.
const levelsRoute = (plugin) => `const { updateAllLevels } = require(${JSON.stringify(
  path.join(plugin, ".medusa/server/src/workflows/program/update-all-levels.js")
)})
exports.POST = async (req, res) => {
  const t0 = performance.now()
  const { read, changed } = await updateAllLevels(req.scope)
  res.status(200).json({ read, changed, ms: performance.now() - t0 })
}
`
const READ_ROUTE = dbRoute("SELECT ?::jsonb AS body")
const WRITE_ROUTE = dbRoute("INSERT INTO bench_write (body) VALUES (?::jsonb)")

const results = {
  machine: machine(),
  started: new Date().toISOString(),
  config: { HOOK_SECONDS, HOOK_ROUNDS, LEDGER_HISTORY, CONCURRENCY, DRAIN_N, RATE, BACKFILL_N, IMPORT_N, CHECKOUTS },
}

function machine() {
  return {
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}`,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadavg_at_start: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  }
}

async function main() {
  const cleanups = []
  const { startEmulator } = loadEmulator()
  try {
    const emulator = await startEmulator({ appKey: APP_KEY, mode: "external_crm", limits: RATE })
    cleanups.push(() => emulator.close())

    const { app, installed, cleanup } = await createStoreApp({
      name: "wallet-pass-bench",
      medusaConfig: MEDUSA_CONFIG,
      step,
    })
    cleanups.push(cleanup)
    for (const [dir, route] of [
      ["bench-noop", NOOP_ROUTE],
      ["bench-read", READ_ROUTE],
      ["bench-write", WRITE_ROUTE],
    ]) {
      fs.mkdirSync(path.join(app, "src/api/hooks", dir), { recursive: true })
      fs.writeFileSync(path.join(app, "src/api/hooks", dir, "route.js"), route)
    }
    fs.writeFileSync(path.join(app, "src/api/middlewares.js"), NOOP_MIDDLEWARES)
    if (PHASES.has("levels")) {
      fs.mkdirSync(path.join(app, "src/api/admin/bench/levels"), { recursive: true })
      fs.writeFileSync(path.join(app, "src/api/admin/bench/levels/route.js"), levelsRoute(installed))
    }
    if (PHASES.has("cards")) {
      fs.mkdirSync(path.join(app, "src/api/admin/bench/cards"), { recursive: true })
      fs.writeFileSync(path.join(app, "src/api/admin/bench/cards/route.js"), cardsRoute(installed))
    }

    step("preparing a database")
    const db = await prepareDatabase("wallet_pass_bench")
    cleanups.push(() => db.stop())
    const pluginOptions = {
      apiUrl: emulator.url,
      appKey: APP_KEY,
      plan: RATE,
      hooks: HOOKS,
      accrual: { bonusPercent: 5 },
      dispatcher: { echoGraceSeconds: 2, sendingLeaseSeconds: 5 },
      // The import may use the whole budget here (nothing else runs during its phase).
      sync: { since: "2021-01-01", budgetShare: 1 },
    }
    const baseEnv = { ...storeEnv(db.databaseUrl, 0), BENCH_PLUGIN_OPTIONS: JSON.stringify(pluginOptions) }
    delete baseEnv.PORT
    step("npx medusa db:migrate")
    run("npx", ["medusa", "db:migrate"], { cwd: app, env: baseEnv, timeout: 300_000 })
    step("seeding the store")
    const seed = seedStore(app, baseEnv)
    const sql = new PgClient({ connectionString: db.databaseUrl })
    await sql.connect()
    cleanups.push(() => sql.end())

    const storeA = new MedusaProcess("store A (plugin)", app, await freePort(), baseEnv)
    cleanups.push(() => storeA.kill())
    step(`starting store A on ${storeA.port}`)
    await storeA.start()
    emulator.setWebhook({ url: `${storeA.url}/hooks/wallet-pass`, ...HOOKS })

    if (PHASES.has("hooks")) results.hooks = await benchHooks(emulator, sql, storeA)
    if (PHASES.has("drain")) results.drain = await benchDrain(emulator, sql, app, baseEnv, storeA, cleanups)
    if (PHASES.has("backfill")) results.backfill = await benchBackfill(emulator, sql, storeA, seed)
    if (PHASES.has("import")) results.import = await benchImport(emulator, sql, storeA, seed)
    if (PHASES.has("checkout"))
      results.checkout = await benchCheckout(emulator, sql, app, baseEnv, storeA, seed, cleanups)
    if (PHASES.has("levels")) results.levels = await benchLevels(sql, storeA, seed)
    if (PHASES.has("cards")) results.cards = await benchCards({ sql, store: storeA, seed, step, openOps, until })
    if (PHASES.has("overview")) results.overview = await benchOverview({ sql, store: storeA, seed, app, step })
    if (PHASES.has("sweep")) results.sweep = await benchSweep({ sql, store: storeA, seed, app, step })
    // The abuse and texts phases start a store of their own, with the same input.
    const ownStore = {
      emulator,
      sql,
      app,
      baseEnv,
      pluginOptions,
      seed,
      stopOthers: () => storeA.kill(),
      step,
      cleanups,
    }
    if (PHASES.has("abuse")) results.abuse = await benchAbuse(ownStore)
    if (PHASES.has("texts")) results.texts = await benchTexts(ownStore)
    if (PHASES.has("freshness")) {
      const stopOthers = () => storeA.kill()
      const input = { emulator, sql, app, baseEnv, pluginOptions, seed, stopOthers, step, cleanups }
      results.freshness = await benchFreshness(input)
    }
    results.finished = new Date().toISOString()
    results.machine.loadavg_at_end = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")

    const file = resultsFile("bench")
    fs.writeFileSync(file, JSON.stringify(results, null, 2))
    console.log("\n" + report(results))
    console.log(`\n[bench] results written to ${path.relative(process.cwd(), file)}`)
  } finally {
    await runCleanups(cleanups)
  }
}

// ---------------------------------------------------------------- 1. hook receiver

async function benchHooks(emulator, sql, store) {
  await sql.query(
    "CREATE TABLE IF NOT EXISTS bench_write (id bigserial PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())"
  )
  step(`hooks: installing ${HOLDERS} passes (createCustomer hooks)`)
  const holders = []
  for (let i = 0; i < HOLDERS; i++) {
    const phone = `+7999100${String(i).padStart(4, "0")}`
    await emulator.install({ phone, name: `Hook ${i}` })
    holders.push({ phone, cards: emulator.getCustomer(phone).cardNumbers })
  }
  // Bodies as the service sends them: taken from real hooks of the emulator.
  await emulator.refresh({ phone: holders[0].phone })
  await emulator.adjustBalance({ phone: holders[0].phone, sum: 1 })
  const sent = emulator.hooks()
  const readTemplate = sent.filter((h) => h.method === "readBalance").at(-1).body
  const addTemplate = sent.filter((h) => h.method === "addBalance").at(-1).body
  const headers = {
    "content-type": "application/json",
    authorization: `Basic ${Buffer.from(`${HOOKS.login}:${HOOKS.password}`).toString("base64")}`,
  }
  let n = 0
  const bodyFor = (template, extra) => {
    const h = holders[n++ % holders.length]
    return JSON.stringify({
      ...template,
      customer: { ...template.customer, phone: h.phone, cardNumbers: h.cards, ...extra?.() },
    })
  }
  const routes = {
    noop: { path: "/hooks/bench-noop", body: () => bodyFor(readTemplate) },
    read: { path: "/hooks/bench-read", body: () => bodyFor(readTemplate) },
    write: { path: "/hooks/bench-write", body: () => bodyFor(readTemplate) },
    readBalance: { path: "/hooks/wallet-pass", body: () => bodyFor(readTemplate) },
    addBalance: {
      path: "/hooks/wallet-pass",
      body: () => bodyFor(addTemplate, () => ({ sum: 1, transactionId: `bench-${process.pid}-${n}` })),
    },
  }
  // Sanity: each answers 200 before it is measured.
  let noopBody
  for (const [name, r] of Object.entries(routes)) {
    const res = await fetch(`${store.url}${r.path}`, { method: "POST", headers, body: r.body() })
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${await res.text()}`)
    if (name === "noop") noopBody = res.headers.get("x-bench-body")
  }

  // Latency percentiles come from each 2xx response's own time (float ms, from autocannon's
  // "response" event): its histogram keeps whole milliseconds, too coarse at 1 connection,
  // where a request takes one to three of them.
  const cannon = async (route, connections, duration) => {
    const times = []
    const run = autocannon({
      url: store.url,
      connections,
      duration,
      requests: [
        { method: "POST", path: route.path, headers, setupRequest: (req) => ({ ...req, body: route.body() }) },
      ],
    })
    run.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms)
    })
    const r = await run
    const at = (p) => percentile(times, p)
    return { ...r, exact: { count: times.length, p50: at(50), p90: at(90), p99: at(99), max: Math.max(...times) } }
  }
  step(`hooks: ${LEDGER_HISTORY} earlier ledger entries across the ${HOLDERS} holders, then VACUUM ANALYZE`)
  await sql.query(
    `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, reason, dedupe_key, overdraft, balance_after, created_at, updated_at)
     SELECT 'wple_history_' || g, h.id, 100, 'manual', 'applied', 'bench history', 'bench:history:' || g, false, 0,
            now() - make_interval(mins => g), now() - make_interval(mins => g)
       FROM generate_series(1, $1::int) g
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM wallet_pass_holder) h ON h.k = g % $2::int`,
    [LEDGER_HISTORY, HOLDERS]
  )
  // As autovacuum leaves a table with history: the seeding's one transaction left each
  // holder row with thousands of dead versions (the balance trigger), gone after this.
  await sql.query("VACUUM ANALYZE")

  const samples = []
  for (const connections of CONCURRENCY) {
    for (const route of Object.values(routes)) await cannon(route, connections, 2) // warm-up, not recorded
    for (let round = 1; round <= HOOK_ROUNDS; round++) {
      for (const [name, route] of Object.entries(routes)) {
        step(`hooks: ${name} at ${connections} connection(s), round ${round}/${HOOK_ROUNDS}, ${HOOK_SECONDS} s`)
        const cpu0 = { store: storeCpuMs(store), db: postgresCpuMs() }
        const r = await cannon(route, connections, HOOK_SECONDS)
        const cpu1 = { store: storeCpuMs(store), db: postgresCpuMs() }
        samples.push({
          route: name,
          connections,
          round,
          requests: r.requests.total,
          store_cpu_ms: cpu0.store === null ? null : cpu1.store - cpu0.store,
          db_cpu_ms: cpu0.db === null ? null : cpu1.db - cpu0.db,
          rps: r.requests.average,
          p50_ms: r.exact.p50,
          p90_ms: r.exact.p90,
          p99_ms: r.exact.p99,
          max_ms: r.exact.max,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        })
      }
    }
  }
  // A ratio is taken within a round (beside the no-op measured seconds before), then the
  // median over the rounds; the range shows how much the rounds disagreed.
  const rows = []
  for (const connections of CONCURRENCY) {
    for (const name of Object.keys(routes)) {
      const mine = samples.filter((x) => x.route === name && x.connections === connections)
      const ratios = (base, field) =>
        mine.map(
          (x) =>
            x[field] /
            samples.find((b) => b.route === base && b.connections === connections && b.round === x.round)[field]
        )
      const sum = (field) => mine.reduce((a, x) => (a === null || x[field] === null ? null : a + x[field]), 0)
      const requests = sum("requests")
      const p99VsNoop = ratios("noop", "p99_ms")
      rows.push({
        route: name,
        connections,
        rounds: mine.length,
        requests,
        store_cpu_ms_per_req: sum("store_cpu_ms") === null ? null : sum("store_cpu_ms") / requests,
        db_cpu_ms_per_req: sum("db_cpu_ms") === null ? null : sum("db_cpu_ms") / requests,
        rps: median(mine.map((x) => x.rps)),
        p50_ms: median(mine.map((x) => x.p50_ms)),
        p99_ms: median(mine.map((x) => x.p99_ms)),
        p99_vs_noop: median(p99VsNoop),
        p99_vs_noop_range: [Math.min(...p99VsNoop), Math.max(...p99VsNoop)],
        p50_vs_noop: median(ratios("noop", "p50_ms")),
        rps_vs_noop: median(ratios("noop", "rps")),
        p99_vs_read: median(ratios("read", "p99_ms")),
        p99_vs_write: median(ratios("write", "p99_ms")),
        non2xx: sum("non2xx"),
        errors: sum("errors"),
      })
    }
  }
  return {
    baseline: `POST /hooks/bench-noop, a route of the same store app that parses the body (${noopBody}) and answers { success: true }; read: the same plus one query; write: the same plus one committed INSERT`,
    rows,
    samples,
  }
}

// ---------------------------------------------------------------- 2. queue drain

let drainSeq = 0
async function queueBalanceSyncs(emulator, sql, n) {
  const holders = []
  const ops = []
  for (let i = 0; i < n; i++) {
    const k = ++drainSeq
    const phone = `+7999200${String(k).padStart(4, "0")}`
    emulator.seedCustomer({ phone, name: "Drain" })
    holders.push(`('wph_drain_${k}', '${phone}', 'admin', 'enrolled', 'new', 0, now(), now())`)
    ops.push(
      `('wpop_drain_${k}', 'user_create_or_update', 'wph_drain_${k}', '{"type":"balance_sync"}', 'wpop_drain_${k}', 10, 'pending', 0, clock_timestamp(), clock_timestamp())`
    )
  }
  // One transaction: the whole batch is due at once. (Values are generated here, not input.)
  await sql.query("BEGIN")
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, source, enrollment_state, adoption_state, discount_percent_bp, created_at, updated_at) VALUES ${holders.join(",")}`
  )
  await sql.query(
    `INSERT INTO wallet_pass_operation (id, method, holder_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at) VALUES ${ops.join(",")}`
  )
  await sql.query("COMMIT")
}

const openOps = async (sql) =>
  Number(
    (await sql.query(`SELECT count(*) FROM wallet_pass_operation WHERE state IN ('pending', 'sending', 'unknown')`))
      .rows[0].count
  )

async function drainOnce(emulator, sql, label) {
  await until(async () => (await openOps(sql)) === 0, "an empty queue before the drain", 120_000, 250)
  emulator.clearRequests()
  const t0 = performance.now()
  await queueBalanceSyncs(emulator, sql, DRAIN_N)
  await until(async () => (await openOps(sql)) === 0, `${DRAIN_N} requests drained`, DRAIN_N * 1000, 100)
  const wall = (performance.now() - t0) / 1000
  const reqs = emulator.requests().filter((r) => r.endpoint.includes("user_create_or_update"))
  const okTimes = reqs
    .filter((r) => r.status === 200)
    .map((r) => r.receivedAtMonotonic)
    .sort((a, b) => a - b)
  const all = reqs.map((r) => r.receivedAtMonotonic).sort((a, b) => a - b)
  const gaps = all.slice(1).map((t, i) => t - all[i])
  let maxInWindow = 0
  for (let i = 0, j = 0; i < all.length; i++) {
    while (all[i] - all[j] >= 1000) j++
    maxInWindow = Math.max(maxInWindow, i - j + 1)
  }
  const span = (okTimes.at(-1) - okTimes[0]) / 1000
  // A sliding 1 s window lets the first perSecond requests go at once (a burst); the rate
  // is what follows: the other n - perSecond requests over the time after that first burst.
  // (n - 1 over the whole span would credit the burst and overstate the rate by ~10%.)
  const steady = (okTimes.at(-1) - okTimes[RATE.perSecond - 1]) / 1000
  const achieved = (okTimes.length - RATE.perSecond) / steady
  const row = {
    processes: label,
    requests: reqs.length,
    ok: okTimes.length,
    over_limit_429: reqs.filter((r) => r.status === 429).length,
    span_s: span,
    wall_s: wall,
    achieved_per_s: achieved,
    allowed_per_s: RATE.perSecond,
    ratio: achieved / RATE.perSecond,
    smallest_gap_ms: Math.min(...gaps),
    max_in_any_1s: maxInWindow,
  }
  step(
    `drain (${label}): ${row.ok} in ${span.toFixed(2)} s = ${achieved.toFixed(2)}/s, 429s ${row.over_limit_429}, smallest gap ${row.smallest_gap_ms.toFixed(1)} ms`
  )
  return row
}

async function benchDrain(emulator, sql, app, baseEnv, storeA, cleanups) {
  const rows = [await drainOnce(emulator, sql, "1")]
  const storeB = new MedusaProcess("store B (plugin, second drainer)", app, await freePort(), baseEnv)
  cleanups.push(() => storeB.kill())
  step(`starting store B on ${storeB.port}`)
  await storeB.start()
  await sleep(2000) // its job scheduler is up
  rows.push(await drainOnce(emulator, sql, "2"))
  await storeB.kill()
  return { rows }
}

// ---------------------------------------------------------------- 3. bulk enrolment

async function benchBackfill(emulator, sql, store, seed) {
  step(`backfill: inserting ${BACKFILL_N} customers with phones`)
  await until(async () => (await openOps(sql)) === 0, "an empty queue before the backfill", 120_000, 250)
  await sql.query(
    `INSERT INTO customer (id, email, phone, first_name, last_name, has_account, created_at, updated_at)
     SELECT 'cus_bench_' || g, 'backfill' || g || '@bench.example', '+7999300' || lpad(g::text, 4, '0'), 'Back', 'Fill', false, now(), now()
       FROM generate_series(1, $1::int) g`,
    [BACKFILL_N]
  )
  const admin = { authorization: seed.adminAuthorization }
  emulator.clearRequests()
  const t0 = performance.now()
  const started = await ok("POST", `${store.url}/admin/wallet-pass/enroll-all`, { headers: admin })
  const queuedS = (performance.now() - t0) / 1000
  step(`backfill: ${JSON.stringify(started.run)} queued in ${queuedS.toFixed(1)} s`)
  const progress = await until(
    async () => {
      const { progress } = await ok("GET", `${store.url}/admin/wallet-pass/enroll-all`, { headers: admin })
      return progress.pending === 0 && progress
    },
    "bulk enrolment",
    BACKFILL_N * 1000,
    500
  )
  const seconds = (performance.now() - t0) / 1000
  const reqs = emulator.requests()
  const row = {
    customers: BACKFILL_N,
    enrolled: progress.enrolled,
    failed: progress.failed,
    requests: reqs.length,
    requests_per_enrolled: reqs.length / progress.enrolled,
    over_limit_429: reqs.filter((r) => r.status === 429).length,
    queued_s: queuedS,
    total_s: seconds,
    per_s: progress.enrolled / seconds,
    at_emulator: emulator.snapshot().customers.filter((c) => c.phone.startsWith("+7999300")).length,
  }
  step(`backfill: ${row.enrolled} enrolled in ${seconds.toFixed(1)} s with ${row.requests} requests`)
  return row
}

// ---------------------------------------------------------------- 3c. levels of the program

// LEVELS_N holders with one to five orders each over the last 400 days, and a program of three
// levels that owns the rates (a version written straight into its table: a save through the
// admin API would run the pass itself). Each pass is the daily level job's own work
// (POST /admin/bench/levels, the function the job calls), timed in the store: first with every
// holder placed for the first time, then after 5% of the customers' orders left the 365-day
// window, then with nothing to change. Requests queued are the operations created during the
// pass; each must be for a holder whose level changed in it, and no more than the holders changed.
async function benchLevels(sql, store, seed) {
  step(`levels: ${LEVELS_N} holders, 1 to 5 orders each`)
  await until(async () => (await openOps(sql)) === 0, "an empty queue before the levels", 120_000, 250)
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, customer_id, enrollment_state, adoption_state)
     SELECT 'wph_lvl_' || g, '+799960' || lpad(g::text, 5, '0'), 'cus_lvl_' || g, 'enrolled', 'adopted'
       FROM generate_series(1, $1::int) g`,
    [LEVELS_N]
  )
  await sql.query(
    `INSERT INTO wallet_pass_order_spend (id, order_id, customer_id, amount, returns, placed_at)
     SELECT 'wpspend_lvl_' || g || '_' || k, 'order_lvl_' || g || '_' || k, 'cus_lvl_' || g, 11000 * (1 + g % 3), '{}'::jsonb,
            now() - make_interval(days => (g * 7 + k * 13) % 400)
       FROM generate_series(1, $1::int) g CROSS JOIN LATERAL generate_series(1, 1 + g % 5) k`,
    [LEVELS_N]
  )
  await sql.query("VACUUM ANALYZE wallet_pass_holder, wallet_pass_order_spend")
  const orders = Number((await sql.query(`SELECT count(*) FROM wallet_pass_order_spend`)).rows[0].count)
  const program = {
    ratesOwner: "program",
    tiers: {
      windowDays: 365,
      levels: [
        { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
        { name: "Silver", threshold: 250, bonusPercent: 5, discountPercent: 5 },
        { name: "Gold", threshold: 600, bonusPercent: 10, discountPercent: 10 },
      ],
    },
  }
  await sql.query(
    `INSERT INTO wallet_pass_program_version (id, version, program, actor, moved)
     SELECT 'wpprog_bench_lvl', COALESCE(max(version), 0) + 1, $1::jsonb, 'bench', NULL FROM wallet_pass_program_version`,
    [JSON.stringify(program)]
  )
  const admin = { authorization: seed.adminAuthorization }
  const pass = async (label) => {
    const since = (await sql.query(`SELECT clock_timestamp() AS t`)).rows[0].t
    const t0 = performance.now()
    const job = await ok("POST", `${store.url}/admin/bench/levels`, { headers: admin, body: {}, timeoutMs: 900_000 })
    const wall = (performance.now() - t0) / 1000
    const {
      rows: [q],
    } = await sql.query(
      `SELECT count(*)::int AS queued,
              count(*) FILTER (WHERE h.level_changed_at IS NULL OR h.level_changed_at < $1)::int AS for_unchanged
         FROM wallet_pass_operation o JOIN wallet_pass_holder h ON h.id = o.holder_id
        WHERE o.holder_id LIKE 'wph_lvl_%' AND o.created_at >= $1`,
      [since]
    )
    const levelChanged = Number(
      (
        await sql.query(
          `SELECT count(*) FROM wallet_pass_holder WHERE id LIKE 'wph_lvl_%' AND level_changed_at >= $1`,
          [since]
        )
      ).rows[0].count
    )
    const row = {
      label,
      read: job.read,
      changed: job.changed,
      level_changed: levelChanged,
      queued: q.queued,
      queued_for_unchanged: q.for_unchanged,
      queued_le_changed: q.queued <= job.changed && q.for_unchanged === 0,
      seconds: job.ms / 1000,
      wall_seconds: wall,
    }
    step(
      `levels, ${label}: ${row.read} read, ${row.changed} changed (${levelChanged} of level), ${row.queued} requests queued ` +
        `(${row.queued_for_unchanged} for holders whose level did not change) in ${row.seconds.toFixed(2)} s ` +
        `(${wall.toFixed(2)} s with the request); queued <= changed: ${row.queued_le_changed ? "yes" : "NO"}`
    )
    return row
  }
  const runs = [await pass("first pass (every holder placed)")]
  await sql.query(
    `UPDATE wallet_pass_order_spend SET placed_at = placed_at - interval '400 days'
      WHERE customer_id IN (SELECT 'cus_lvl_' || g FROM generate_series(1, $1::int, 20) g)`,
    [LEVELS_N]
  )
  runs.push(await pass("5% of customers' orders left the window"))
  runs.push(await pass("nothing changed"))
  return { holders: LEVELS_N, orders, runs }
}

// ---------------------------------------------------------------- 3b. import of the service's base

// The service already has IMPORT_N customers (registrations over five years, a third of
// them store customers already): POST /admin/wallet-pass/import until its reads are done.
async function benchImport(emulator, sql, store, seed) {
  step(`import: seeding ${IMPORT_N} customers at the service`)
  await until(async () => (await openOps(sql)) === 0, "an empty queue before the import", 120_000, 250)
  for (let i = 0; i < IMPORT_N; i++) {
    emulator.seedCustomer({
      phone: `+7999400${String(i).padStart(4, "0")}`,
      name: `Imported ${i}`,
      balance: (i % 500) + 0.25,
      bonus: i % 4 ? 0 : 5,
      installed: i % 2 === 0,
      registeredAt: Date.UTC(2021 + (i % 5), i % 12, 1 + (i % 28)),
    })
  }
  await sql.query(
    `INSERT INTO customer (id, email, phone, first_name, has_account, created_at, updated_at)
     SELECT 'cus_import_' || g, 'import' || g || '@bench.example', '8999400' || lpad(g::text, 4, '0'), 'Store', false, now(), now()
       FROM generate_series(0, $1::int - 1, 3) g`,
    [IMPORT_N]
  )
  const admin = { authorization: seed.adminAuthorization }
  emulator.clearRequests()
  const t0 = performance.now()
  await ok("POST", `${store.url}/admin/wallet-pass/import`, { headers: admin })
  const run = await until(
    async () => {
      const { import: state } = await ok("GET", `${store.url}/admin/wallet-pass/import`, { headers: admin })
      return state?.phase === "ready" && state
    },
    "the import's reads",
    IMPORT_N * 1000,
    500
  )
  const seconds = (performance.now() - t0) / 1000
  const reqs = emulator.requests()
  const pages = reqs.filter((r) => r.endpoint === "/crm/read_customers").length
  const reads = reqs.filter((r) => r.endpoint === "/crm/read_customer").length
  const emptyPages = reqs.filter(
    (r) =>
      r.endpoint === "/crm/read_customers" && Array.isArray(r.response?.customers) && r.response.customers.length === 0
  ).length
  const row = {
    customers: IMPORT_N,
    adopted: run.customers.adopted,
    linked: run.customers.linked,
    created: run.customers.created,
    skipped: run.customers.skipped,
    pages,
    empty_pages: emptyPages,
    reads,
    requests: reqs.length,
    requests_per_customer: reqs.length / IMPORT_N,
    requests_per_customer_without_empty_windows: (reqs.length - emptyPages) / IMPORT_N,
    over_limit_429: reqs.filter((r) => r.status === 429).length,
    total_s: seconds,
    // The least the plan allows: every request one per-second slot.
    floor_s: reqs.length / RATE.perSecond,
  }
  step(
    `import: ${row.adopted} adopted in ${seconds.toFixed(1)} s with ${row.requests} requests (${pages} pages, ${reads} reads)`
  )
  return row
}

// ---------------------------------------------------------------- 4. checkout cost

// Two orders of the same completions. "quiet": each completion starts once the previous
// order's plugin work is over (its accrual written, the queue empty: the request to the
// service and its echo hook done), so it measures what the plugin adds to checkout itself.
// "back-to-back": the next cart is readied and completed at once, while that work runs on
// the same two cores: checkout under a steady stream of orders.
async function benchCheckout(emulator, sql, app, baseEnv, storeA, seed, cleanups) {
  const storeC = new MedusaProcess("store C (no plugin)", app, await freePort(), { ...baseEnv, BENCH_PLUGIN: "off" })
  cleanups.push(() => storeC.kill())
  step(`starting store C (without the plugin) on ${storeC.port}`)
  await storeC.start()
  const { customer, headers } = await registerCustomer(storeA.url, seed, {
    email: "checkout@bench.example",
    phone: "+79994000001",
  })
  // One enrolled customer buys in both stores (same database, same session secret).
  const enrolled = async () => {
    const { wallet_pass } = await ok("GET", `${storeA.url}/admin/customers/${customer.id}/wallet-pass`, {
      headers: { authorization: seed.adminAuthorization },
    })
    return /"(enrollment_state|enrolled)":\s*("enrolled"|true)/.test(JSON.stringify(wallet_pass ?? {}))
  }
  await until(enrolled, "the checkout customer's enrolment", 30_000, 250).catch((e) => step(`note: ${e.message}`))
  const stores = { with: storeA, without: storeC }
  let lastWithOrder = null
  const settled = async () => {
    const { rows } = await sql.query(
      `SELECT (SELECT count(*) FROM wallet_pass_operation WHERE state IN ('pending', 'sending', 'unknown'))::int AS open,
              (SELECT count(*) FROM wallet_pass_ledger_entry WHERE order_id = $1 AND kind = 'accrual')::int AS accrued`,
      [lastWithOrder]
    )
    return rows[0].open === 0 && (lastWithOrder === null || rows[0].accrued === 1)
  }
  const rows = []
  for (const mode of ["quiet", "back-to-back"]) {
    const times = { with: [], without: [] }
    const windows = []
    const one = async (which, record) => {
      const base = stores[which].url
      if (mode === "quiet") await until(settled, "the previous order's plugin work", 30_000, 20)
      const cartId = await readyCart(base, seed, headers)
      const t0 = performance.now()
      const w0 = Date.now()
      const order = await completeCart(base, headers, cartId)
      const ms = performance.now() - t0
      if (which === "with") lastWithOrder = order.id
      if (record) {
        times[which].push(ms)
        if (which === "with") windows.push([w0, Date.now()])
      }
    }
    step(`checkout (${mode}): 3 warm-up orders each, then ${CHECKOUTS} each, alternating`)
    for (let i = 0; i < 3; i++) for (const w of ["with", "without"]) await one(w, false)
    emulator.clearRequests()
    for (let i = 0; i < CHECKOUTS; i++) {
      const order = i % 2 ? ["with", "without"] : ["without", "with"]
      for (const w of order) await one(w, true)
    }
    const during = emulator.requests().filter((r) => windows.some(([a, b]) => r.receivedAt >= a && r.receivedAt <= b))
    const row = {
      mode,
      orders_each: CHECKOUTS,
      with_median_ms: median(times.with),
      without_median_ms: median(times.without),
      ratio: median(times.with) / median(times.without),
      with_p90_ms: percentile(times.with, 90),
      without_p90_ms: percentile(times.without, 90),
      service_requests_during_completions: during.length,
      service_requests_during_completions_by_endpoint: Object.fromEntries(
        [...new Set(during.map((r) => r.endpoint))].map((e) => [e, during.filter((r) => r.endpoint === e).length])
      ),
      times,
    }
    step(
      `checkout (${mode}): median ${row.with_median_ms.toFixed(1)} ms with the plugin, ${row.without_median_ms.toFixed(1)} ms without (x${row.ratio.toFixed(3)})`
    )
    rows.push(row)
  }
  await storeC.kill()
  return { rows }
}

// ---------------------------------------------------------------- report

function report(r) {
  const f = (x, d = 1) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(d) : String(x))
  const out = []
  out.push(
    `Machine: ${r.machine.cpus}, ${r.machine.memory_gb} GB, Node ${r.machine.node}, ${r.machine.platform}; load ${r.machine.loadavg_at_start} -> ${r.machine.loadavg_at_end}`
  )
  if (r.hooks) {
    out.push(
      `\n1. Hook receiver (autocannon, latencies to the microsecond from each response; ${HOOK_ROUNDS} rounds of ${HOOK_SECONDS} s per cell, the routes taking turns; medians over the rounds, ` +
        `each ratio taken within its round; ledger history ${LEDGER_HISTORY} entries; baseline: ${r.hooks.baseline})`
    )
    out.push(
      table(
        [
          "route",
          "conn",
          "req/s",
          "p50 ms",
          "p99 ms",
          "p99/noop",
          "p99/noop range",
          "req/s / noop",
          "p99/read",
          "p99/write",
          "store CPU ms/req",
          "db CPU ms/req",
          "non-2xx",
          "errors",
          "p99 <= 1.5x noop",
        ],
        r.hooks.rows.map((x) => [
          x.route,
          x.connections,
          f(x.rps),
          f(x.p50_ms, 2),
          f(x.p99_ms, 2),
          f(x.p99_vs_noop, 2),
          `${f(x.p99_vs_noop_range[0], 2)}-${f(x.p99_vs_noop_range[1], 2)}`,
          f(x.rps_vs_noop, 2),
          f(x.p99_vs_read, 2),
          f(x.p99_vs_write, 2),
          x.store_cpu_ms_per_req === null ? "-" : f(x.store_cpu_ms_per_req, 2),
          x.db_cpu_ms_per_req === null ? "-" : f(x.db_cpu_ms_per_req, 2),
          x.non2xx,
          x.errors,
          ["noop", "read", "write"].includes(x.route) ? "-" : x.p99_vs_noop <= 1.5 ? "yes" : "NO",
        ])
      )
    )
  }
  if (r.drain) {
    out.push(`\n2. Queue drain (${DRAIN_N} requests, limit ${RATE.perSecond}/s at the plan and the emulator)`)
    out.push(
      table(
        [
          "processes",
          "ok",
          "span s",
          "achieved/s",
          "of allowed",
          "429s",
          "max in 1 s",
          "smallest gap ms",
          ">= 95%, 0 over",
        ],
        r.drain.rows.map((x) => [
          x.processes,
          x.ok,
          f(x.span_s, 2),
          f(x.achieved_per_s, 2),
          `${f(x.ratio * 100, 1)}%`,
          x.over_limit_429,
          x.max_in_any_1s,
          f(x.smallest_gap_ms, 1),
          x.ratio >= 0.95 && x.over_limit_429 === 0 ? "yes" : "NO",
        ])
      )
    )
  }
  const b = r.backfill
  if (b) {
    out.push(`\n3. Bulk enrolment (POST /admin/wallet-pass/enroll-all, limit ${RATE.perSecond}/s)`)
    out.push(
      table(
        [
          "customers",
          "enrolled",
          "failed",
          "requests",
          "req/customer",
          "429s",
          "queued in s",
          "all enrolled in s",
          "customers/s",
        ],
        [
          [
            b.customers,
            b.enrolled,
            b.failed,
            b.requests,
            f(b.requests_per_enrolled, 3),
            b.over_limit_429,
            f(b.queued_s),
            f(b.total_s),
            f(b.per_s, 2),
          ],
        ]
      )
    )
  }
  const im = r.import
  if (im) {
    out.push(
      `\n3b. Import of the service's base (POST /admin/wallet-pass/import, limit ${RATE.perSecond}/s, sync.budgetShare 1)`
    )
    out.push(
      table(
        [
          "customers",
          "adopted",
          "linked",
          "created",
          "pages (empty)",
          "reads",
          "req/customer",
          "without empty windows",
          "429s",
          "s",
          "plan's floor s",
        ],
        [
          [
            im.customers,
            im.adopted,
            im.linked,
            im.created,
            `${im.pages} (${im.empty_pages})`,
            im.reads,
            f(im.requests_per_customer, 3),
            f(im.requests_per_customer_without_empty_windows, 3),
            im.over_limit_429,
            f(im.total_s),
            f(im.floor_s),
          ],
        ]
      )
    )
  }
  const lv = r.levels
  if (lv) {
    out.push(
      `\n3c. Levels of the program: the daily level job's work (updateAllLevels, timed in the store), ${lv.holders} holders, ${lv.orders} orders`
    )
    out.push(
      table(
        [
          "pass",
          "holders read",
          "changed",
          "of level",
          "requests queued",
          "for unchanged levels",
          "queued <= changed",
          "s",
          "s with request",
        ],
        lv.runs.map((x) => [
          x.label,
          x.read,
          x.changed,
          x.level_changed,
          x.queued,
          x.queued_for_unchanged,
          x.queued_le_changed ? "yes" : "NO",
          f(x.seconds, 2),
          f(x.wall_seconds, 2),
        ])
      )
    )
  }
  const c = r.checkout
  if (c) {
    out.push(
      `\n4. Checkout (POST /store/carts/:id/complete, ${CHECKOUTS} orders each, alternating; same app and database; ` +
        `quiet: each once the previous order's plugin work is over; back-to-back: while it runs)`
    )
    out.push(
      table(
        [
          "mode",
          "median with",
          "median without",
          "ratio",
          "p90 with",
          "p90 without",
          "<= 1.05x",
          "service requests during completions",
        ],
        c.rows.map((x) => [
          x.mode,
          f(x.with_median_ms),
          f(x.without_median_ms),
          f(x.ratio, 3),
          f(x.with_p90_ms),
          f(x.without_p90_ms),
          x.ratio <= 1.05 ? "yes" : "NO",
          `${x.service_requests_during_completions} ${JSON.stringify(x.service_requests_during_completions_by_endpoint)}`,
        ])
      )
    )
  }
  if (r.cards) out.push(cardsReport(r.cards))
  if (r.overview) out.push(overviewReport(r.overview))
  if (r.sweep) out.push(sweepReport(r.sweep))
  if (r.abuse) out.push(abuseReport(r.abuse))
  if (r.texts) out.push(textsReport(r.texts))
  if (r.freshness) out.push(freshnessReport(r.freshness))
  return out.join("\n")
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[bench] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
