/** The emulated API over raw HTTP: error texts and bodies, documented rules, the request log. */
import { startEmulator, type WalletPassEmulator } from ".."
import { GENERIC_UPDATE_TEXT } from "../core"
import { phone, post } from "./support"

const APP_KEY = "emu-api-key-0c7e"
let emulator: WalletPassEmulator

beforeAll(async () => {
  emulator = await startEmulator({
    appKey: APP_KEY,
    limits: "unlimited",
    marketplaceApps: { telegram: false },
    eventKeys: ["visit"],
  })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const api = (path: string, body: Record<string, unknown>) =>
  post(`${emulator.url}${path}`, { app_key: APP_KEY, ...body })

describe("error answers: { success: false, error, code }", () => {
  it("app_key missing -> 401 'app_key not set'", async () => {
    for (const body of [{}, { app_key: "" }, { app_key: null }]) {
      const res = await post(`${emulator.url}/status`, body)
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ success: false, error: "app_key not set", code: "app_key_not_set" })
    }
  })

  it("app_key wrong -> 401 'Invalid app_key'", async () => {
    const res = await post(`${emulator.url}/crm/read_customer`, { app_key: "nope", phone: phone(1) })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ success: false, error: "Invalid app_key", code: "invalid_app_key" })
  })

  it("a phone without + (or of impossible length) -> 400 phone format error", async () => {
    for (const bad of ["79991234567", "+7999", "+7 999 123 45 67", 79991234567]) {
      const res = await api("/crm/user_create_or_update", { phone: bad, name: "A" })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({
        success: false,
        error: "Invalid phone format: E.164 with a leading + expected, e.g. +79991234567",
        code: "invalid_phone",
      })
    }
    expect(emulator.snapshot().customers).toHaveLength(0)
  })

  it("an impossible date -> 400 invalid_date", async () => {
    const birthday = await api("/crm/user_create_or_update", { phone: phone(1), name: "A", birthday: "31.02.1990" })
    expect(birthday.status).toBe(400)
    expect(birthday.json).toMatchObject({
      success: false,
      code: "invalid_date",
      error: "Invalid birthday: expected a real date as dd.mm.yyyy",
    })
    const isoBirthday = await api("/crm/user_create_or_update", { phone: phone(1), name: "A", birthday: "1990-02-01" })
    expect(isoBirthday.json).toMatchObject({ code: "invalid_date" })
    const window = await api("/crm/read_customers", { start_date: "32.01.2024", end_date: "01.02.2024" })
    expect(window.json).toMatchObject({
      code: "invalid_date",
      error: "Invalid start_date: expected a real date as dd.mm.yyyy",
    })
    const end = await api("/crm/read_customers", { start_date: "01.01.2024", end_date: "01.02.2024 25:00:00" })
    expect(end.json).toMatchObject({ code: "invalid_date" })
  })

  it("an unknown customer -> 404 'Customer not found'", async () => {
    for (const [path, body] of [
      ["/crm/read_customer", { phone: phone(9) }],
      ["/crm/read_customer", { card: "123" }],
      ["/crm/balance/add", { remoteId: "x", sum: 1 }],
      ["/crm/event/send", { event: "visit", phone: phone(9) }],
    ] as const) {
      const res = await api(path, body)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ success: false, error: "Customer not found", code: "customer_not_found" })
    }
  })

  it("missing fields, bad JSON, unknown paths and GET", async () => {
    expect((await api("/crm/user_create_or_update", { phone: phone(1) })).json).toMatchObject({
      error: "Customer not found",
    })
    expect((await api("/crm/user_create_or_update", { phone: phone(1), email: "a@b.c" })).json).toMatchObject({
      error: "name not set",
    })
    expect((await api("/crm/event/send", { phone: phone(1) })).json).toMatchObject({ error: "event not set" })
    expect((await api("/crm/balance/add", { phone: phone(1), sum: -1 })).json).toMatchObject({
      error: "Invalid sum: a positive number expected",
    })
    const badJson = await post(`${emulator.url}/status`, "{not json")
    expect([badJson.status, badJson.json]).toEqual([
      400,
      { success: false, error: "Invalid JSON body", code: "invalid_json" },
    ])
    const unknown = await api("/crm/nothing", {})
    expect([unknown.status, unknown.json.code]).toEqual([404, "unknown_method"])
    const get = await post(`${emulator.url}/status`, undefined, "GET")
    expect([get.status, get.json.code]).toEqual([405, "method_not_allowed"])
  })

  it("web push / messaging need a connected app; event keys must exist", async () => {
    emulator.seedCustomer({ phone: phone(1) })
    const tg = await api("/crm/user_create_or_update", { phone: phone(1), send_telegram: "hi" })
    expect([tg.status, tg.json.code]).toEqual([400, "app_not_connected"])
    const campaign = await api("/crm/push/create", { message: "x", type: "telegram" })
    expect(campaign.json.code).toBe("app_not_connected")
    const event = await api("/crm/event/send", { event: "nope", phone: phone(1) })
    expect(event.json).toMatchObject({ error: "Unknown event: nope" })
  })

  it("event value over 100 characters -> 400 value_too_long", async () => {
    emulator.seedCustomer({ phone: phone(1) })
    expect((await api("/crm/event/send", { event: "visit", phone: phone(1), value: "x".repeat(100) })).status).toBe(200)
    const long = await api("/crm/event/send", { event: "visit", phone: phone(1), value: "x".repeat(101) })
    expect([long.status, long.json.code]).toEqual([400, "value_too_long"])
  })
})

describe("documented behaviour", () => {
  // docs/service-api.md, "Revisions": 2.8.2 types amounts as numbers, 2.7.2 shows them as strings.
  it("takes amounts as JSON numbers under 2.8.2: a numeric string is refused and nothing is written", async () => {
    for (const body of [{ balance: "12.5" }, { bonus: "3" }, { discount: "1" }]) {
      const res = await api("/crm/user_create_or_update", { phone: phone(1), name: "A", ...body })
      expect([res.status, res.json.code]).toEqual([400, "validation_error"])
      expect(res.json.error).toMatch(/a number expected/)
    }
    expect(emulator.snapshot().customers).toHaveLength(0)
    emulator.seedCustomer({ phone: phone(1), name: "A" })
    const sum = await api("/crm/balance/add", { phone: phone(1), sum: "5" })
    expect([sum.status, sum.json.code]).toEqual([400, "validation_error"])
    expect(emulator.getCustomer(phone(1))).toMatchObject({ balance: 0 })
    const ok = await api("/crm/user_create_or_update", { phone: phone(1), name: "A", balance: 12.5, bonus: 3 })
    expect(ok.status).toBe(200)
    expect(emulator.getCustomer(phone(1))).toMatchObject({ balance: 12.5, bonus: 3 })
  })

  it("takes amounts as numeric strings under 2.7.2: a JSON number is refused and nothing is written", async () => {
    const local = await startEmulator({ appKey: APP_KEY, limits: "unlimited", revision: "2.7.2" })
    try {
      const send = (body: Record<string, unknown>) =>
        post(`${local.url}/crm/user_create_or_update`, { app_key: APP_KEY, phone: phone(1), name: "A", ...body })
      const number = await send({ balance: 12.5 })
      expect([number.status, number.json.code]).toEqual([400, "validation_error"])
      expect(number.json.error).toMatch(/numeric string/)
      expect(local.snapshot().customers).toHaveLength(0)
      expect((await send({ balance: "12.5", bonus: "3", discount: "0" })).status).toBe(200)
      expect(local.getCustomer(phone(1))).toMatchObject({ balance: 12.5, bonus: 3, discount: 0 })
    } finally {
      await local.close()
    }
  })

  it("takes identifiers as strings only (card, customerId, remoteId)", async () => {
    emulator.seedCustomer({ phone: phone(1), name: "A", cards: ["1000000042"] })
    const card = await api("/crm/read_customer", { card: 1000000042 })
    expect([card.status, card.json.error]).toEqual([400, "Invalid card: a string expected"])
    const id = await api("/crm/user_create_or_update", { phone: phone(1), customerId: 42 })
    expect([id.status, id.json.error]).toEqual([400, "Invalid customerId: a string expected"])
    expect((await api("/crm/read_customer", { card: "1000000042" })).status).toBe(200)
  })

  it("takes the flags as booleans only (installs, invites, installed)", async () => {
    emulator.seedCustomer({ phone: phone(1), name: "A" })
    for (const installs of [1, "true", "1"]) {
      const res = await api("/crm/read_customer", { phone: phone(1), installs })
      expect([res.status, res.json.error]).toEqual([400, "Invalid installs: true or false expected"])
    }
    const page = await api("/crm/read_customers", { start_date: "01.01.2020", end_date: "01.01.2030", installed: 0 })
    expect([page.status, page.json.code]).toEqual([400, "validation_error"])
    expect((await api("/crm/read_customer", { phone: phone(1), installs: true, invites: false })).status).toBe(200)
  })

  // docs/service-api.md, "name": listed without an optional mark; a push needs only the phone and the message.
  it("refuses to create a customer without a name, and an empty name anywhere; an update and a push may leave it out", async () => {
    for (const body of [
      { balance: 5 },
      { name: "" },
      { name: "  ", balance: 5 },
      { link: "https://f.example/x", sms: "%link%" },
    ]) {
      const res = await api("/crm/user_create_or_update", { phone: phone(1), ...body })
      expect([res.status, res.json.error]).toEqual([400, "name not set"])
    }
    expect(emulator.snapshot().customers).toHaveLength(0)
    expect((await api("/crm/user_create_or_update", { phone: phone(1), name: "Anna" })).status).toBe(200)
    const blank = await api("/crm/user_create_or_update", { phone: phone(1), name: "", balance: 5 })
    expect([blank.status, blank.json.error]).toEqual([400, "name not set"])
    expect((await api("/crm/user_create_or_update", { phone: phone(1), balance: 5 })).status).toBe(200)
    expect((await api("/crm/user_create_or_update", { phone: phone(1), push: "Hi" })).status).toBe(200)
    expect(emulator.getCustomer(phone(1))).toMatchObject({ name: "Anna", balance: 5 })
  })

  it("issues card numbers counting up from the start, keeping the width", async () => {
    const local = await startEmulator({ appKey: APP_KEY, limits: "unlimited", cardNumberStart: "000998" })
    try {
      const numbers = []
      for (let i = 1; i <= 3; i++) {
        const res = await post(`${local.url}/crm/user_create_or_update`, {
          app_key: APP_KEY,
          phone: phone(i),
          name: "N",
        })
        numbers.push(res.json.card_number)
      }
      expect(numbers).toEqual(["000998", "000999", "001000"])
    } finally {
      await local.close()
    }
  })

  it("a push in the same request as a bound-variable change shows the generic 'pass updated' (docs/service-api.md, Requests)", async () => {
    emulator.seedCustomer({ phone: phone(1), installed: true, balance: 10 })
    await api("/crm/user_create_or_update", { phone: phone(1), push: "Your gift is ready", balance: 20 })
    await api("/crm/user_create_or_update", { phone: phone(1), push: "Plain push" })
    expect(emulator.snapshot().pushes.map((p) => [p.requestedText, p.text, p.replacedByGeneric])).toEqual([
      ["Your gift is ready", GENERIC_UPDATE_TEXT, true],
      ["Plain push", "Plain push", false],
    ])
    // A balance change alone shows the bound lock-screen message.
    await api("/crm/balance/add", { phone: phone(1), sum: 5 })
    expect(emulator.snapshot().notifications.map((n) => n.text)).toEqual(["balance: 25"])
  })

  it("wallet pushes reach only installed passes", async () => {
    emulator.seedCustomer({ phone: phone(1), installed: false })
    await api("/crm/user_create_or_update", { phone: phone(1), push: "hi" })
    expect(emulator.snapshot().pushes[0].delivered).toBe(false)
  })

  it("an SMS without a link uses the configured form URL, personalised", async () => {
    const res = await api("/crm/user_create_or_update", { phone: phone(1), name: "A", sms: "Install: %link%" })
    expect(res.json.sms_send).toBe(true)
    expect(emulator.snapshot().sms[0].text).toBe(`Install: ${emulator.origin}/form?hash=${res.json.user_hash}`)
  })
})

describe("request log", () => {
  it("records every request with wall and monotonic timestamps, status, response, and the key redacted", async () => {
    await api("/status", {})
    await post(`${emulator.url}/status`, { app_key: "wrong" })
    emulator.injectFault({ kind: "reset" })
    await api("/status", {}).catch(() => undefined)
    const log = emulator.requests()
    expect(log.map((r) => [r.endpoint, r.appKey, r.status, r.result])).toEqual([
      ["/status", "valid", 200, "responded"],
      ["/status", "invalid", 401, "responded"],
      ["/status", "valid", undefined, "reset"],
    ])
    expect(log[0].body).toEqual({ app_key: "[redacted]" })
    expect(log[0].response).toEqual({ app: "Emulated account", balance: 1000 })
    expect(log[1].receivedAtMonotonic).toBeGreaterThan(log[0].receivedAtMonotonic)
    expect(log[1].receivedAt).toBeGreaterThanOrEqual(log[0].receivedAt)
    expect(log[0].durationMs).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(log)).not.toContain(APP_KEY)
  })

  it("a delay fault holds the answer for at least delayMs", async () => {
    emulator.injectFault({ kind: "delay", delayMs: 150, path: "/status", count: 2 })
    await api("/status", {})
    await api("/crm/read_customers", { start_date: "01.01.2024", end_date: "01.01.2024" })
    await api("/status", {})
    await api("/status", {})
    const log = emulator.requests()
    expect(log.map((r) => r.fault)).toEqual(["delay", undefined, "delay", undefined])
    expect(log[0].durationMs).toBeGreaterThanOrEqual(145)
    expect(log[1].durationMs).toBeLessThan(145)
  })
})
