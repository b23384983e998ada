import { execFile } from "child_process"
import path from "path"
import { promisify } from "util"
import type { Client } from "pg"
import { startEmulator, WalletPassEmulator } from "../../src/emulator"
import { waitFor as waitForCondition } from "../support/hooks"
import { createTestDatabase, migrateStore, StoreProcess } from "../support/store-process"
const { claimRedisDatabase } = require("../support/redis-database") as {
  claimRedisDatabase: (url: string) => Promise<{ url: string; release: () => Promise<void> }>
}

// The store as real `medusa start` processes on one database: the shared rate gate across
// instances, and a process killed (SIGKILL) while a request is in flight.
jest.setTimeout(300_000)

const APP_KEY = "processes-key"
const HOOKS = { login: "svc", password: "hook-pw" }
const REDIS_URL = process.env.REDIS_URL

let db: Awaited<ReturnType<typeof createTestDatabase>>
let emulator: WalletPassEmulator
let sql: Client
const stores: StoreProcess[] = []
let baseEnv: Record<string, string>
let redis: { url: string; release: () => Promise<void> } | undefined

/**
 * waitFor, and on a timeout what the queue held and the stores' last output, so a failure
 * in CI says why the stores did not get there.
 */
async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs?: number) {
  try {
    return await waitForCondition(probe, what, timeoutMs)
  } catch (e) {
    const states = (await sql.query(`SELECT state, count(*)::int AS n FROM wallet_pass_operation GROUP BY state`)).rows
    const logs = stores.map((s, i) => `--- store ${i} (${s.url}), last output:\n${s.output().slice(-2500)}`).join("\n")
    throw new Error(
      `${(e as Error).message}\nqueue: ${JSON.stringify(states)}; service requests: ${emulator.requests().length}\n${logs}`
    )
  }
}

let seq = 0
/** A holder known to the service and to the store, with one queued request for it. */
async function queueBalanceSync(phone: string): Promise<string> {
  emulator.seedCustomer({ phone, name: "Test" })
  const holderId = `wph_proc_${++seq}`
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, source, enrollment_state, adoption_state, discount_percent_bp, created_at, updated_at)
     VALUES ($1, $2, 'admin', 'enrolled', 'new', 0, now(), now())`,
    [holderId, phone]
  )
  await sql.query(
    `INSERT INTO wallet_pass_operation (id, method, holder_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at)
     VALUES ($1, 'user_create_or_update', $2, '{"type":"balance_sync"}', $1, 10, 'pending', 0, clock_timestamp(), clock_timestamp())`,
    [`wpop_proc_${seq}`, holderId]
  )
  return holderId
}

const countByState = async (state: string) =>
  Number((await sql.query(`SELECT count(*) FROM wallet_pass_operation WHERE state = $1`, [state])).rows[0].count)

function syncRequests() {
  return emulator.requests().filter((r) => r.endpoint.includes("user_create_or_update") && r.status !== undefined)
}

beforeAll(async () => {
  emulator = await startEmulator({ appKey: APP_KEY, mode: "external_crm", plan: "basic" })
  db = await createTestDatabase("wallet_pass_processes")
  sql = db.client
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    WALLET_PASS_API_URL: emulator.url,
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: "basic",
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_ECHO_GRACE_SECONDS: "2",
    WALLET_PASS_SENDING_LEASE_SECONDS: "2",
  }
  if (REDIS_URL) {
    // A Redis database of this run's own: stores of another run on the same one would take
    // this run's scheduled ticks (integration-tests/support/redis-database.js).
    redis = await claimRedisDatabase(REDIS_URL)
    Object.assign(env, { MEDUSA_REDIS_URL: redis.url })
  } else {
    console.log("[processes] REDIS_URL is not set: the two stores run with in-memory event bus and workflow engine")
  }
  baseEnv = env
  await migrateStore(env)
  stores.push(await StoreProcess.create({ ...env, MEDUSA_WORKER_MODE: "shared" }))
  stores.push(await StoreProcess.create({ ...env, MEDUSA_WORKER_MODE: REDIS_URL ? "worker" : "shared" }))
  // One after the other: two instances booting at once on a fresh database both create
  // Medusa's default store, and one of them dies on the unique constraint.
  for (const store of stores) await store.start()
  emulator.setWebhook({ url: `${stores[0].url}/hooks/wallet-pass`, ...HOOKS })
})

afterAll(async () => {
  await Promise.all(stores.map((s) => s.kill("SIGTERM")))
  await emulator?.close()
  await db?.drop()
  await redis?.release()
})

/**
 * A fresh hour of budget for the next test: the calls of the earlier ones are forgotten,
 * except those of the last 11 s, which still hold the per-second window (an unanswered call
 * holds it for up to 10 s, IN_FLIGHT_BOUND_SECONDS). Forgetting a request sent just before
 * (a background read, a request of a process just stopped) let the next one follow within
 * the second: a 429 from the service.
 */
async function freshHour(): Promise<void> {
  await sql.query(`DELETE FROM wallet_pass_api_call WHERE started_at < clock_timestamp() - interval '11 seconds'`)
}

it("two processes draining one database never send two requests closer than 1 s (basic plan)", async () => {
  for (let i = 0; i < 30; i++) {
    await queueBalanceSync(`+7999700${String(i).padStart(4, "0")}`)
  }
  await waitFor(async () => (await countByState("done")) === 30, "30 requests done", 90_000)

  const times = syncRequests()
    .map((r) => r.receivedAtMonotonic)
    .sort((a, b) => a - b)
  expect(times).toHaveLength(30)
  const gaps = times.slice(1).map((t, i) => t - times[i])
  console.log(
    `[processes] 30 requests in ${((times[29] - times[0]) / 1000).toFixed(1)} s, smallest gap ${Math.min(...gaps).toFixed(0)} ms`
  )
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000)
  expect(emulator.requests().filter((r) => r.status === 429)).toEqual([])
})

it("the hourly budget holds: with 55 of 60 requests used this hour, only 5 more go", async () => {
  const used = Number(
    (
      await sql.query(
        `SELECT count(*) FROM wallet_pass_api_call WHERE started_at > clock_timestamp() - interval '1 hour'`
      )
    ).rows[0].count
  )
  // Calls made earlier this hour (by another process of the store, say) count too.
  await sql.query(
    `INSERT INTO wallet_pass_api_call (id, path, outcome, duration_ms, started_at, created_at, updated_at)
     SELECT 'wpcall_earlier_' || g, '/status', 'applied', 1, clock_timestamp() - interval '50 minutes', now(), now()
       FROM generate_series(1, $1::int) g`,
    [55 - used]
  )
  const before = syncRequests().length
  for (let i = 0; i < 10; i++) {
    await queueBalanceSync(`+7999710${String(i).padStart(4, "0")}`)
  }
  await waitFor(async () => (await countByState("done")) === 35, "5 more requests", 30_000)
  // Give the dispatchers time to (wrongly) send a sixth.
  await new Promise((r) => setTimeout(r, 3000))
  expect(syncRequests().length - before).toBe(5)
  expect(await countByState("pending")).toBe(5)
  await sql.query(`DELETE FROM wallet_pass_api_call WHERE id LIKE 'wpcall_earlier_%'`)
  await sql.query(`DELETE FROM wallet_pass_operation WHERE state = 'pending'`)
})

it("a process killed (SIGKILL) while a balance request is in flight: after a restart the service matches the ledger", async () => {
  await stores[1].kill("SIGTERM") // one process, so the one killed is the one sending
  await freshHour()
  await sql.query(`UPDATE wallet_pass_gate SET blocked_until = NULL`)
  const phone = "+79997200001"
  emulator.seedCustomer({ phone, name: "Kill", balance: 0 })
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, source, enrollment_state, adoption_state, discount_percent_bp, created_at, updated_at)
     VALUES ('wph_kill', $1, 'admin', 'enrolled', 'new', 0, now(), now())`,
    [phone]
  )
  await sql.query(
    `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, dedupe_key, balance_after, overdraft, created_at, updated_at)
     VALUES ('wple_kill', 'wph_kill', 500, 'manual', 'applied', 'kill-test', 500, false, now(), now())`
  )
  emulator.injectFault({ kind: "delay", delayMs: 4000, path: "/crm/balance/add" })
  await sql.query(
    `INSERT INTO wallet_pass_operation (id, method, holder_id, ledger_entry_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at)
     VALUES ('wpop_kill', 'balance_add', 'wph_kill', 'wple_kill', '{}', 'wpop_kill', 10, 'pending', 0, clock_timestamp(), clock_timestamp())`
  )
  await waitFor(
    async () =>
      (await sql.query(`SELECT state FROM wallet_pass_operation WHERE id = 'wpop_kill'`)).rows[0]?.state === "sending",
    "the request in flight",
    20_000
  )
  await stores[0].kill("SIGKILL")
  await stores[0].start()

  const op = await waitFor(
    async () => {
      const row = (await sql.query(`SELECT state, result FROM wallet_pass_operation WHERE id = 'wpop_kill'`)).rows[0]
      return row?.state === "resolved" && row
    },
    "the killed request resolved",
    60_000
  )
  await waitFor(
    async () => (await countByState("pending")) + (await countByState("sending")) === 0,
    "queue drained",
    30_000
  )
  console.log(`[processes] killed request resolved by ${op.result?.resolution ?? "its echo"}`)
  expect(
    await waitFor(async () => emulator.getCustomer(phone)?.balance === 5 && 5, "service balance = ledger", 15_000)
  ).toBe(5)
})

it("an import killed (SIGKILL) mid-way resumes after a restart and imports each customer once, within the limits", async () => {
  await Promise.all(stores.map((s) => s.kill("SIGTERM")))
  await freshHour()
  await sql.query(`UPDATE wallet_pass_gate SET blocked_until = NULL`)
  const limits = { perSecond: 10, perHour: 100_000 }
  emulator.setLimits(limits)
  const phones = Array.from({ length: 120 }, (_, i) => `+7999730${String(i).padStart(4, "0")}`)
  phones.forEach((phone, i) =>
    emulator.seedCustomer({
      phone,
      name: `Base ${i}`,
      balance: i + 0.5,
      installed: i % 2 === 0,
      registeredAt: `202${4 + (i % 2)}-03-0${1 + (i % 9)}T08:00:00Z`,
    })
  )
  const importer = await StoreProcess.create({
    ...baseEnv,
    MEDUSA_WORKER_MODE: "shared",
    WALLET_PASS_PLAN: JSON.stringify(limits),
    WALLET_PASS_SYNC: JSON.stringify({ since: "2024-01-01", budgetShare: 1 }),
  })
  stores.push(importer)
  await importer.start()
  const admin = await adminToken(importer.url)
  const started = await fetch(`${importer.url}/admin/wallet-pass/import`, { method: "POST", headers: admin })
  expect(started.status).toBe(202)

  const adopted = async () =>
    Number((await sql.query(`SELECT count(*) FROM wallet_pass_import_item WHERE state = 'adopted'`)).rows[0].count)
  await waitFor(async () => (await adopted()) >= 30, "30 customers imported", 60_000)
  await importer.kill("SIGKILL")
  const atKill = await adopted()
  await importer.start()
  await waitFor(
    async () =>
      (await sql.query(`SELECT phase FROM wallet_pass_sync_run WHERE kind = 'import'`)).rows[0]?.phase === "ready",
    "the import resumed and finished",
    120_000
  )
  console.log(`[processes] import killed after ${atKill} of 120 customers; resumed to the end`)
  expect(atKill).toBeLessThan(120)
  expect(await adopted()).toBe(120)
  const dupes = await sql.query(
    `SELECT 'holder' AS what, phone FROM wallet_pass_holder WHERE phone = ANY($1) GROUP BY phone HAVING count(*) > 1
     UNION ALL SELECT 'customer', phone FROM customer WHERE phone = ANY($1) AND deleted_at IS NULL GROUP BY phone HAVING count(*) > 1
     UNION ALL SELECT 'opening', h.phone FROM wallet_pass_ledger_entry e JOIN wallet_pass_holder h ON h.id = e.holder_id
                WHERE h.phone = ANY($1) AND e.kind = 'opening_balance' GROUP BY h.phone HAVING count(*) > 1`,
    [phones]
  )
  expect(dupes.rows).toEqual([])
  const balances = await sql.query(
    `SELECT h.phone, wallet_pass_balance(h.id) AS balance FROM wallet_pass_holder h WHERE h.phone = ANY($1) ORDER BY h.phone`,
    [phones]
  )
  expect(balances.rows.map((r) => Number(r.balance))).toEqual(phones.map((_, i) => Math.round((i + 0.5) * 100)))
  expect(emulator.requests().filter((r) => r.status === 429)).toEqual([])
})

/** An admin's bearer token for a store process: a user made with Medusa's CLI, then signed in. */
async function adminToken(storeUrl: string): Promise<Record<string, string>> {
  const email = `admin-${Date.now()}@example.com`
  await promisify(execFile)("npx", ["medusa", "user", "-e", email, "-p", "admin-pw-1"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, ...baseEnv, MEDUSA_DISABLE_TELEMETRY: "true", NODE_OPTIONS: "" },
    timeout: 120_000,
  })
  const res = await fetch(`${storeUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "admin-pw-1" }),
  })
  const { token } = (await res.json()) as { token: string }
  return { authorization: `Bearer ${token}` }
}
