/**
 * Hooks as sent (docs/service-api.md, "Hooks"): auth header for Basic and crm_key, crm_key in the
 * body, the three X-* headers, customer bodies per 2.3 and section 6; the external-CRM balance
 * flow (addBalance then readBalance). A tiny node:http server in each test receives them.
 */
import { startEmulator, type WalletPassEmulator } from ".."
import { type ReceivedRequest, phone, post, startRecorder } from "./support"

const APP_KEY = "emu-hook-key-3d2f"

type Recorder = Awaited<ReturnType<typeof startRecorder>>

/** A receiver acting as a small CRM: keeps a balance per phone and answers each hook. */
function crm(options: { failAdd?: boolean } = {}) {
  const balances = new Map<string, number>()
  const respond = (req: ReceivedRequest) => {
    const body = req.body as { method: string; customer: Record<string, unknown> }
    const p = String(body.customer.phone)
    switch (body.method) {
      case "createCustomer":
        return { body: { customerId: `cus_${p.slice(-4)}` } }
      case "addBalance":
        if (options.failAdd) return { status: 400, body: { error: "ledger locked" } }
        balances.set(p, (balances.get(p) ?? 0) + Number(body.customer.sum))
        return { body: { success: true } }
      case "readBalance":
        return { body: { success: true, balance: balances.get(p) ?? 0, bonus: 7, discount: 3 } }
      case "setPrivileges":
        return { body: { success: true } }
      default:
        return undefined
    }
  }
  return { balances, respond }
}

const basicOf = (header: unknown) => Buffer.from(String(header).replace(/^Basic /, ""), "base64").toString("utf8")

let receiver: Recorder
let emulator: WalletPassEmulator
let ledger: ReturnType<typeof crm>

afterEach(async () => {
  // Unexpected hooks fail the test.
  expect(receiver.unexpected).toEqual([])
  await emulator.close()
  await receiver.close()
})

async function setUp(opts: {
  mode: "builtin" | "external_crm"
  auth: "basic" | "crm_key"
  revision?: "2.8.2" | "2.7.2"
  failAdd?: boolean
}) {
  ledger = crm({ failAdd: opts.failAdd })
  receiver = await startRecorder(ledger.respond)
  emulator = await startEmulator({
    appKey: APP_KEY,
    mode: opts.mode,
    limits: "unlimited",
    revision: opts.revision,
    webhook: {
      url: `${receiver.url}/hooks/wallet-pass`,
      ...(opts.auth === "basic" ? { login: "shop", password: "hook-pw-1" } : { crmKey: "crm-key-xyz" }),
      organizationId: "org-17",
      programId: "prog-4",
      walletId: "wal-9",
    },
  })
}

const api = (path: string, body: Record<string, unknown>) =>
  post(`${emulator.url}${path}`, { app_key: APP_KEY, ...body })

describe("createCustomer on install, Basic auth", () => {
  it("sends the full 2.3 customer with Basic auth and the X-* headers, and stores the answered customerId", async () => {
    await setUp({ mode: "builtin", auth: "basic" })
    emulator.seedCustomer({ phone: phone(1), name: "Referrer" })
    const result = await emulator.install({
      phone: phone(2),
      name: "Irina",
      surname: "Smirnova",
      middlename: "Olegovna",
      email: "irina@example.com",
      birthday: "07.05.1990",
      extra: { gender: "f", promo: "WELCOME" },
      invitedBy: phone(1),
    })
    expect(result).toMatchObject({ createdCustomer: true, issuedCard: true, card: "1000000001" })
    expect(receiver.received).toHaveLength(1)
    const hook = receiver.received[0]
    expect(hook.method).toBe("POST")
    expect(hook.url).toBe("/hooks/wallet-pass")
    expect(hook.headers["content-type"]).toBe("application/json")
    expect(basicOf(hook.headers.authorization)).toBe("shop:hook-pw-1")
    expect([hook.headers["x-organization-id"], hook.headers["x-program-id"], hook.headers["x-wallet-id"]]).toEqual([
      "org-17",
      "prog-4",
      "wal-9",
    ])
    const customer = emulator.getCustomer(phone(2))
    // docs/service-api.md, "Hooks": every body carries crm_key, method and customer, under
    // Basic too; what crm_key holds there the description does not say (readings.ts `hookBody`).
    expect(Object.keys(hook.body as object)).toEqual(["crm_key", "method", "customer"])
    expect(hook.body).toEqual({
      crm_key: "hook-pw-1",
      method: "createCustomer",
      customer: {
        name: "Irina",
        surname: "Smirnova",
        middlename: "Olegovna",
        email: "irina@example.com",
        phone: phone(2),
        birthday: "1990-05-07",
        cardNumbers: ["1000000001"],
        cardTracks: [{ card: "1000000001", track: "1000000001" }],
        extra: { gender: "f", promo: "WELCOME" },
        balance: 0,
        bonus: 0,
        discount: 0,
        promo: customer?.promo,
        user_hash: customer?.userHash,
        referCustomerPhone: phone(1),
      },
    })
    expect(customer).toMatchObject({ remoteId: "cus_0002", cards: [{ number: "1000000001", installed: true }] })
    // The recorded hook keeps the response but not the secret.
    const [recorded] = emulator.hooks()
    expect(recorded).toMatchObject({
      method: "createCustomer",
      auth: "basic",
      status: 200,
      ok: true,
      response: { customerId: "cus_0002" },
    })
    expect(JSON.stringify(emulator.hooks())).not.toContain("hook-pw-1")
  })

  it("setPrivileges sends only the changed rates", async () => {
    await setUp({ mode: "builtin", auth: "basic" })
    emulator.seedCustomer({ phone: phone(1), cards: ["42"], bonus: 1, discount: 1 })
    await emulator.setPrivileges({ phone: phone(1), bonus: 10 })
    await emulator.setPrivileges({ phone: phone(1), discount: 15 })
    await emulator.setPrivileges({ phone: phone(1), bonus: 12, discount: 20 })
    expect(receiver.received.map((r) => (r.body as { customer: unknown }).customer)).toEqual([
      { phone: phone(1), cardNumbers: ["42"], bonus: 10 },
      { phone: phone(1), cardNumbers: ["42"], discount: 15 },
      { phone: phone(1), cardNumbers: ["42"], bonus: 12, discount: 20 },
    ])
    expect(emulator.getCustomer(phone(1))).toMatchObject({ bonus: 12, discount: 20 })
  })
})

describe("crm_key auth", () => {
  it("sends an empty login with the key as password, and crm_key first in the body", async () => {
    await setUp({ mode: "builtin", auth: "crm_key" })
    await emulator.install({ phone: phone(1), name: "K" })
    const hook = receiver.received[0]
    expect(basicOf(hook.headers.authorization)).toBe(":crm-key-xyz")
    expect(Object.keys(hook.body as object)).toEqual(["crm_key", "method", "customer"])
    expect(hook.body).toMatchObject({ crm_key: "crm-key-xyz", method: "createCustomer" })
    expect(hook.headers["x-wallet-id"]).toBe("wal-9")
    expect(emulator.hooks()[0].body).toMatchObject({ crm_key: "[redacted]" })
  })
})

describe("external CRM balance flow (docs/service-api.md, Requests)", () => {
  it("balance/add and deduct send addBalance (signed sum, fresh transactionId) then readBalance, and answer the CRM's balance", async () => {
    await setUp({ mode: "external_crm", auth: "crm_key" })
    emulator.seedCustomer({ phone: phone(1), cards: ["555"] })
    const added = await api("/crm/balance/add", { phone: phone(1), sum: 50 })
    expect(added.json).toEqual({ success: true, balance: 50 })
    const deducted = await api("/crm/balance/deduct", { card: "555", sum: 20 })
    expect(deducted.json).toEqual({ success: true, balance: 30 })

    const hooks = receiver.received.map((r) => r.body as { method: string; customer: Record<string, unknown> })
    expect(hooks.map((h) => h.method)).toEqual(["addBalance", "readBalance", "addBalance", "readBalance"])
    expect(hooks[0].customer).toEqual({
      phone: phone(1),
      cardNumbers: ["555"],
      sum: 50,
      transactionId: expect.any(String),
    })
    expect(hooks[2].customer).toMatchObject({ sum: -20 })
    expect(hooks[0].customer.transactionId).not.toBe(hooks[2].customer.transactionId)
    expect(hooks[1].customer).toEqual({ phone: phone(1), cardNumbers: ["555"] })
    // The pass takes the CRM's answer, rates included.
    expect(emulator.getCustomer(phone(1))).toMatchObject({ balance: 30, bonus: 7, discount: 3 })
  })

  it("a CRM refusing addBalance makes the request fail with 502 and leaves the pass as it was", async () => {
    await setUp({ mode: "external_crm", auth: "basic", failAdd: true })
    emulator.seedCustomer({ phone: phone(1), balance: 5 })
    const res = await api("/crm/balance/add", { phone: phone(1), sum: 50 })
    expect(res.status).toBe(502)
    expect(res.json).toEqual({
      success: false,
      error: "External CRM failed addBalance: answered 400: ledger locked",
      code: "crm_error",
    })
    expect(receiver.received.map((r) => (r.body as { method: string }).method)).toEqual(["addBalance"])
    expect(emulator.getCustomer(phone(1))?.balance).toBe(5)
  })

  it("manual credit with lifetime, manual write-off and refresh go through the CRM", async () => {
    await setUp({ mode: "external_crm", auth: "basic" })
    emulator.seedCustomer({ phone: phone(1), cards: ["1"] })
    await emulator.adjustBalance({ phone: phone(1), sum: 100, lifetime: 30, transactionId: "tx-manual-1" })
    await emulator.adjustBalance({ phone: phone(1), sum: -40 })
    ledger.balances.set(phone(1), 75) // the CRM changed on its own; "refresh" pulls it
    const refreshed = await emulator.refresh({ phone: phone(1) })
    const hooks = receiver.received.map((r) => r.body as { method: string; customer: Record<string, unknown> })
    expect(hooks.map((h) => h.method)).toEqual([
      "addBalance",
      "readBalance",
      "addBalance",
      "readBalance",
      "readBalance",
    ])
    expect(hooks[0].customer).toMatchObject({ sum: 100, lifetime: 30, transactionId: "tx-manual-1" })
    expect(hooks[2].customer).toMatchObject({ sum: -40 })
    expect(hooks[2].customer).not.toHaveProperty("lifetime")
    expect(refreshed.customer.balance).toBe(75)
  })

  it("replaying a hook re-sends the same body (a duplicate delivery)", async () => {
    await setUp({ mode: "external_crm", auth: "crm_key" })
    emulator.seedCustomer({ phone: phone(1) })
    await emulator.adjustBalance({ phone: phone(1), sum: 10 })
    const first = emulator.hooks()[0]
    const replay = await emulator.replayHook(first.seq)
    expect(replay).toMatchObject({ replayOf: first.seq, method: "addBalance", ok: true })
    expect(receiver.received[2].raw).toBe(receiver.received[0].raw)
    expect(ledger.balances.get(phone(1))).toBe(20) // this naive CRM applied the duplicate: a real store must not
  })

  it("without a webhook, external-CRM balance requests are refused (400, nothing applied)", async () => {
    await setUp({ mode: "external_crm", auth: "basic" })
    emulator.setWebhook(null)
    emulator.seedCustomer({ phone: phone(1) })
    const res = await api("/crm/balance/add", { phone: phone(1), sum: 1 })
    expect([res.status, res.json.code]).toEqual([400, "crm_not_configured"])
  })
})

describe("crm_key in every hook body", () => {
  it("sends crm_key (empty) in a hook to a receiver without access control", async () => {
    ledger = crm()
    receiver = await startRecorder(ledger.respond)
    emulator = await startEmulator({
      appKey: APP_KEY,
      limits: "unlimited",
      webhook: { url: `${receiver.url}/hooks/wallet-pass` },
    })
    await emulator.install({ phone: phone(1), name: "Anna" })
    expect(receiver.received[0].headers.authorization).toBeUndefined()
    expect(receiver.received[0].body).toMatchObject({ crm_key: "", method: "createCustomer" })
  })
})

describe("revision 2.7.2 hooks", () => {
  it("sends no setPrivileges: only 2.8.2 documents it; the rates change all the same", async () => {
    await setUp({ mode: "builtin", auth: "crm_key", revision: "2.7.2" })
    emulator.seedCustomer({ phone: phone(1), cards: ["42"], bonus: 1, discount: 1 })
    const result = await emulator.setPrivileges({ phone: phone(1), bonus: 10 })
    expect(result.hooks).toEqual([])
    expect(receiver.received).toHaveLength(0)
    expect(emulator.getCustomer(phone(1))).toMatchObject({ bonus: 10, discount: 1 })
  })

  it("sends amounts as strings", async () => {
    await setUp({ mode: "external_crm", auth: "basic", revision: "2.7.2" })
    emulator.seedCustomer({ phone: phone(1) })
    await emulator.adjustBalance({ phone: phone(1), sum: 12.5, lifetime: 3600 })
    expect((receiver.received[0].body as { customer: unknown }).customer).toMatchObject({
      sum: "12.5",
      lifetime: "3600",
    })
    await emulator.install({ phone: phone(1) })
    expect((receiver.received[2].body as { customer: unknown }).customer).toMatchObject({
      balance: "12.5",
      bonus: "7",
      discount: "3",
    })
  })
})

describe("built-in mode", () => {
  it("balance/add changes the balance directly and sends no hook", async () => {
    await setUp({ mode: "builtin", auth: "basic" })
    emulator.seedCustomer({ phone: phone(1), balance: 1 })
    const res = await api("/crm/balance/add", { phone: phone(1), sum: 2 })
    expect(res.json).toEqual({ success: true, balance: 3 })
    expect(receiver.received).toHaveLength(0)
  })
})
