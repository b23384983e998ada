/** Test helpers shared by the emulator's and the client's tests. */
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { request } from "undici"
import {
  WalletPassApiError,
  WalletPassClient,
  type WalletPassCallRecord,
  type WalletPassClientOptions,
} from "../../lib/wallet-pass-client"
import { type EmulatorOptions, type WalletPassEmulator, startEmulator } from ".."

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 3_000,
  what = "condition"
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown; raw: string }

/**
 * A tiny HTTP server for a test: records every request and answers with `respond`. An
 * unexpected request (respond returning undefined) is answered 500 and remembered in
 * `unexpected`, so the test can fail on it.
 */
export async function startRecorder(
  respond: (
    req: ReceivedRequest
  ) =>
    | { status?: number; body?: unknown; raw?: string }
    | undefined
    | Promise<{ status?: number; body?: unknown; raw?: string } | undefined>
) {
  const received: ReceivedRequest[] = []
  const unexpected: ReceivedRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      let body: unknown = raw
      try {
        body = JSON.parse(raw)
      } catch {
        // keep raw text
      }
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, raw }
      received.push(entry)
      const answer = await respond(entry)
      if (!answer) {
        unexpected.push(entry)
        res.writeHead(500).end()
        return
      }
      const text = answer.raw ?? JSON.stringify(answer.body ?? {})
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A raw POST with a JSON body, for checking the emulator's answers without the client. */
export async function post(url: string, body: unknown, method: "POST" | "GET" | "PUT" | "DELETE" = "POST") {
  const response = await request(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  })
  const text = await response.body.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.statusCode, headers: response.headers, json: json as Record<string, unknown>, text }
}

/** Phones +7999000NNNN for fixtures. */
export function phone(n: number): string {
  return `+7999${String(n).padStart(7, "0")}`
}

/** Runs `fn`, expects it to throw a WalletPassApiError and returns the error. */
export async function failure(fn: () => Promise<unknown>): Promise<WalletPassApiError> {
  try {
    await fn()
  } catch (error) {
    expect(error).toBeInstanceOf(WalletPassApiError)
    return error as WalletPassApiError
  }
  throw new Error("expected the call to fail")
}

export type ClientAgainstEmulator = {
  emulator: WalletPassEmulator
  client: WalletPassClient
  calls: WalletPassCallRecord[]
}

/**
 * The client against the emulator, for a spec file: both started before its tests (the client
 * with the emulator's URL and app key, and `clientOptions`) and closed after them. Before each
 * test the emulator is reset and `calls`, every call the client reported, emptied.
 */
export function clientAgainstEmulator(
  emulatorOptions: EmulatorOptions,
  clientOptions: Omit<WalletPassClientOptions, "apiUrl" | "appKey" | "onCall"> = {}
): ClientAgainstEmulator {
  const service = { calls: [] } as unknown as ClientAgainstEmulator
  beforeAll(async () => {
    service.emulator = await startEmulator(emulatorOptions)
    service.client = new WalletPassClient({
      apiUrl: service.emulator.url,
      appKey: emulatorOptions.appKey,
      ...clientOptions,
      onCall: (r) => service.calls.push(r),
    })
  })
  afterAll(async () => {
    await service.client?.close()
    await service.emulator?.close()
  })
  beforeEach(() => {
    service.emulator.reset()
    service.calls.length = 0
  })
  return service
}
