#!/usr/bin/env node
// `npm run check:production` (after `npm run build`): the plugin deployed as a production
// merchant runs it (docs/operations.md, "Running in production"). A store app with the packed
// plugin and the medusa-config.ts of docs/operations.md (taken from the doc itself), built
// with `medusa build`; from the build output, `medusa db:migrate`, then a server and a worker
// (`MEDUSA_WORKER_MODE`) with Medusa's Redis modules, the emulator's hooks at the server. It
// signs customers up, places orders, SIGKILLs the worker 150 ms after one of them, places
// more while it is down (the admin's overview must count them), drops one order's event from
// Redis, starts the worker again, and SIGKILLs it once more while it sends a request; then it
// flushes Redis (FLUSHDB) under the running worker with one more order's event in it, and the
// sweep must still run (the jobs' lost schedule noticed, src/utils/schedule-watch.ts) and catch
// that order. Then every order must have exactly one bonus, the service's balances must equal
// the ledger, no request may be left open, and the order sweep must have caught the dropped
// and the flushed order (and none of the orders placed while both processes ran undisturbed). Needs Redis: REDIS_URL, else it says why it skips.
import fs from "node:fs"
import { createRequire } from "node:module"
import net from "node:net"
import path from "node:path"
import {
  completeCart,
  http,
  loadEmulator,
  MedusaProcess,
  readyCart,
  registerCustomer,
  seedStore,
  sleep,
  until,
} from "./bench/lib/common.mjs"
import {
  createStoreApp,
  freePort,
  installedVersion,
  PgClient,
  prepareDatabase,
  root,
  run,
  runCleanups,
  STORE_APP_TSCONFIG,
  storeEnv,
} from "./lib/store-app.mjs"

const { claimRedisDatabase } = createRequire(import.meta.url)("../integration-tests/support/redis-database.js")

const APP_KEY = "production-check-key"
const HOOKS = { login: "svc", password: "production-check-hook-pw" }
const BUILD_TIMEOUT_MS = 300_000
/** The plan of the config in docs/operations.md ("advanced": 1 request a second). */
const LIMITS = { perSecond: 1, perHour: 600 }
const CUSTOMERS = 5
/** What the check adds to the documented options: short recovery times, so it stays within minutes. */
const CHECK_OPTIONS = {
  dispatcher: { sendingLeaseSeconds: 5, echoGraceSeconds: 5 },
  sweep: { graceSeconds: 60, everySeconds: 5 },
}

const started = Date.now()
const step = (msg) =>
  console.log(`[check-production] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s ${msg}`)

/** Answers null when something answers PING at `url`, else why not. */
function redisUnreachable(url) {
  return new Promise((resolve) => {
    let parsed
    try {
      parsed = new URL(url)
    } catch {
      return resolve(`REDIS_URL is not a URL: ${url}`)
    }
    const socket = net.connect({ host: parsed.hostname, port: Number(parsed.port || 6379) })
    const done = (why) => {
      socket.destroy()
      resolve(why)
    }
    socket.setTimeout(3000, () => done(`no answer from ${parsed.host} within 3 s`))
    socket.once("error", (e) => done(`${parsed.host}: ${e.message}`))
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", () => done(null))
  })
}

/**
 * The medusa-config.ts of docs/operations.md, as a merchant copies it, with what the check
 * adds: the admin off (no dashboard to build) and short recovery times. A doc that no longer
 * has the lines the check relies on fails the check: the doc and the check move together.
 */
function documentedConfig() {
  const doc = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8")
  const section = doc.slice(doc.indexOf("### medusa-config.ts"))
  const block = section.match(/```ts\n([\s\S]*?)\n```/)?.[1]
  if (!block) throw new Error('docs/operations.md has no ```ts block under "### medusa-config.ts"')
  const edits = [
    ["  plugins: [", "  admin: { disable: true },\n  plugins: ["],
    ["accrual: { bonusPercent: 5 },", `accrual: { bonusPercent: 5 },\n        ...${JSON.stringify(CHECK_OPTIONS)},`],
  ]
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`the config in docs/operations.md no longer has ${JSON.stringify(from)}`)
    return text.replace(from, to)
  }, block)
}

async function main() {
  if (!process.env.REDIS_URL) {
    console.log("[check-production] SKIPPED: REDIS_URL is not set (the check runs Medusa's Redis modules)")
    return
  }
  const unreachable = await redisUnreachable(process.env.REDIS_URL)
  if (unreachable) {
    console.log(`[check-production] SKIPPED: no Redis reachable at REDIS_URL (${unreachable})`)
    return
  }
  const cleanups = []
  const failures = []
  try {
    const { app, cleanup } = await createStoreApp({
      name: "wallet-pass-production-check",
      medusaConfig: documentedConfig(),
      configFile: "medusa-config.ts",
      files: { "tsconfig.json": STORE_APP_TSCONFIG },
      devDependencies: Object.fromEntries(
        ["typescript", "@types/node", "ts-node", "@swc/core"].map((p) => [p, installedVersion(p)])
      ),
      step,
    })
    cleanups.push(cleanup)
    const appRequire = createRequire(path.join(app, "package.json"))

    // A Redis database of the check's own (integration-tests/support/redis-database.js):
    // stores of other checks or tests on this Redis use the same queue names.
    const Redis = appRequire("ioredis")
    const redis = await claimRedisDatabase(process.env.REDIS_URL, [11, 12, 13, 14, 15, 10, 9, 8])
    cleanups.push(() => redis.release())
    const redisUrl = redis.url
    step(`Redis for the store: ${redisUrl.replace(/\/\/[^@]*@/, "//")}`)

    step("npx medusa build")
    run("npx", ["medusa", "build"], {
      cwd: app,
      env: { ...process.env, NODE_ENV: "production" },
      timeout: BUILD_TIMEOUT_MS,
    })
    const build = path.join(app, ".medusa/server")
    if (!fs.existsSync(path.join(build, "medusa-config.js"))) throw new Error("medusa build wrote no .medusa/server")
    // A deployment runs `npm install` in .medusa/server; the app's own node_modules are the same packages.
    fs.symlinkSync(path.join(app, "node_modules"), path.join(build, "node_modules"), "dir")

    const { startEmulator } = loadEmulator()
    const emulator = await startEmulator({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })
    cleanups.push(() => emulator.close())
    const db = await prepareDatabase("wallet_pass_production_check")
    cleanups.push(() => db.stop())
    const sql = new PgClient({ connectionString: db.databaseUrl })

    const env = {
      ...storeEnv(db.databaseUrl, 0),
      REDIS_URL: redisUrl,
      CACHE_REDIS_URL: redisUrl,
      STORE_CORS: "*",
      ADMIN_CORS: "*",
      AUTH_CORS: "*",
      JWT_SECRET: "production-check",
      COOKIE_SECRET: "production-check",
      WALLET_PASS_API_URL: emulator.url,
      WALLET_PASS_APP_KEY: APP_KEY,
      WALLET_PASS_HOOK_LOGIN: HOOKS.login,
      WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    }
    delete env.PORT
    step("npx medusa db:migrate (from the build output)")
    run("npx", ["medusa", "db:migrate"], { cwd: build, env, timeout: BUILD_TIMEOUT_MS })
    await sql.connect()
    cleanups.push(() => sql.end())
    step("seeding the store")
    const seed = seedStore(build, env)
    const admin = { authorization: seed.adminAuthorization }

    const server = await MedusaProcess.create("server", build, { ...env, MEDUSA_WORKER_MODE: "server" })
    const worker = await MedusaProcess.create("worker", build, { ...env, MEDUSA_WORKER_MODE: "worker" })
    cleanups.push(
      () => server.kill(),
      () => worker.kill()
    )
    emulator.setWebhook({ url: `${server.url}/hooks/wallet-pass`, ...HOOKS })
    for (const p of [server, worker]) {
      const t0 = Date.now()
      await p.start()
      step(`${p.name} up on ${p.port} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    }
    const S = server.url

    step(`${CUSTOMERS} signups with phones`)
    const customers = []
    for (let i = 0; i < CUSTOMERS; i++) {
      const phone = `+7999600${String(i).padStart(4, "0")}`
      const { customer, headers } = await registerCustomer(S, seed, { email: `prod${i}@check.example`, phone })
      customers.push({ phone, id: customer.id, headers })
    }
    const q = async (text, params) => (await sql.query(text, params)).rows
    await until(
      async () =>
        (await q(`SELECT count(*)::int AS n FROM wallet_pass_holder WHERE enrollment_state = 'enrolled'`))[0].n ===
        CUSTOMERS,
      "every signup enrolled",
      120_000,
      250
    )
    const accrualsOf = async (orderId) =>
      (await q(`SELECT amount FROM wallet_pass_ledger_entry WHERE order_id = $1 AND kind = 'accrual'`, [orderId])).map(
        (r) => r.amount
      )
    const orders = []
    /** A checkout by customer `i % CUSTOMERS`; answers the order's id. */
    const order = async (i, label) => {
      const c = customers[i % CUSTOMERS]
      const placed = await completeCart(S, c.headers, await readyCart(S, seed, c.headers))
      orders.push({ id: placed.id, phone: c.phone, label })
      return placed.id
    }

    step("3 orders with both processes up: each credited")
    for (let i = 0; i < 3; i++) {
      const id = await order(i, "normal")
      const t0 = Date.now()
      await until(async () => (await accrualsOf(id)).length > 0, `order ${id} credited`, 30_000, 50)
      step(`  order ${id} credited ${Date.now() - t0} ms after its checkout answered`)
    }

    step("an order, and 150 ms later SIGKILL of the worker")
    await order(3, "delayed")
    await sleep(150)
    await worker.kill("SIGKILL")
    step("3 orders while no worker runs: their events wait in Redis")
    for (let i = 4; i < 7; i++) await order(i, "delayed")
    step("an order whose order.placed the check deletes from Redis (as a Redis without persistence loses it)")
    const droppedId = await order(7, "dropped")
    const { Queue } = appRequire("bullmq")
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const events = new Queue("events-queue", { prefix: "RedisEventBusService", connection })
    const dropped = await until(
      async () =>
        (await events.getJobs(["wait", "prioritized", "delayed", "paused"])).find(
          (j) => j.name === "order.placed" && j.data?.data?.id === droppedId
        ),
      "the order's event in Redis",
      15_000
    )
    await dropped.remove()
    await events.close()
    connection.disconnect()
    const uncredited = (
      await q(
        `SELECT count(*)::int AS n FROM "order" o WHERE NOT EXISTS (
           SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.order_id = o.id AND e.kind = 'accrual')`
      )
    )[0].n
    const overview = await http("GET", `${S}/admin/wallet-pass/overview`, { headers: admin })
    const waiting = overview.data?.overview?.orders_waiting
    step(
      `the admin's overview with the worker down: ${JSON.stringify(waiting)}; orders without their bonus: ${uncredited}`
    )
    if (waiting?.bonus !== uncredited || uncredited < 4)
      failures.push(`the overview counted ${waiting?.bonus} orders waiting for their bonus; ${uncredited} had none`)

    const t1 = Date.now()
    await worker.start()
    step(`worker back in ${((Date.now() - t1) / 1000).toFixed(1)} s`)
    // Their events may be taken by the worker the next SIGKILL ends: BullMQ hands such a job out
    // again only once its lock lapses, which on a slow machine can be after the sweep's grace.
    // The sweep may then credit them first (exactly once either way): "restart", not "normal".
    for (let i = 8; i < 10; i++) await order(i, "restart")

    step("SIGKILL of the worker while it sends a request (the service holds it 4 s)")
    emulator.injectFault({ kind: "delay", delayMs: 4000, count: 1, path: "/crm/balance/add" })
    await order(10, "restart")
    await until(
      async () => (await q(`SELECT 1 FROM wallet_pass_operation WHERE state = 'sending'`)).length,
      "a request being sent",
      60_000,
      50
    )
    await worker.kill("SIGKILL")
    const t2 = Date.now()
    await worker.start()
    step(`worker back in ${((Date.now() - t2) / 1000).toFixed(1)} s`)

    step("waiting: every order credited, the dropped one by the order sweep, the queue settled")
    const t3 = Date.now()
    await until(
      async () => {
        for (const o of orders) if ((await accrualsOf(o.id)).length === 0) return false
        const open = await q(
          `SELECT count(*)::int AS n FROM wallet_pass_operation WHERE state IN ('pending', 'sending', 'unknown')`
        )
        return open[0].n === 0
      },
      "every order credited and every request settled",
      300_000,
      500
    ).catch((e) => failures.push(e.message))
    step(`settled ${((Date.now() - t3) / 1000).toFixed(0)} s after the worker's restart`)
    await sleep(3000) // late echo hooks

    // Redis loses its data under a running worker (docs/operations.md, "When Redis loses the
    // schedule"): the flush takes an order's event and every scheduled job's repeat key, and
    // nothing is restarted. The worker holds still (SIGSTOP) from the checkout until the flush,
    // so the event is still in Redis when it goes.
    step("FLUSHDB of the store's Redis under the running worker, nothing restarted: an order's event goes with it")
    const sweptAt = async () => (await q(`SELECT last_run_at FROM wallet_pass_order_sweep`))[0]?.last_run_at ?? null
    const workerGroup = (signal) => process.kill(-worker.child.pid, signal)
    let flushedId
    workerGroup("SIGSTOP")
    try {
      flushedId = await order(11, "flushed")
      const flusher = new Redis(redisUrl, { maxRetriesPerRequest: null })
      const { Queue: FlushQueue } = appRequire("bullmq")
      const queued = new FlushQueue("events-queue", { prefix: "RedisEventBusService", connection: flusher })
      await until(
        async () =>
          (await queued.getJobs(["wait", "prioritized", "delayed", "paused"])).some(
            (j) => j.name === "order.placed" && j.data?.data?.id === flushedId
          ),
        "the order's event in Redis",
        15_000
      )
      await queued.close()
      await flusher.flushdb()
      flusher.disconnect()
    } finally {
      workerGroup("SIGCONT")
    }
    const t4 = Date.now()
    const flushedAt = new Date()
    await until(
      async () => (await accrualsOf(flushedId)).length > 0,
      "the order whose event the flush took credited (by the order sweep)",
      240_000,
      500
    ).catch((e) => failures.push(e.message))
    step(`  credited ${((Date.now() - t4) / 1000).toFixed(0)} s after the flush (the sweep's grace is 60 s)`)
    // The sweep goes on under the same worker, and the admin's overview says it is not late.
    const afterCredit = new Date()
    await until(
      async () => {
        const at = await sweptAt()
        return at && new Date(at) > afterCredit
      },
      "a sweep run after that",
      60_000,
      500
    ).catch((e) => failures.push(e.message))
    const sweepLine = (await http("GET", `${S}/admin/wallet-pass/overview`, { headers: admin })).data?.overview
      ?.order_sweep
    step(`  the overview's sweep line: ${JSON.stringify(sweepLine)}`)
    if (!sweepLine || sweepLine.late !== false || new Date(sweepLine.last_run_at) <= flushedAt)
      failures.push(`the overview's sweep after the flush: ${JSON.stringify(sweepLine)}`)
    const watchLine = worker.log.split("\n").find((l) => /not called by the scheduler/.test(l))
    step(`  the worker's log: ${watchLine ? watchLine.trim().slice(0, 300) : "(nothing about the lost schedule)"}`)
    if (!watchLine) failures.push("the worker did not say that the jobs' schedule was lost")
    // Scheduled again: Medusa's scheduler (the Redis engine) calls the sweep itself once more.
    const backLine = await until(
      async () => worker.log.split("\n").find((l) => /the scheduler calls wallet-pass-order-sweep again/.test(l)),
      "the scheduler calling the sweep again",
      60_000,
      500
    ).catch((e) => failures.push(e.message))
    if (typeof backLine === "string") step(`  the worker's log: ${backLine.trim().slice(0, 200)}`)
    await until(
      async () =>
        (
          await q(
            `SELECT count(*)::int AS n FROM wallet_pass_operation WHERE state IN ('pending', 'sending', 'unknown')`
          )
        )[0].n === 0,
      "every request settled after the flush",
      120_000,
      500
    ).catch((e) => failures.push(e.message))
    await sleep(3000) // late echo hooks

    for (const o of orders) {
      const got = await accrualsOf(o.id)
      if (got.length !== 1) failures.push(`order ${o.id} (${o.label}) has ${got.length} accrual entries`)
    }
    const stuck = await q(
      `SELECT state, count(*)::int AS n FROM wallet_pass_operation
        WHERE state IN ('pending', 'sending', 'unknown', 'failed', 'needs_review') GROUP BY state`
    )
    for (const r of stuck) failures.push(`${r.n} request(s) left ${r.state}`)
    for (const c of customers) {
      const [{ balance }] = await q(
        `SELECT wallet_pass_balance(h.id) AS balance FROM wallet_pass_holder h WHERE h.customer_id = $1`,
        [c.id]
      )
      const service = Math.round(Number(emulator.getCustomer(c.phone)?.balance ?? NaN) * 100)
      if (service !== Number(balance)) failures.push(`${c.phone}: ledger ${balance}, service ${service} (cents)`)
    }
    const swept = await q(`SELECT order_id, work, outcome, wrote FROM wallet_pass_order_sweep_item`)
    const sweptOf = (id) => swept.find((s) => s.order_id === id)
    step(
      `the order sweep recorded ${JSON.stringify(swept.map((s) => [orders.find((o) => o.id === s.order_id)?.label, s.work, s.outcome, s.wrote]))}`
    )
    if (sweptOf(droppedId)?.outcome !== "caught" || !sweptOf(droppedId)?.wrote?.includes("accrual"))
      failures.push(`the order sweep did not catch the dropped order: ${JSON.stringify(sweptOf(droppedId) ?? null)}`)
    if (sweptOf(flushedId)?.outcome !== "caught" || !sweptOf(flushedId)?.wrote?.includes("accrual"))
      failures.push(`the order sweep did not catch the flushed order: ${JSON.stringify(sweptOf(flushedId) ?? null)}`)
    for (const o of orders.filter((o) => o.label === "normal" && sweptOf(o.id)))
      failures.push(`the order sweep caught order ${o.id}, whose event was never delayed`)
    const rate = (await q(`SELECT count(*)::int AS n FROM wallet_pass_api_call`))[0].n
    const times = emulator
      .requests()
      .map((r) => r.receivedAtMonotonic)
      .sort((a, b) => a - b)
    const gaps = times.slice(1).map((t, i) => t - times[i])
    const tooMany = emulator.requests().filter((r) => r.status === 429).length
    step(`${rate} requests to the service, ${tooMany} answered 429, smallest gap ${Math.min(...gaps).toFixed(0)} ms`)
    if (tooMany) failures.push(`${tooMany} requests answered 429`)
    const errors = [server, worker].flatMap((p) =>
      p.log
        .split("\n")
        .filter((l) => /\berror\b/i.test(l) && /wallet-pass/i.test(l))
        .map((l) => `${p.name}: ${l}`)
    )
    for (const l of errors.slice(0, 5)) step(`  log: ${l.slice(0, 300)}`)
    if (errors.length) failures.push(`${errors.length} error line(s) of the plugin in the logs`)

    if (failures.length) {
      for (const f of failures) console.error(`[check-production] FAILED: ${f}`)
      process.exitCode = 1
    } else {
      step(
        `OK: ${orders.length} orders, each credited once; ${CUSTOMERS} balances equal to the service's; the dropped order caught by the sweep, and the flushed one by the sweep still running after FLUSHDB`
      )
    }
  } finally {
    await runCleanups(cleanups)
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(`[check-production] FAILED: ${e.stack || e.message}`)
    process.exit(1)
  }
)
