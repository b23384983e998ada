/**
 * The description's unknowns as switches (docs/emulator.md, "Service behaviours"): the answer
 * over a limit, the error body's shape, float noise in the amounts hooks carry.
 */
import { startEmulator, type WalletPassEmulator } from ".."
import { post, startRecorder } from "./support"

const APP_KEY = "emu-behaviour-key-7a2c"
let emulator: WalletPassEmulator

beforeAll(async () => {
  emulator = await startEmulator({ appKey: APP_KEY, limits: { perSecond: 1000, perHour: 1000 } })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const status = () => post(`${emulator.url}/status`, { app_key: APP_KEY })
const overLimit = async () => {
  emulator.setLimits({ perSecond: 1, perHour: 1000 })
  await status()
  return status()
}

describe("the answer over a limit", () => {
  it("is 429 with Retry-After by default", async () => {
    expect(emulator.behaviours()).toEqual({ overLimit: "429", errorBody: "error", floatNoise: false })
    const answer = await overLimit()
    expect(answer.status).toBe(429)
    expect(answer.headers["retry-after"]).toBe("1")
  })

  it("can be 429 without Retry-After, 503, or 200 { success: false }, and applies nothing", async () => {
    const seen: unknown[] = []
    for (const choice of ["429_no_retry_after", "503", "200_success_false"] as const) {
      emulator.reset()
      emulator.setBehaviours({ overLimit: choice })
      emulator.seedCustomer({ phone: "+79990000001", balance: 10 })
      emulator.setLimits({ perSecond: 1, perHour: 1000 })
      await status()
      const add = await post(`${emulator.url}/crm/balance/add`, { app_key: APP_KEY, phone: "+79990000001", sum: 5 })
      seen.push([add.status, add.headers["retry-after"], add.json])
      expect(emulator.getCustomer("+79990000001")!.balance).toBe(10)
    }
    const error = { success: false, error: "Too many requests", code: "rate_limited" }
    expect(seen).toEqual([
      [429, undefined, error],
      [503, undefined, error],
      [200, undefined, error],
    ])
  })

  it("answers an injected rate_limit fault as switched", async () => {
    emulator.setBehaviours({ overLimit: "503" })
    emulator.injectFault({ kind: "rate_limit", retryAfterSeconds: 5 })
    const answer = await status()
    expect([answer.status, answer.headers["retry-after"]]).toEqual([503, undefined])
  })

  it("is switched over the control API, and reset goes back to the start options", async () => {
    const put = await post(`${emulator.controlUrl}/behaviours`, { overLimit: "200_success_false" }, "PUT")
    expect(put.json).toEqual({ overLimit: "200_success_false", errorBody: "error", floatNoise: false })
    expect((await post(`${emulator.controlUrl}/behaviours`, undefined, "GET")).json).toEqual(put.json)
    expect((await post(`${emulator.controlUrl}/behaviours`, { overLimit: "418" }, "PUT")).status).toBe(400)
    emulator.reset()
    expect(emulator.behaviours().overLimit).toBe("429")
  })
})

describe("the error body", () => {
  const refused = () => post(`${emulator.url}/crm/read_customer`, { app_key: APP_KEY, phone: "+79990000009" })

  it("is { success: false, error, code } by default, { message } or plain text when switched", async () => {
    expect((await refused()).json).toEqual({ success: false, error: "Customer not found", code: "customer_not_found" })
    emulator.setBehaviours({ errorBody: "message" })
    expect((await refused()).json).toEqual({ message: "Customer not found" })
    emulator.setBehaviours({ errorBody: "text" })
    const text = await refused()
    expect([text.status, text.headers["content-type"], text.text]).toEqual([
      404,
      "text/plain; charset=utf-8",
      "Customer not found",
    ])
  })

  it("keeps a 200 over the limit a JSON { success: false } in every shape", async () => {
    emulator.setBehaviours({ overLimit: "200_success_false", errorBody: "message" })
    expect((await overLimit()).json).toEqual({ success: false, message: "Too many requests" })
    emulator.setBehaviours({ errorBody: "text" })
    await new Promise((r) => setTimeout(r, 1_050))
    await status()
    expect((await status()).json).toEqual({ success: false })
  })
})

describe("float noise in hooks", () => {
  it("sends the neighbouring binary float of a two-decimal amount, whole amounts as they are", async () => {
    const receiver = await startRecorder(() => ({ status: 200, body: { success: true } }))
    try {
      emulator.setWebhook({ url: receiver.url })
      emulator.setBehaviours({ floatNoise: true })
      emulator.seedCustomer({ phone: "+79990000002", balance: 0.3, bonus: 5, discount: 2.5 })
      await emulator.setPrivileges({ phone: "+79990000002", bonus: 33.3, discount: 4 })
      await emulator.install({ phone: "+79990000002" })
      const raw = receiver.received.map((r) => r.raw).join("\n")
      expect(raw).toContain('"balance":0.30000000000000004')
      expect(raw).toContain('"bonus":33.300000000000004,"discount":4}')
      expect(raw).not.toContain("2.5")
    } finally {
      await receiver.close()
    }
  })
})
