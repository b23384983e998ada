/** The control API over HTTP (`/_emulator/...`), options checks, and the CLI. */
import { spawn } from "node:child_process"
import path from "node:path"
import { startEmulator, type WalletPassEmulator } from ".."
import { phone, post, startRecorder, waitFor } from "./support"

const APP_KEY = "emu-control-key-8e41"
let emulator: WalletPassEmulator

beforeAll(async () => {
  emulator = await startEmulator({ appKey: APP_KEY, limits: "unlimited" })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const control = (route: string, body?: unknown, method: "POST" | "GET" | "PUT" | "DELETE" = "POST") =>
  post(`${emulator.controlUrl}${route}`, body, method)

describe("control API over HTTP", () => {
  it("seeds, installs and inspects a customer", async () => {
    const seeded = await control("/customers", { phone: phone(1), name: "Seed", balance: 12 })
    expect(seeded.status).toBe(200)
    expect(seeded.json).toMatchObject({ phone: phone(1), balance: 12, cards: [] })
    const installed = await control("/install", { phone: phone(1) })
    expect(installed.json).toMatchObject({ createdCustomer: false, issuedCard: true, card: "1000000001" })
    expect(installed.json).not.toHaveProperty("hook") // no webhook configured
    const byPhone = await control(`/customers/${encodeURIComponent(phone(1))}`, undefined, "GET")
    expect(byPhone.json).toMatchObject({
      phone: phone(1),
      balance: 12,
      cards: [{ number: "1000000001", installed: true }],
    })
    const byCard = await control("/customers/1000000001", undefined, "GET")
    expect(byCard.json).toMatchObject({ phone: phone(1) })
    const missing = await control(`/customers/${encodeURIComponent(phone(2))}`, undefined, "GET")
    expect([missing.status, missing.json]).toEqual([404, { error: "Customer not found" }])
    const state = await control("/state", undefined, "GET")
    expect(state.json).toMatchObject({
      mode: "builtin",
      revision: "2.8.2",
      limits: "unlimited",
      customers: [{ phone: phone(1) }],
    })
  })

  it("keeps the template variables and the design a card was given, in its state and on its card page", async () => {
    const design = "0b7d6c1e-3333-4a3b-9c55-6a1f0e2d3c4b"
    await control("/customers", { phone: phone(4), name: "Vera" })
    const written = await post(`${emulator.url}/crm/user_create_or_update`, {
      app_key: APP_KEY,
      phone: phone(4),
      tier: "Silver",
      to_next: "€80",
      template_uuid: design,
    })
    expect(written.status).toBe(200)
    const state = await control("/state", undefined, "GET")
    expect((state.json.customers as unknown[])[0]).toMatchObject({
      templateUuid: design,
      variables: { tier: "Silver", to_next: "€80" },
    })
    const page = await control(`/card/${encodeURIComponent(phone(4))}`, undefined, "GET")
    expect(page.status).toBe(200)
    expect(page.headers["content-type"]).toContain("text/html")
    expect(page.text).toContain("<th>tier</th><td>Silver</td>")
    expect(page.text).toContain("<th>to_next</th><td>€80</td>")
    expect(page.text).toContain(`data-design="${design}"`)
    expect((await control(`/card/${encodeURIComponent(phone(5))}`, undefined, "GET")).status).toBe(404)
  })

  it("a customer removes a pass: read_customer and the installed filter of read_customers show it", async () => {
    await control("/customers", {
      phone: phone(3),
      name: "Uninstall",
      installed: true,
      registeredAt: "2024-01-02T00:00:00Z",
    })
    const window = { app_key: APP_KEY, start_date: "01.01.2024", end_date: "31.12.2024", installed: true }
    expect((await post(`${emulator.url}/crm/read_customers`, window)).json).toEqual({ customers: [phone(3)] })
    const removed = await control("/uninstall", { phone: phone(3) })
    expect(removed.json).toMatchObject({ cards: [{ installed: false }] })
    expect((await post(`${emulator.url}/crm/read_customers`, window)).json).toEqual({ customers: [] })
    const read = await post(`${emulator.url}/crm/read_customer`, { app_key: APP_KEY, phone: phone(3), installs: true })
    expect(read.json).toMatchObject({ customer: { cardInstalls: [{ install: false }] } })
    expect((await control("/uninstall", { phone: phone(3), card: "999" })).status).toBe(404)
  })

  it("the dashboard's switch between the built-in base and an external CRM; a reset puts the start mode back", async () => {
    expect((await control("/mode", undefined, "GET")).json).toEqual({ mode: "builtin" })
    expect((await control("/mode", { mode: "external_crm" }, "PUT")).json).toEqual({ mode: "external_crm" })
    expect(emulator.snapshot().mode).toBe("external_crm")
    expect((await control("/mode", { mode: "crm" }, "PUT")).status).toBe(400)
    emulator.reset()
    expect(emulator.snapshot().mode).toBe("builtin")
  })

  it("injects faults for the next N requests of a path, and lists and clears them", async () => {
    const fault = await control("/faults", { kind: "status", status: 502, count: 2, path: "/crm/read_customers" })
    expect(fault.json).toMatchObject({ kind: "status", remaining: 2, path: "/crm/read_customers" })
    const window = { app_key: APP_KEY, start_date: "01.01.2024", end_date: "01.01.2024" }
    expect((await post(`${emulator.url}/status`, { app_key: APP_KEY })).status).toBe(200)
    expect((await post(`${emulator.url}/crm/read_customers`, window)).status).toBe(502)
    expect((await control("/faults", undefined, "GET")).json).toMatchObject([{ remaining: 1 }])
    await control("/faults", undefined, "DELETE")
    expect((await post(`${emulator.url}/crm/read_customers`, window)).status).toBe(200)
    const bad = await control("/faults", { kind: "explode" })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toMatch(/^Invalid fault: kind/)
  })

  it("a fault with a phone hits only that customer's requests", async () => {
    await control("/faults", { kind: "status", status: 500, path: "/crm/user_create_or_update", phone: phone(5) })
    const other = await post(`${emulator.url}/crm/user_create_or_update`, { app_key: APP_KEY, phone: phone(4) })
    expect(other.status).not.toBe(500) // answered as without faults (no such customer here)
    expect((await control("/faults", undefined, "GET")).json).toMatchObject([{ remaining: 1, phone: phone(5) }])
    const aimed = await post(`${emulator.url}/crm/user_create_or_update`, { app_key: APP_KEY, phone: phone(5) })
    expect(aimed.status).toBe(500)
    expect((await control("/faults", undefined, "GET")).json).toEqual([])
  })

  it("a fault with contains hits only a request whose body has that text", async () => {
    const fault = {
      kind: "status",
      status: 500,
      path: "/crm/user_create_or_update",
      phone: phone(6),
      contains: "spring",
    }
    await control("/faults", fault)
    const profile = await post(`${emulator.url}/crm/user_create_or_update`, { app_key: APP_KEY, phone: phone(6) })
    expect(profile.status).not.toBe(500) // the same customer's other request
    const push = { app_key: APP_KEY, phone: phone(6), push: "Your spring discount" }
    expect((await post(`${emulator.url}/crm/user_create_or_update`, push)).status).toBe(500)
    expect((await control("/faults", undefined, "GET")).json).toEqual([])
  })

  it("serves and clears the request log, changes limits, and resets", async () => {
    await post(`${emulator.url}/status`, { app_key: APP_KEY })
    const log = await control("/requests", undefined, "GET")
    expect(log.json).toMatchObject([{ endpoint: "/status", status: 200 }])
    await control("/requests", undefined, "DELETE")
    expect((await control("/requests", undefined, "GET")).json).toEqual([])

    expect((await control("/limits", { perSecond: 1, perHour: 2 }, "PUT")).json).toEqual({ perSecond: 1, perHour: 2 })
    expect((await control("/limits", { plan: "expert" }, "PUT")).json).toEqual({ perSecond: 1, perHour: 3600 })
    expect((await control("/limits", { plan: "platinum" }, "PUT")).status).toBe(400)
    expect((await control("/limits", { limits: "unlimited" }, "PUT")).json).toBe("unlimited")

    await control("/customers", { phone: phone(3) })
    await control("/reset")
    const state = await control("/state", undefined, "GET")
    expect(state.json).toMatchObject({ customers: [], limits: "unlimited", requestCount: 0 })
  })

  it("points hooks at a receiver started later, and drives privileges, refresh, credits and replays", async () => {
    const receiver = await startRecorder((req) => {
      const method = (req.body as { method: string }).method
      if (method === "readBalance") return { body: { success: true, balance: 9, bonus: 1, discount: 2 } }
      return { body: method === "createCustomer" ? { customerId: "c1" } : { success: true } }
    })
    try {
      const set = await control("/webhook", { url: receiver.url, login: "l", password: "p" }, "PUT")
      expect(set.json).toMatchObject({ url: receiver.url, auth: "basic" })
      expect(set.text).not.toContain('"p"')
      await control("/customers", { phone: phone(1), cards: ["77"] })
      expect((await control("/install", { phone: phone(1) })).json).toMatchObject({
        hook: { method: "createCustomer", ok: true },
      })
      expect((await control("/privileges", { phone: phone(1), discount: 10 })).json).toMatchObject({
        customer: { discount: 10 },
      })
      expect((await control("/balance", { phone: phone(1), sum: 4 })).json).toMatchObject({
        customer: { balance: 4 },
        hooks: [],
      }) // builtin: direct
      expect((await control("/refresh", { phone: phone(1) })).json).toMatchObject({
        customer: { balance: 9, bonus: 1, discount: 2 },
      })
      const replay = await control("/hooks/replay", { seq: 1 })
      expect(replay.json).toMatchObject({ replayOf: 1, method: "createCustomer" })
      expect(receiver.received.map((r) => (r.body as { method: string }).method)).toEqual([
        "createCustomer",
        "setPrivileges",
        "readBalance",
        "createCustomer",
      ])
      expect((await control("/hooks", undefined, "GET")).json).toHaveLength(4)
      expect((await control("/privileges", { phone: phone(2), bonus: 1 })).status).toBe(404)
      expect((await control("/webhook", { url: "not a url" }, "PUT")).status).toBe(400)
    } finally {
      await receiver.close()
    }
  })

  it("lists the events event/send received", async () => {
    await control("/customers", { phone: phone(3) })
    const sent = await post(`${emulator.url}/crm/event/send`, {
      app_key: APP_KEY,
      event: "purchase",
      phone: phone(3),
      value: "#12 110.00 EUR",
    })
    expect(sent.status).toBe(200)
    const events = await control("/events", undefined, "GET")
    expect(events.json).toEqual([
      { event: "purchase", phone: phone(3), value: "#12 110.00 EUR", at: expect.any(String) },
    ])
  })

  it("answers unknown routes and bad JSON with 4xx", async () => {
    expect((await control("/nothing")).status).toBe(404)
    expect((await control("/install", "{oops")).status).toBe(400)
    expect((await control("/install", { phone: "89991234567" })).json).toEqual({
      error: "phone: E.164 with a leading + expected",
    })
  })
})

describe("options", () => {
  it("fail fast, naming the option", async () => {
    await expect(startEmulator({ appKey: "" })).rejects.toThrow(/appKey/)
    await expect(startEmulator({ appKey: "k", plan: "basic", limits: "unlimited" })).rejects.toThrow(/plan or limits/)
    await expect(startEmulator({ appKey: "k", webhook: { url: "http://x", crmKey: "a", login: "b" } })).rejects.toThrow(
      /crmKey/
    )
    await expect(startEmulator({ appKey: "k", mode: "cloud" as never })).rejects.toThrow(/mode/)
  })
})

describe("CLI", () => {
  it("starts, prints the URL, serves the API, and stops on SIGTERM", async () => {
    const root = path.resolve(__dirname, "../../..")
    const child = spawn(
      process.execPath,
      [
        require.resolve("ts-node/dist/bin.js"),
        "--transpile-only",
        "src/emulator/bin.ts",
        "--port",
        "0",
        "--app-key",
        "cli-key",
        "--per-second",
        "5",
        "--per-hour",
        "50",
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()))
    try {
      const url = await waitFor(() => /API:\s+(\S+)/.exec(out)?.[1], 20_000, "the CLI to print its URL")
      expect(out).toContain("5/s, 50/h")
      const res = await post(`${url}/status`, { app_key: "cli-key" })
      expect(res.json).toMatchObject({ app: "Emulated account" })
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
      child.kill("SIGTERM")
      expect(await exited).toBe(0)
    }
  }, 30_000)

  it("refuses bad flags with a message naming the flag", async () => {
    const root = path.resolve(__dirname, "../../..")
    const child = spawn(
      process.execPath,
      [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "src/emulator/bin.ts", "--mode", "cloud"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let err = ""
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
    expect(code).toBe(2)
    expect(err).toContain("--mode must be one of builtin, external_crm")
  }, 30_000)
})
