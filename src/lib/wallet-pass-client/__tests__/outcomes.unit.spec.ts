/**
 * Outcome classes (docs/architecture.md, "The queue"): for each fault the client must say whether the request may have
 * been applied. The emulator injects the faults over real HTTP; a few odd servers are tiny
 * node:http servers of the test's own.
 */
import { createServer } from "node:net"
import type { AddressInfo } from "node:net"
import { clientAgainstEmulator, failure, phone, startRecorder, waitFor } from "../../../emulator/__tests__/support"
import { WalletPassClient, type WalletPassCallRecord, WalletPassConfigError, parseRetryAfter } from ".."

const APP_KEY = "outcome-key-SeCrEt-91d3"

const service = clientAgainstEmulator(
  { appKey: APP_KEY, limits: "unlimited" },
  { timeouts: { connectMs: 1_000, headersMs: 300, bodyMs: 300 } }
)
const { calls } = service
beforeEach(() => service.emulator.seedCustomer({ phone: phone(1), balance: 100 }))

const balance = () => service.emulator.getCustomer(phone(1))?.balance

describe("outcome classes", () => {
  it("2xx is applied", async () => {
    await service.client.balanceAdd({ phone: phone(1), sum: 5 })
    expect(calls[0]).toMatchObject({ outcome: "applied", status: 200, sent: true })
    expect(calls[0].errorKind).toBeUndefined()
  })

  it("5xx is ambiguous (server_error) and carries the status and text", async () => {
    service.emulator.injectFault({ kind: "status", status: 500, path: "/crm/balance/add" })
    const error = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 5 }))
    expect(error).toMatchObject({
      kind: "server_error",
      outcome: "ambiguous",
      status: 500,
      serviceError: "Internal server error",
      path: "/crm/balance/add",
    })
    expect(balance()).toBe(100)
  })

  it("5xx after the effect was applied is still ambiguous, and the effect is there", async () => {
    service.emulator.injectFault({ kind: "status", status: 500, apply: true })
    const error = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 5 }))
    expect(error.outcome).toBe("ambiguous")
    expect(balance()).toBe(105)
  })

  it("a connection reset is ambiguous (connection_reset)", async () => {
    service.emulator.injectFault({ kind: "reset" })
    const error = await failure(() => service.client.balanceDeduct({ phone: phone(1), sum: 5 }))
    expect(error).toMatchObject({ kind: "connection_reset", outcome: "ambiguous" })
    expect(error.status).toBeUndefined()
    expect(balance()).toBe(100)
  })

  it("apply-then-drop is ambiguous and the effect is applied", async () => {
    service.emulator.injectFault({ kind: "drop_after_apply", path: "/v2/crm/balance/add" })
    const error = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 7 }))
    expect(error).toMatchObject({ kind: "connection_reset", outcome: "ambiguous" })
    expect(balance()).toBe(107)
    expect(service.emulator.requests()[0]).toMatchObject({
      applied: true,
      result: "dropped_after_apply",
      fault: "drop_after_apply",
    })
  })

  it("429 is not applied and carries Retry-After", async () => {
    service.emulator.injectFault({ kind: "rate_limit", retryAfterSeconds: 7 })
    const error = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 5 }))
    expect(error).toMatchObject({ kind: "rate_limited", outcome: "not_applied", status: 429, retryAfterSeconds: 7 })
    expect(balance()).toBe(100)
  })

  it("the emulator's own rate limit gives the same 429 with Retry-After", async () => {
    service.emulator.setLimits({ perSecond: 1, perHour: 100 })
    await service.client.status()
    const error = await failure(() => service.client.status())
    expect(error).toMatchObject({ kind: "rate_limited", outcome: "not_applied", retryAfterSeconds: 1 })
  })

  it("connection refused is not applied (connect_failed)", async () => {
    const port = await closedPort()
    const offline = new WalletPassClient({
      apiUrl: `http://127.0.0.1:${port}/v2`,
      appKey: APP_KEY,
      onCall: (r) => calls.push(r),
    })
    try {
      const error = await failure(() => offline.balanceAdd({ phone: phone(1), sum: 5 }))
      expect(error).toMatchObject({ kind: "connect_failed", outcome: "not_applied" })
      expect(calls.at(-1)).toMatchObject({ sent: true, outcome: "not_applied", errorKind: "connect_failed" })
    } finally {
      await offline.close()
    }
  })

  it("a client-side timeout after the request was sent is ambiguous, and the service may apply it later", async () => {
    // undici checks header timeouts about every 500 ms: 300 ms fires well before 2500 ms.
    service.emulator.injectFault({ kind: "delay", delayMs: 2_500 })
    const started = Date.now()
    const error = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 9 }))
    expect(error).toMatchObject({ kind: "timeout", outcome: "ambiguous" })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(balance()).toBe(100)
    await waitFor(() => balance() === 109, 3_000, "the delayed request to be applied")
  })

  it("400 validation is not applied (rejected)", async () => {
    const error = await failure(() => service.client.balanceAdd({ phone: phone(2), sum: 5 }))
    expect(error).toMatchObject({ kind: "rejected", outcome: "not_applied", status: 404 })
    service.emulator.injectFault({ kind: "status", status: 400 })
    const injected = await failure(() => service.client.balanceAdd({ phone: phone(1), sum: 5 }))
    expect(injected).toMatchObject({ kind: "rejected", outcome: "not_applied", status: 400 })
  })

  it("a client closed before the call is not applied", async () => {
    const closed = new WalletPassClient({ apiUrl: service.emulator.url, appKey: APP_KEY })
    await closed.close()
    const error = await failure(() => closed.status())
    expect(error).toMatchObject({ kind: "connect_failed", outcome: "not_applied" })
  })
})

describe("odd servers", () => {
  it("an unparseable 2xx is ambiguous (invalid_response); a 2xx not matching the spec too", async () => {
    let answer = { raw: "<html>ok</html>" } as { raw?: string; body?: unknown }
    const odd = await startRecorder(() => answer)
    const oddClient = new WalletPassClient({ apiUrl: `${odd.url}/v2`, appKey: APP_KEY })
    try {
      expect(await failure(() => oddClient.balanceAdd({ phone: phone(1), sum: 1 }))).toMatchObject({
        kind: "invalid_response",
        outcome: "ambiguous",
        status: 200,
      })
      answer = { body: { customers: "nope" } }
      const shape = await failure(() => oddClient.readCustomers({ start_date: "01.01.2024", end_date: "02.01.2024" }))
      expect(shape).toMatchObject({ kind: "invalid_response", outcome: "ambiguous" })
      expect(shape.issues?.[0]).toContain("customers")
      // 2xx with success:false is the service refusing: not applied.
      answer = { body: { success: false, error: "Card is blocked" } }
      expect(await failure(() => oddClient.balanceAdd({ phone: phone(1), sum: 1 }))).toMatchObject({
        kind: "rejected",
        outcome: "not_applied",
        serviceError: "Card is blocked",
      })
      // push/send's answer is not shown in the spec: an empty 2xx body is fine.
      answer = { raw: "" }
      await expect(oddClient.pushSend({ push_uuid: "0b9f3f7e-9d0c-4b8e-8f7a-2d1c3b4a5e6f" })).resolves.toEqual({})
    } finally {
      await oddClient.close()
      await odd.close()
    }
  })

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("12")).toBe(12)
    expect(parseRetryAfter(new Date(Date.now() + 5_000).toUTCString())).toBeGreaterThanOrEqual(4)
    expect(parseRetryAfter("soon")).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })
})

describe("secrets", () => {
  it("the log hook reports method, path, status, duration and outcome, and never the app key", async () => {
    service.emulator.seedCustomer({ phone: phone(2), cards: ["123"] })
    await service.client.status()
    await service.client.userCreateOrUpdate({ phone: phone(2), name: "N", variables: { note: `key is ${APP_KEY}` } })
    await service.client.balanceAdd({ phone: phone(2), sum: 3 })
    service.emulator.injectFault({ kind: "status", status: 500 })
    await service.client.status().catch(() => undefined)
    await service.client.eventSend({ event: "x", phone: phone(2), value: "v".repeat(101) }).catch(() => undefined)

    expect(calls.map((c) => [c.method, c.path, c.status, c.outcome])).toEqual([
      ["status", "/status", 200, "applied"],
      ["userCreateOrUpdate", "/crm/user_create_or_update", 200, "applied"],
      ["balanceAdd", "/crm/balance/add", 200, "applied"],
      ["status", "/status", 500, "ambiguous"],
      ["eventSend", "/crm/event/send", undefined, "not_applied"],
    ])
    for (const call of calls) {
      expect(call.durationMs).toBeGreaterThanOrEqual(0)
      expect(Date.parse(call.startedAt)).not.toBeNaN()
    }
    expect(calls[0].request).toEqual({ app_key: "[redacted]" })
    expect(calls[2].response).toEqual({ success: true, balance: 3 })
    expect((calls[1].request as Record<string, unknown>).note).toBe("key is [redacted]")
    expect(JSON.stringify(calls)).not.toContain(APP_KEY)
  })

  it("a service that echoes the key and a crm_key cannot leak them into errors or logs", async () => {
    const echo = await startRecorder((req) => ({
      status: 400,
      body: {
        success: false,
        error: `bad key ${(req.body as { app_key: string }).app_key}`,
        code: APP_KEY,
        crm_key: "crm-secret",
        password: "pw-secret",
      },
    }))
    const records: WalletPassCallRecord[] = []
    const echoClient = new WalletPassClient({
      apiUrl: `${echo.url}/v2`,
      appKey: APP_KEY,
      onCall: (r) => records.push(r),
    })
    try {
      const error = await failure(() => echoClient.status())
      expect(error.serviceError).toBe("bad key [redacted]")
      const everything = JSON.stringify({ message: error.message, error: { ...error }, records })
      expect(everything).not.toContain(APP_KEY)
      expect(everything).not.toContain("crm-secret")
      expect(everything).not.toContain("pw-secret")
      expect(echo.received[0].body).toMatchObject({ app_key: APP_KEY }) // it was sent, only not logged
    } finally {
      await echoClient.close()
      await echo.close()
    }
  })

  it("bad options fail fast, naming the option and not echoing the key", () => {
    expect(() => new WalletPassClient({ apiUrl: "not a url", appKey: APP_KEY })).toThrow(WalletPassConfigError)
    expect(() => new WalletPassClient({ apiUrl: "http://x/v2", appKey: "" })).toThrow(/appKey/)
    try {
      new WalletPassClient({ apiUrl: "ftp://x", appKey: APP_KEY, defaultCountry: "ZZ" as never })
    } catch (error) {
      expect((error as Error).message).toMatch(/apiUrl/)
      expect((error as Error).message).toMatch(/defaultCountry/)
      expect((error as Error).message).not.toContain(APP_KEY)
    }
  })

  it("a logger that throws does not change the outcome", async () => {
    const throwing = new WalletPassClient({
      apiUrl: service.emulator.url,
      appKey: APP_KEY,
      onCall: () => {
        throw new Error("logger down")
      },
    })
    try {
      await expect(throwing.status()).resolves.toMatchObject({ app: "Emulated account" })
    } finally {
      await throwing.close()
    }
  })
})

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
