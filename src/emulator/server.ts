/** The emulator on a real socket: the API under `/v2`, the control API under `/_emulator`. */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import {
  type AdjustBalanceInput,
  type ApiAnswer,
  type ControlResult,
  EmulatorCore,
  type EmulatorSnapshot,
  type InstallInput,
  type UninstallInput,
  type InstallResult,
  type RefreshInput,
  type SeedCustomerInput,
  type SetPrivilegesInput,
} from "./core"
import { type ServiceBehaviours, type ServiceBehavioursInput, shapeErrorAnswer } from "./behaviours"
import { renderCardPage } from "./card-page"
import { EMULATOR_ERROR_TEXTS, EmulatorControlError, EmulatorRequestError } from "./errors"
import { type ActiveFault, type FaultSpec, endpointPath, reshapeAnswer } from "./faults"
import {
  type EmulatorLimitsInput,
  type EmulatorMode,
  type EmulatorOptions,
  type EmulatorWebhookOptions,
  resolveOptions,
} from "./options"
import type { RateLimits } from "./readings"
import type { EmulatorCustomer, HookRecord, RequestLogEntry, SegmentRecord } from "./state"

const MAX_BODY_BYTES = 1_048_576

/** A running emulator. Every control method is also reachable over HTTP under `/_emulator`. */
export interface WalletPassEmulator {
  /** API base URL including `/v2`, e.g. `http://127.0.0.1:41234/v2`: the client's `apiUrl`. */
  readonly url: string
  /** `http://host:port` */
  readonly origin: string
  /** `http://host:port/_emulator` */
  readonly controlUrl: string
  readonly port: number
  /** Stops listening, drops open connections and pending delays. */
  close(): Promise<void>

  /** A customer by phone, card number or remoteId, with balance, bonus, discount and cards. */
  getCustomer(phoneOrCard: string): EmulatorCustomer | undefined
  /** Everything the emulator holds (customers, SMS, pushes, campaigns, events, hooks, ...). */
  snapshot(): EmulatorSnapshot
  /** The API request log, oldest first. */
  requests(): RequestLogEntry[]
  clearRequests(): void
  /** Hooks sent, oldest first. */
  hooks(): HookRecord[]

  seedCustomer(input: SeedCustomerInput): EmulatorCustomer
  install(input: InstallInput): Promise<InstallResult>
  /** The customer removes the pass (one card, or all): no hook, read_customer(s) show it. */
  uninstall(input: UninstallInput): EmulatorCustomer
  /** The dashboard's switch between the built-in base and an external CRM. */
  setMode(mode: EmulatorMode): EmulatorMode
  setPrivileges(input: SetPrivilegesInput): Promise<ControlResult>
  refresh(input: RefreshInput): Promise<ControlResult>
  adjustBalance(input: AdjustBalanceInput): Promise<ControlResult>
  replayHook(seq: number): Promise<HookRecord>
  defineSegment(uuid: string, phones: string[]): SegmentRecord

  injectFault(spec: FaultSpec): ActiveFault
  faults(): ActiveFault[]
  clearFaults(): void
  setLimits(limits: EmulatorLimitsInput): RateLimits | "unlimited"
  limits(): RateLimits | "unlimited"
  setWebhook(webhook: EmulatorWebhookOptions | null): void
  /** The switches for what the description does not show (docs/emulator.md, "Service behaviours"). */
  behaviours(): ServiceBehaviours
  setBehaviours(input: ServiceBehavioursInput): ServiceBehaviours
  reset(): void
}

/**
 * Starts an in-memory wallet-pass service on a real HTTP port (default: a free port on
 * 127.0.0.1). Resolves once it listens.
 */
export async function startEmulator(options: EmulatorOptions): Promise<WalletPassEmulator> {
  const resolved = resolveOptions(options)
  let origin = ""
  const core = new EmulatorCore(resolved, () => origin)
  const closing = new AbortController()

  const server: Server = createServer((req, res) => {
    handle(core, req, res, closing.signal).catch((error: unknown) => {
      // A bug in the emulator: answer 500 rather than hang the client, and say why on stderr.
      console.error("[wallet-pass-emulator]", error)
      if (!res.headersSent && !res.destroyed)
        sendJson(res, 500, { success: false, error: EMULATOR_ERROR_TEXTS.internal, code: "internal_error" })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(resolved.port, resolved.host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  origin = `http://${host}:${address.port}`

  let closed: Promise<void> | undefined
  return {
    url: `${origin}/v2`,
    origin,
    controlUrl: `${origin}/_emulator`,
    port: address.port,
    close() {
      closed ??= (async () => {
        closing.abort()
        const done = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await done
        await core.close()
      })()
      return closed
    },
    getCustomer: (phoneOrCard) => core.getCustomer(phoneOrCard),
    snapshot: () => core.snapshot(),
    requests: () => core.requests(),
    clearRequests: () => core.clearRequests(),
    hooks: () => core.hooks(),
    seedCustomer: (input) => core.seedCustomer(input),
    install: (input) => core.install(input),
    uninstall: (input) => core.uninstall(input),
    setMode: (mode) => core.setMode(mode),
    setPrivileges: (input) => core.setPrivileges(input),
    refresh: (input) => core.refresh(input),
    adjustBalance: (input) => core.adjustBalance(input),
    replayHook: (seq) => core.replayHook(seq),
    defineSegment: (uuid, phones) => core.defineSegment(uuid, phones),
    injectFault: (spec) => core.faults.add(spec),
    faults: () => core.faults.list(),
    clearFaults: () => core.faults.clear(),
    setLimits: (limits) => core.setLimits(limits),
    limits: () => core.limits(),
    setWebhook: (webhook) => core.setWebhook(webhook),
    behaviours: () => core.behaviours(),
    setBehaviours: (input) => core.setBehaviours(input),
    reset: () => core.reset(),
  }
}

async function handle(
  core: EmulatorCore,
  req: IncomingMessage,
  res: ServerResponse,
  signal: AbortSignal
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://emulator")
  const body = await readBody(req)
  if (body === undefined) {
    sendJson(res, 413, { success: false, error: "Payload too large", code: "payload_too_large" })
    return
  }
  if (url.pathname === "/_emulator" || url.pathname.startsWith("/_emulator/")) {
    await handleControl(core, req.method ?? "GET", url, body, res)
    return
  }
  if (url.pathname.startsWith("/v2/")) {
    await handleApi(core, req, res, url.pathname, body, signal)
    return
  }
  sendJson(res, 404, { success: false, error: EMULATOR_ERROR_TEXTS.unknownMethod, code: "unknown_method" })
}

/** Faults act around the request: before it (delay, reset, 429, 5xx) or after applying it (drop, 5xx with apply). */
async function handleApi(
  core: EmulatorCore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string,
  signal: AbortSignal
) {
  const endpoint = endpointPath(path)
  const entry = core.logRequest(req.method ?? "", path, endpoint, body)
  const answer = (a: ApiAnswer) => {
    // The client may have given up (its timeout) while the request was delayed or applied.
    const shaped = shapeErrorAnswer(core.reading, a)
    core.finishRequest(entry, res.destroyed ? "client_gone" : "responded", shaped)
    const headers: Record<string, string> =
      shaped.retryAfterSeconds === undefined ? {} : { "Retry-After": String(shaped.retryAfterSeconds) }
    if (shaped.text !== undefined) sendText(res, shaped.status, shaped.text, headers)
    else sendJson(res, shaped.status, shaped.body, headers)
  }
  // Every request counts against the limits (readings.ts), one to no path of the API too.
  if (req.method !== "POST" || !EmulatorCore.isEndpoint(endpoint)) {
    const over = core.admit()
    if (over) return answer(over)
    if (req.method !== "POST") return answer(errorAnswer("method_not_allowed", EMULATOR_ERROR_TEXTS.methodNotAllowed))
    return answer(errorAnswer("unknown_method", EMULATOR_ERROR_TEXTS.unknownMethod))
  }

  const fault = core.faults.take(endpoint, body)
  if (fault) entry.fault = fault.kind
  if (fault?.delayMs) {
    try {
      await sleep(fault.delayMs, undefined, { signal })
    } catch {
      return // emulator closing
    }
  }
  if (fault?.kind === "reset") {
    core.finishRequest(entry, "reset")
    req.socket.destroy()
    return
  }
  // The over-limit answer as switched (behaviours.ts): Retry-After only with `429`.
  if (fault?.kind === "rate_limit") return answer(core.overLimit(fault.retryAfterSeconds ?? 1))
  if (fault?.kind === "status" && !fault.apply) return answer(injectedStatus(fault))

  const result = await core.processApi(endpoint, body, entry)
  if (fault?.kind === "drop_after_apply") {
    core.finishRequest(entry, "dropped_after_apply")
    req.socket.destroy()
    return
  }
  if (fault?.kind === "status") return answer(injectedStatus(fault))
  if ((fault?.kind === "omit_field" || fault?.kind === "add_field") && result.status === 200) {
    return answer({ ...result, body: reshapeAnswer(result.body, fault) })
  }
  answer(result)
}

function injectedStatus(fault: ActiveFault): ApiAnswer {
  const status = fault.status ?? 500
  return {
    status,
    body: {
      success: false,
      error: status >= 500 ? EMULATOR_ERROR_TEXTS.internal : `Injected ${status}`,
      code: "internal_error",
    },
  }
}

function errorAnswer(code: "method_not_allowed" | "unknown_method", text: string): ApiAnswer {
  const error = new EmulatorRequestError(code, text)
  return { status: error.status, body: error.toBody() }
}

// ---------------------------------------------------------------------------------------------
// Control API
// ---------------------------------------------------------------------------------------------

async function handleControl(core: EmulatorCore, method: string, url: URL, rawBody: string, res: ServerResponse) {
  const route = `${method} ${url.pathname.replace(/\/+$/, "")}`
  let input: Record<string, unknown> = {}
  if (rawBody.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(rawBody)
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object")
      input = parsed as Record<string, unknown>
    } catch {
      sendJson(res, 400, { error: EMULATOR_ERROR_TEXTS.invalidJson })
      return
    }
  }
  try {
    const customerMatch = /^GET \/_emulator\/customers\/(.+)$/.exec(route)
    if (customerMatch) {
      const customer = core.getCustomer(decodeURIComponent(customerMatch[1]))
      if (!customer) throw new EmulatorControlError("Customer not found", 404)
      return sendJson(res, 200, customer)
    }
    const cardMatch = /^GET \/_emulator\/card\/(.+)$/.exec(route)
    if (cardMatch) {
      // The card page: what the customer's card shows (docs/emulator.md).
      const customer = core.getCustomer(decodeURIComponent(cardMatch[1]))
      if (!customer) throw new EmulatorControlError("Customer not found", 404)
      const html = renderCardPage(customer)
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) })
      return res.end(html)
    }
    switch (route) {
      case "GET /_emulator":
      case "GET /_emulator/health":
        return sendJson(res, 200, { ok: true, mode: core.mode, revision: core.revision })
      case "GET /_emulator/state":
        return sendJson(res, 200, core.snapshot())
      case "GET /_emulator/customers":
        return sendJson(res, 200, core.snapshot().customers)
      case "GET /_emulator/events":
        // What event/send fired (key, phone, value, time): what the merchant's triggers would get.
        return sendJson(res, 200, core.snapshot().events)
      case "POST /_emulator/customers":
        return sendJson(res, 200, core.seedCustomer(input as SeedCustomerInput))
      case "POST /_emulator/install":
        return sendJson(res, 200, await core.install(input as InstallInput))
      case "POST /_emulator/uninstall":
        return sendJson(res, 200, core.uninstall(input as UninstallInput))
      case "GET /_emulator/mode":
        return sendJson(res, 200, { mode: core.mode })
      case "PUT /_emulator/mode":
      case "POST /_emulator/mode":
        return sendJson(res, 200, { mode: core.setMode(input.mode as EmulatorMode) })
      case "POST /_emulator/privileges":
        return sendJson(res, 200, await core.setPrivileges(input as SetPrivilegesInput))
      case "POST /_emulator/refresh":
        return sendJson(res, 200, await core.refresh(input as RefreshInput))
      case "POST /_emulator/balance":
        return sendJson(res, 200, await core.adjustBalance(input as AdjustBalanceInput))
      case "GET /_emulator/hooks":
        return sendJson(res, 200, core.hooks())
      case "POST /_emulator/hooks/replay":
        return sendJson(res, 200, await core.replayHook(Number(input.seq)))
      case "GET /_emulator/requests":
        return sendJson(res, 200, core.requests())
      case "DELETE /_emulator/requests":
        core.clearRequests()
        return sendJson(res, 200, { ok: true })
      case "GET /_emulator/faults":
        return sendJson(res, 200, core.faults.list())
      case "POST /_emulator/faults":
        return sendJson(res, 200, core.faults.add(input as FaultSpec))
      case "DELETE /_emulator/faults":
        core.faults.clear()
        return sendJson(res, 200, { ok: true })
      case "GET /_emulator/limits":
        return sendJson(res, 200, core.limits())
      case "PUT /_emulator/limits":
      case "POST /_emulator/limits":
        return sendJson(res, 200, core.setLimits((input.plan ?? input.limits ?? input) as EmulatorLimitsInput))
      case "GET /_emulator/behaviours":
        return sendJson(res, 200, core.behaviours())
      case "PUT /_emulator/behaviours":
      case "POST /_emulator/behaviours":
        return sendJson(res, 200, core.setBehaviours(input as ServiceBehavioursInput))
      case "PUT /_emulator/webhook":
      case "POST /_emulator/webhook":
        core.setWebhook(input as EmulatorWebhookOptions)
        return sendJson(res, 200, core.snapshot().webhook ?? null)
      case "DELETE /_emulator/webhook":
        core.setWebhook(null)
        return sendJson(res, 200, { ok: true })
      case "POST /_emulator/segments":
        return sendJson(
          res,
          200,
          core.defineSegment(String(input.uuid), Array.isArray(input.phones) ? input.phones.map(String) : [])
        )
      case "POST /_emulator/reset":
        core.reset()
        return sendJson(res, 200, { ok: true })
      default:
        return sendJson(res, 404, { error: `Unknown control route: ${route}` })
    }
  } catch (error) {
    if (error instanceof EmulatorControlError || error instanceof EmulatorRequestError) {
      return sendJson(res, error.status, { error: error.message })
    }
    throw error
  }
}

// ---------------------------------------------------------------------------------------------

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    req.on("end", () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  if (res.destroyed) return
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return
  const text = JSON.stringify(body)
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}
