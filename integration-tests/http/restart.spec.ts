import axios from "axios"
import type { Client } from "pg"
import { startEmulator, WalletPassEmulator } from "../../src/emulator"
import { waitFor } from "../support/hooks"
import { placeOrder, registerCustomer } from "../support/store"
import { createTestDatabase, migrateStore, seedStoreDatabase, StoreProcess } from "../support/store-process"

// The store as a real `medusa start` process with requests already queued when it starts:
// the queue must not send before the process answers the service's echo hooks. And a store on
// Medusa's local event bus killed right after a checkout: the order's event died with it, and
// the order sweep credits the order after the restart.
jest.setTimeout(300_000)

const APP_KEY = "restart-key"
const HOOKS = { login: "svc", password: "hook-pw-restart" }

let db: Awaited<ReturnType<typeof createTestDatabase>>
let emulator: WalletPassEmulator
let sql: Client
let env: Record<string, string>
let store: StoreProcess | undefined
let seed: Awaited<ReturnType<typeof seedStoreDatabase>>

beforeAll(async () => {
  emulator = await startEmulator({ appKey: APP_KEY, mode: "external_crm", limits: "unlimited" })
  db = await createTestDatabase("wallet_pass_restart")
  sql = db.client
  env = {
    DATABASE_URL: db.url,
    WALLET_PASS_API_URL: emulator.url,
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify({ perSecond: 10, perHour: 10_000 }),
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_BONUS_PERCENT: "5",
    WALLET_PASS_SWEEP: JSON.stringify({ graceSeconds: 2, everySeconds: 5 }),
  }
  await migrateStore(env)
  seed = await seedStoreDatabase(env)
})

afterEach(async () => {
  await store?.kill("SIGTERM")
  store = undefined
})

afterAll(async () => {
  await emulator?.close()
  await db?.drop()
})

/** A holder known to the service with a credit whose balance/add is queued, as a restart finds it. */
async function queuedCredit(n: number): Promise<{ phone: string; operationId: string }> {
  const phone = `+7999730000${n}`
  emulator.seedCustomer({ phone, name: "Restart", balance: 0 })
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, source, enrollment_state, adoption_state, discount_percent_bp, created_at, updated_at)
     VALUES ($1, $2, 'admin', 'enrolled', 'adopted', 0, now(), now())`,
    [`wph_restart_${n}`, phone]
  )
  await sql.query(
    `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, dedupe_key, balance_after, overdraft, created_at, updated_at)
     VALUES ($1, $2, 700, 'manual', 'applied', $1, 700, false, now(), now())`,
    [`wple_restart_${n}`, `wph_restart_${n}`]
  )
  await sql.query(
    `INSERT INTO wallet_pass_operation (id, method, holder_id, ledger_entry_id, payload, dedupe_key, priority, state, attempts, created_at, updated_at)
     VALUES ($1, 'balance_add', $2, $3, '{}', $1, 0, 'pending', 0, clock_timestamp(), clock_timestamp())`,
    [`wpop_restart_${n}`, `wph_restart_${n}`, `wple_restart_${n}`]
  )
  return { phone, operationId: `wpop_restart_${n}` }
}

const operation = async (id: string) =>
  (await sql.query(`SELECT state, result FROM wallet_pass_operation WHERE id = $1`, [id])).rows[0]

it("after a start, the queue sends once the store answers hooks: the echo of a queued credit is accepted, nothing is left ambiguous", async () => {
  const { phone, operationId } = await queuedCredit(1)
  store = await StoreProcess.create(env)
  emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...HOOKS })
  await store.start()

  const done = await waitFor(
    async () => {
      const op = await operation(operationId)
      return ["done", "unknown", "failed", "needs_review", "resolved"].includes(op.state) && op
    },
    "the queued balance/add settled",
    60_000
  )
  const echo = emulator.hooks().find((h) => h.method === "addBalance")
  expect({ state: done.state, echo: echo?.status ?? echo?.error }).toEqual({ state: "done", echo: 200 })
  expect(done.result).toMatchObject({ echo_transaction_id: expect.any(String) })
  expect(emulator.getCustomer(phone)?.balance).toBe(7)
  const syncs = await sql.query(`SELECT id FROM wallet_pass_operation WHERE holder_id = 'wph_restart_1' AND id <> $1`, [
    operationId,
  ])
  expect(syncs.rows).toEqual([]) // no absolute balance set was needed
})

it("in worker mode (hooks served by another instance) the queue drains at once", async () => {
  const { operationId } = await queuedCredit(2)
  store = await StoreProcess.create({ ...env, MEDUSA_WORKER_MODE: "worker" })
  emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...HOOKS })
  await store.start()
  await waitFor(
    async () => (await operation(operationId)).state !== "pending" && true,
    "the worker sent the queued request",
    15_000
  )
})

it("a store on the local event bus killed (SIGKILL) right after a checkout credits the order once after its restart: the order sweep", async () => {
  store = await StoreProcess.create(env)
  emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...HOOKS })
  await store.start()
  const api = axios.create({ baseURL: store.url })
  const phone = "+79997400001"
  const { customer, headers } = await registerCustomer(api, seed, {
    email: "killed@restart.example",
    password: "pw-123456",
    phone,
  })
  await waitFor(
    async () =>
      (
        await sql.query(`SELECT 1 FROM wallet_pass_holder WHERE customer_id = $1 AND enrollment_state = 'enrolled'`, [
          customer.id,
        ])
      ).rows.length,
    "the customer enrolled",
    30_000
  )

  // The checkout answers; the process dies before its order.placed subscribers start (they
  // wait for the response to go out first, src/lib/after-request.ts): the event is gone.
  const order = await placeOrder(api, seed, headers)
  await store.kill("SIGKILL")
  const accruals = async () =>
    (
      await sql.query(`SELECT amount FROM wallet_pass_ledger_entry WHERE order_id = $1 AND kind = 'accrual'`, [
        order.id,
      ])
    ).rows.map((r) => r.amount)
  expect(await accruals()).toEqual([])

  await store.start()
  // 5% of the item (33.33) = 1.66, credited by the sweep past its grace, and sent.
  const item = await waitFor(
    async () => {
      const { rows } = await sql.query(
        `SELECT work, outcome, found, wrote FROM wallet_pass_order_sweep_item WHERE order_id = $1`,
        [order.id]
      )
      return rows.length > 0 && rows
    },
    "the sweep's record of the order after the restart",
    60_000
  )
  expect(await accruals()).toEqual([166])
  expect(item).toEqual([
    { work: "placed", outcome: "caught", found: ["accrual", "spend"], wrote: ["accrual", "spend"] },
  ])
  await waitFor(async () => emulator.getCustomer(phone)?.balance === 1.66, "the service's balance", 30_000)
  // Later runs find nothing more: one accrual, one balance/add.
  const runs = async () =>
    (await sql.query(`SELECT last_run_at FROM wallet_pass_order_sweep`)).rows[0].last_run_at.getTime()
  const after = await runs()
  await waitFor(async () => (await runs()) > after, "another run of the sweep", 30_000)
  expect(await accruals()).toEqual([166])
  const sent = await sql.query(
    `SELECT o.method FROM wallet_pass_operation o JOIN wallet_pass_holder h ON h.id = o.holder_id
      WHERE h.customer_id = $1 AND o.method = 'balance_add'`,
    [customer.id]
  )
  expect(sent.rows).toHaveLength(1)
})
