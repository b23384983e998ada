/**
 * "Check the connection" (docs/operations.md, "Checking the connection"): the merchant's
 * first contact with the real service, run with their own key from the admin's Connection
 * panel or `npx medusa-plugin-wallet-pass check`. Only read requests (/status, one
 * read_customers page, one read_customer: at most 3, never more than MAX_CHECK_REQUESTS),
 * each reserved through the same rate gate as the queue's, so they count against the plan
 * and show in the request log. Each step says what it found and what to do; an answer that
 * does not match our reading of the API is kept (redacted) for support.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { planLimits, type WalletPassOptions } from "../modules/wallet-pass/options"
import { QueueRepository } from "../modules/wallet-pass/repositories/queue"
import type WalletPassModuleService from "../modules/wallet-pass/service"
import {
  customerSchema,
  isWalletPassApiError,
  readCustomersResponseSchema,
  type WalletPassCallRecord,
  type WalletPassClient,
} from "../lib/wallet-pass-client"
import { formatServiceDate } from "../lib/wallet-pass-client/dates"
import { phoneCountry } from "../utils/phone-country"
import type { CheckRequest, CheckStep, CheckStepId, ConnectionCheckResult } from "../lib/connection-check"
import { serviceClient } from "./client"

/** The most requests one check may spend. */
export const MAX_CHECK_REQUESTS = 5
/** A clock further off than this (seconds) fails the clock step: service dates and lifetimes go wrong. */
const CLOCK_TOLERANCE_SECONDS = 60
/** How long one request may wait for its slot in the rate gate. */
const GATE_WAIT_MS = 10_000

export type { CheckStep, CheckStepId, CheckRequest, ConnectionCheckResult } from "../lib/connection-check"

/** Documented fields of read_customer's customer (docs/service-api.md), as our schema reads them. */
const CUSTOMER_FIELDS = Object.keys(customerSchema.shape)
/** Fields read_customer sends only when asked, or only when they have a value. */
const CONDITIONAL_FIELDS = new Set(["cardInstalls", "invites", "invitedBy", "remoteId", "template_uuid"])

/** Runs the check against the configured service; never throws for the service's answers. */
export async function runConnectionCheck(container: MedusaContainer): Promise<ConnectionCheckResult> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const options = walletPass.getOptions()
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const country = (await phoneCountry(container)).country
  const requests: CheckRequest[] = []
  const records: WalletPassCallRecord[] = []
  const base = serviceClient(options, country)
  const steps: CheckStep[] = []

  /** One request through the rate gate: its slot is a row of the request log, completed with the answer. */
  async function gated<T>(path: string, call: (client: WalletPassClient) => Promise<T>): Promise<T> {
    if (requests.length >= MAX_CHECK_REQUESTS) throw new Error("the check spent its requests")
    const callId = await reserveSlot(knex, options, path)
    let record: WalletPassCallRecord | undefined
    const client = base.withOnCall((r) => (record = r))
    try {
      return await call(client)
    } finally {
      const r = record
      requests.push({
        path,
        status: r?.status ?? null,
        outcome: r?.outcome ?? "not_applied",
        duration_ms: Math.round(r?.durationMs ?? 0),
      })
      if (r) records.push(r)
      await new QueueRepository(knex).completeApiCall(callId, {
        status: r?.status ?? null,
        outcome: r?.outcome ?? "not_applied",
        duration_ms: Math.round(r?.durationMs ?? 0),
        request: r?.request,
        response: r?.response,
        error: r?.error ?? null,
      })
    }
  }
  const lastRecord = () => records[records.length - 1]
  const explain = (e: unknown) => (isWalletPassApiError(e) ? e.message : (e as Error).message)
  const rateLimited = () => requests.some((r) => r.status === 429)

  // 1. The key: /status.
  let keyOk = false
  try {
    const status = await gated("/status", (c) => c.status())
    keyOk = true
    steps.push({
      id: "key",
      status: "ok",
      found: `the key opens the account "${status.app}" (its balance at the service: ${status.balance})`,
      todo: null,
    })
  } catch (e) {
    const record = lastRecord()
    const refused = record?.status === 401 || record?.status === 403
    steps.push({
      id: "key",
      status: "fail",
      found: refused
        ? `the service refused the key (${record?.status}): ${explain(e)}`
        : `the service did not answer /status as described: ${explain(e)}`,
      todo: refused
        ? "copy the private key from the service's dashboard (Integration → API) into the appKey option"
        : record?.status === 429
          ? "the service is limiting requests: see the plan step"
          : `check apiUrl (${options.apiUrl}): it must be the API's base address with /v2`,
      ...(record?.status && !refused ? { answer: record.response } : {}),
    })
  }

  // 2-4. The base: one page of installed passes, one customer read and parsed.
  let phones: string[] = []
  if (keyOk) {
    try {
      const page = await gated("/crm/read_customers", (c) =>
        c.readCustomers({
          start_date: formatServiceDate(new Date(Date.parse(options.sync.since ?? "2000-01-01")), false),
          end_date: new Date(),
          installed: true,
        })
      )
      phones = page.customers
      const unknown = unknownFields(lastRecord()?.response, Object.keys(readCustomersResponseSchema.shape))
      steps.push({
        id: "customers",
        status: unknown.length ? "warn" : "ok",
        found: `read_customers answered ${phones.length} phone(s) with an installed pass on its first page`,
        todo: unknown.length ? "fields our reading does not know: send the answer to support" : null,
        ...(unknown.length ? { unknown_fields: unknown, answer: lastRecord()?.response } : {}),
      })
    } catch (e) {
      steps.push(readFailure("customers", "read_customers", e, lastRecord()))
    }
  } else {
    steps.push(skipped("customers"), skipped("customer"))
  }
  if (keyOk && phones.length > 0) {
    try {
      await gated("/crm/read_customer", (c) => c.readCustomer({ phone: phones[0], installs: true, invites: true }))
      const answer = lastRecord()?.response as { customer?: Record<string, unknown> } | undefined
      const given = answer?.customer ?? {}
      const unknown = Object.keys(given).filter((k) => !CUSTOMER_FIELDS.includes(k))
      const missing = CUSTOMER_FIELDS.filter((k) => !(k in given) && !CONDITIONAL_FIELDS.has(k))
      const odd = unknown.length > 0 || missing.length > 0
      steps.push({
        id: "customer",
        status: odd ? "warn" : "ok",
        found: `read_customer of ${phones[0]} matches our reading${odd ? ", with differences" : ""}`,
        todo: odd
          ? "the fields below differ from the API description: the plugin keeps working; send the kept answer to support"
          : null,
        ...(odd ? { unknown_fields: unknown, missing_fields: missing, answer } : {}),
      })
    } catch (e) {
      steps.push(readFailure("customer", "read_customer", e, lastRecord()))
    }
  } else if (keyOk) {
    steps.push({
      ...skipped("customer"),
      found: "no installed pass to read yet: install a card from the service's form, then run the check again",
    })
  }

  // The plan: what the options assume against the 429s seen (this check's and the log's).
  const limits = planLimits(options.plan)
  const seen429 = await count429(knex)
  steps.push({
    id: "plan",
    status: rateLimited() ? "fail" : seen429 > 0 ? "warn" : "ok",
    found: `the plan option allows ${limits.perSecond}/s and ${limits.perHour}/h; ${
      rateLimited() ? "the service answered 429 to this check's pace" : `${seen429} answer(s) 429 in the last 24 hours`
    }`,
    todo:
      rateLimited() || seen429 > 0
        ? "set the plan option to your account's plan (basic 60/h, advanced 600/h, expert or exclusive 3600/h, or the limits support raised)"
        : null,
  })

  // External-CRM mode: hooks configured, hooks received, installed passes the store knows.
  steps.push(await modeStep(walletPass, options, phones))
  steps.push(await hooksStep(walletPass, options))
  steps.push(await clockStep(knex, records))

  const order: CheckStepId[] = ["key", "plan", "mode", "customers", "customer", "hooks", "clock"]
  steps.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const failed = steps.find((s) => s.status === "fail")
  return {
    ok: !failed,
    failed_step: failed?.id ?? null,
    steps,
    requests,
    checked_at: new Date().toISOString(),
  }
}

/** A slot of the rate gate for one check request (the queue's gate, its request log row), waited for. */
async function reserveSlot(knex: Knex, options: WalletPassOptions, path: string): Promise<string> {
  const deadline = Date.now() + GATE_WAIT_MS
  for (;;) {
    const reserved = await knex.transaction(async (trx) => {
      const gate = await new QueueRepository(trx).checkGate(planLimits(options.plan))
      if (!gate.allowed) return { wait_ms: gate.wait_ms as number }
      const id = generateEntityId(undefined, "wpcall")
      await trx.raw(
        `INSERT INTO wallet_pass_api_call (id, operation_id, path, duration_ms, started_at, created_at, updated_at)
         VALUES (?, NULL, ?, 0, clock_timestamp(), clock_timestamp(), clock_timestamp())`,
        [id, path]
      )
      return { id }
    })
    if ("id" in reserved && reserved.id) return reserved.id
    const wait = "wait_ms" in reserved ? (reserved.wait_ms ?? 0) : 0
    if (Date.now() + wait > deadline) {
      throw new Error(`the plan's budget has no room for the check's request in the next ${GATE_WAIT_MS / 1000} s`)
    }
    await new Promise((r) => setTimeout(r, Math.max(50, wait)))
  }
}

async function count429(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(
    `SELECT count(*) AS n FROM wallet_pass_api_call
      WHERE status = 429 AND deleted_at IS NULL AND started_at > now() - interval '24 hours'`
  )
  return Number(rows[0]?.n ?? 0)
}

function skipped(id: CheckStepId): CheckStep {
  return { id, status: "skipped", found: "not run: the key step failed", todo: null }
}

/** A read that failed: the service's answer did not match our schema (kept), or it refused. */
function readFailure(id: CheckStepId, what: string, e: unknown, record: WalletPassCallRecord | undefined): CheckStep {
  const issues = isWalletPassApiError(e) ? (e.issues ?? []) : []
  const mismatch = isWalletPassApiError(e) && e.kind === "invalid_response"
  return {
    id,
    status: "fail",
    found: mismatch
      ? `${what}'s answer does not match our reading of the API: ${issues.join("; ") || (e as Error).message}`
      : `${what} failed: ${(e as Error).message}`,
    todo: mismatch
      ? "send the kept answer (below, secrets removed) to the service's support and to the plugin's maintainers"
      : record?.status === 429
        ? "the service is limiting requests: see the plan step"
        : "see the request log for the whole answer",
    ...(mismatch ? { missing_fields: issues, answer: record?.response } : {}),
  }
}

type WalletPassModule = WalletPassModuleService

async function modeStep(
  walletPass: WalletPassModule,
  options: WalletPassOptions,
  phones: string[]
): Promise<CheckStep> {
  if (!options.hooks) {
    return {
      id: "mode",
      status: "ok",
      found: "built-in mode (no hooks option): the service keeps the balances, the store sends its changes",
      todo: null,
    }
  }
  const received = await walletPass.listWalletPassHookDeliveries({}, { select: ["id"], take: 1 })
  const known = phones.length ? await walletPass.listWalletPassHolders({ phone: phones }, { select: ["phone"] }) : []
  const strangers = phones.filter((p) => !known.some((h: { phone: string | null }) => h.phone === p))
  if (strangers.length > 0 && received.length === 0) {
    return {
      id: "mode",
      status: "fail",
      found: `external-CRM mode is set up here, but the service has installed passes the store never heard of (${strangers
        .slice(0, 3)
        .join(", ")}) and no hook ever arrived`,
      todo: "in the service's integration settings, choose an external CRM and enter this store's hook URL and credential; or import the service's base (Wallet pass page)",
    }
  }
  return {
    id: "mode",
    status: received.length ? "ok" : "warn",
    found: received.length
      ? "external-CRM mode: the store holds the balances and the service has sent hooks"
      : "external-CRM mode: no hook has arrived yet",
    todo: received.length ? null : "install a card from the service's form: its createCustomer hook should arrive here",
  }
}

async function hooksStep(walletPass: WalletPassModule, options: WalletPassOptions): Promise<CheckStep> {
  const h = options.hooks
  if (!h) return { id: "hooks", status: "skipped", found: "no hooks option: built-in mode", todo: null }
  await walletPass.flushHookRefusals()
  const backend = process.env.MEDUSA_BACKEND_URL ?? null
  const url = backend ? `${backend.replace(/\/+$/, "")}/hooks/wallet-pass` : null
  const auth = h.crmKey !== undefined ? "crm_key (empty login, the key as password)" : "HTTP Basic (login and password)"
  const [last] = await walletPass.listWalletPassHookDeliveries(
    {},
    { select: ["method", "outcome", "status_code", "created_at"], order: { created_at: "DESC" }, take: 1 }
  )
  const [refusal] = await walletPass.listWalletPassHookRefusals(
    {},
    { select: ["minute", "samples"], order: { minute: "DESC" }, take: 1 }
  )
  const samples = (refusal?.samples ?? []) as unknown as { at: string; status: number; reason: string }[]
  const lastRefusal = samples[samples.length - 1]
  const refusedLast =
    lastRefusal && (!last || Date.parse(lastRefusal.at) > new Date(last.created_at as unknown as string).getTime())
  const facts = [
    `URL ${url ?? "unknown (set MEDUSA_BACKEND_URL)"}${url && !url.startsWith("https://") ? " is not HTTPS" : ""}`,
    `auth ${auth}`,
    `allowlisted address ${h.allowedIp ?? "none (any address)"}`,
    last
      ? `last hook ${last.method ?? "?"} at ${new Date(last.created_at as unknown as string).toISOString()}: ${last.outcome} (${last.status_code})`
      : "no hook received yet",
  ]
  if (refusedLast) {
    return {
      id: "hooks",
      status: "fail",
      found: `${facts.join("; ")}; the latest hook was refused (${lastRefusal.status}): ${lastRefusal.reason}`,
      todo:
        lastRefusal.status === 401
          ? "enter the same credential in the service's integration settings as in the hooks option (login and password, or the crm_key as password with an empty login)"
          : "the address or the X-organization-id / X-program-id / X-wallet-id headers differ from the hooks option",
    }
  }
  const notHttps = !!url && !url.startsWith("https://")
  return {
    id: "hooks",
    status: notHttps || !url ? "warn" : "ok",
    found: facts.join("; "),
    todo: notHttps ? "the service sends hooks only to an HTTPS address: put TLS in front of the store" : null,
  }
}

async function clockStep(knex: Knex, records: WalletPassCallRecord[]): Promise<CheckStep> {
  const { rows } = await knex.raw<{ rows: { now: Date }[] }>(`SELECT clock_timestamp() AS now`)
  const dbSkew = Math.abs(new Date(rows[0].now).getTime() - Date.now()) / 1000
  const dated = records.find((r) => r.serverDate)
  const serviceSkew = dated
    ? Math.abs(Date.parse(dated.serverDate!) - (Date.parse(dated.startedAt) + dated.durationMs / 2)) / 1000
    : null
  const worst = Math.max(dbSkew, serviceSkew ?? 0)
  const found = `this process and the database differ by ${dbSkew.toFixed(1)} s; ${
    serviceSkew === null
      ? "the service sent no Date header"
      : `the service's clock by about ${serviceSkew.toFixed(0)} s`
  }`
  return {
    id: "clock",
    status: worst > CLOCK_TOLERANCE_SECONDS ? "fail" : "ok",
    found,
    todo:
      worst > CLOCK_TOLERANCE_SECONDS ? "synchronise the server's clock (NTP): dates and lifetimes depend on it" : null,
  }
}

/** Top-level keys of an answer that a schema's shape does not name. */
function unknownFields(answer: unknown, known: string[]): string[] {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return []
  return Object.keys(answer).filter((k) => !known.includes(k))
}
