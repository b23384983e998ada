/** Plan limits (docs/service-api.md, "Limits"): every request counts, 429 with Retry-After past a limit. */
import { startEmulator, type WalletPassEmulator } from ".."
import { RateLimiter } from "../rate-limiter"
import { post, waitFor } from "./support"

const APP_KEY = "emu-rate-key-51b0"
let emulator: WalletPassEmulator

beforeAll(async () => {
  emulator = await startEmulator({ appKey: APP_KEY, limits: { perSecond: 2, perHour: 1000 } })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const status = () => post(`${emulator.url}/status`, { app_key: APP_KEY })

describe("per-second limit", () => {
  it("answers 429 with Retry-After: 1 past the limit, then admits again within about a second", async () => {
    const started = Date.now()
    const answers = [await status(), await status(), await status()]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429])
    expect(answers[2].headers["retry-after"]).toBe("1")
    expect(answers[2].json).toEqual({ success: false, error: "Too many requests", code: "rate_limited" })
    await waitFor(async () => (await status()).status === 200, 2_000, "the per-second window to pass")
    expect(Date.now() - started).toBeLessThan(1_600)
  })

  it("counts reads and failed requests alike; a refused 429 does not count", async () => {
    emulator.setLimits({ perSecond: 1000, perHour: 3 })
    await post(`${emulator.url}/crm/read_customers`, {
      app_key: APP_KEY,
      start_date: "01.01.2024",
      end_date: "02.01.2024",
    })
    await post(`${emulator.url}/crm/read_customer`, { app_key: APP_KEY, phone: "+79990000001" }) // 404, still counted
    await status()
    expect((await status()).status).toBe(429)
    expect((await status()).status).toBe(429)
    const log = emulator.requests()
    expect(log.map((r) => r.status)).toEqual([200, 404, 200, 429, 429])
  })

  // docs/service-api.md, "Limits": every request counts, a badly keyed or malformed one too.
  it("counts requests with a wrong or missing key, a body that is not JSON and a path the API has not", async () => {
    emulator.setLimits({ perSecond: 1000, perHour: 4 })
    await post(`${emulator.url}/status`, { app_key: "wrong" })
    await post(`${emulator.url}/status`, {})
    await post(`${emulator.url}/crm/no_such_method`, { app_key: APP_KEY })
    const raw = await fetch(`${emulator.url}/status`, { method: "POST", body: "not json" })
    expect((await status()).status).toBe(429)
    expect(raw.status).toBe(400)
    expect(emulator.requests().map((r) => r.status)).toEqual([401, 401, 404, 400, 429])
  })

  it("a wrong key past the limit is answered 429 like any request", async () => {
    emulator.setLimits({ perSecond: 1, perHour: 100 })
    await post(`${emulator.url}/status`, { app_key: "wrong" })
    expect((await status()).status).toBe(429)
  })
})

describe("per-hour limit", () => {
  it("answers 429 with Retry-After near an hour once the hourly budget is spent", async () => {
    emulator.setLimits({ perSecond: 100, perHour: 3 })
    for (let i = 0; i < 3; i++) expect((await status()).status).toBe(200)
    const refused = await status()
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers["retry-after"])
    expect(retryAfter).toBeGreaterThan(3_590)
    expect(retryAfter).toBeLessThanOrEqual(3_600)
  })

  it("plans map to the spec's limits, and limits can be raised or lowered live", async () => {
    emulator.setLimits("advanced")
    expect(emulator.limits()).toEqual({ perSecond: 1, perHour: 600 })
    emulator.setLimits("unlimited")
    for (let i = 0; i < 20; i++) expect((await status()).status).toBe(200)
    const basic = await startEmulator({ appKey: APP_KEY })
    try {
      expect(basic.limits()).toEqual({ perSecond: 1, perHour: 60 })
    } finally {
      await basic.close()
    }
  })
})

describe("RateLimiter windows on a fake clock", () => {
  it("frees a per-hour slot exactly an hour after the oldest admitted request", () => {
    const limiter = new RateLimiter({ perSecond: 10, perHour: 2 })
    expect(limiter.acquire(0).ok).toBe(true)
    expect(limiter.acquire(10_000).ok).toBe(true)
    expect(limiter.acquire(20_000)).toEqual({ ok: false, window: "hour", retryAfterSeconds: 3_580 })
    expect(limiter.acquire(3_600_001).ok).toBe(true)
    expect(limiter.acquire(3_600_002)).toMatchObject({ ok: false, window: "hour" })
  })

  it("reports the longer wait when both windows are full", () => {
    const limiter = new RateLimiter({ perSecond: 1, perHour: 1 })
    limiter.acquire(0)
    expect(limiter.acquire(100)).toEqual({ ok: false, window: "hour", retryAfterSeconds: 3_600 })
  })
})
