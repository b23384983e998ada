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
import {
  planLimits,
  WALLET_PASS_MODULE,
  type WalletPassModuleService,
  type WalletPassOptions,
} from "../modules/wallet-pass"
import {
  customerSchema,
  isWalletPassApiError,
  readCustomersResponseSchema,
  type WalletPassCallRecord,
  type WalletPassClient,
} from "../lib/wallet-pass-client"
import { formatServiceDate } from "../lib/wallet-pass-client/dates"
import { maskPhone } from "../lib/phone"
import { phoneCountry } from "../utils/phone-country"
import type { CheckRequest, CheckStep, CheckStepId, ConnectionCheckResult } from "../lib/connection-check"
import { checkText, said, type CheckMessage } from "../lib/check-messages"
import { serviceClient } from "./client"

/** The most requests one check may spend. */
export const MAX_CHECK_REQUESTS = 5
/** A clock further off than this (seconds) fails the clock step: service dates and lifetimes go wrong. */
const CLOCK_TOLERANCE_SECONDS = 60
/** How long one request may wait for its slot in the rate gate. */
const GATE_WAIT_MS = 10_000

export type { CheckStep, CheckStepId, CheckRequest, ConnectionCheckResult } from "../lib/connection-check"

/** The rate gate had no slot for a check's request in time (the queue is using the plan). */
class NoBudgetError extends Error {}

/**
 * A step as the check reports it: what it found and what to do as codes and values
 * (src/lib/check-messages.ts), for the admin to say in the merchant's language, and in
 * English for the CLI and the route's readers. Phones in it are masked (maskPhones).
 */
function step(
  id: CheckStepId,
  status: CheckStep["status"],
  shown: CheckMessage,
  toDo: CheckMessage | null,
  shownExtra: Pick<CheckStep, "unknown_fields" | "missing_fields" | "answer"> = {}
): CheckStep {
  const [found, todo, extra] = maskPhones([shown, toDo, shownExtra] as const)
  return {
    id,
    status,
    found: checkText(found),
    found_code: found.code,
    found_values: found.values,
    todo: todo ? checkText(todo) : null,
    todo_code: todo?.code ?? null,
    todo_values: todo?.values ?? null,
    ...extra,
  }
}

/** A phone in a text or an answer: 8 to 15 digits, a `+` before them or not, standing alone. */
const PHONE_LIKE = /(?<![\w.-])\+?\d{8,15}(?![\w.-])/g

/**
 * The check shows no customer's full phone (docs/operations.md, "Checking the connection"):
 * every phone-like run of digits in its sentences, values and kept answers is masked as a
 * shopper's screen masks it (a card number too, which is no loss for support).
 */
function maskPhones<T>(value: T): T {
  if (typeof value === "string") return value.replace(PHONE_LIKE, (phone) => maskPhone(phone)) as T
  if (Array.isArray(value)) return value.map((item) => maskPhones(item)) as T
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskPhones(item)])) as T
  }
  return value
}

/** Documented fields of read_customer's customer (docs/service-api.md), as our schema reads them. */
const CUSTOMER_FIELDS = Object.keys(customerSchema.shape)
/** Fields read_customer sends only when asked, or only when they have a value. */
const CONDITIONAL_FIELDS = new Set(["cardInstalls", "invites", "invitedBy", "remoteId", "template_uuid"])

/** Runs the check against the configured service; never throws for the service's answers. */
export async function runConnectionCheck(container: MedusaContainer): Promise<ConnectionCheckResult> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const options = walletPass.getOptions()
  const country = (await phoneCountry(container)).country
  const requests: CheckRequest[] = []
  const records: WalletPassCallRecord[] = []
  const base = serviceClient(options, country)
  const steps: CheckStep[] = []

  /** One request through the rate gate: its slot is a row of the request log, completed with the answer. */
  async function gated<T>(path: string, call: (client: WalletPassClient) => Promise<T>): Promise<T> {
    if (requests.length >= MAX_CHECK_REQUESTS) throw new Error("the check spent its requests")
    const callId = await reserveSlot(walletPass, options, path)
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
      await walletPass.completeCheckCall(callId, {
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
  const explain = (e: unknown) => (e as Error).message
  const rateLimited = () => requests.some((r) => r.status === 429)

  // 1. The key: /status.
  let keyOk = false
  try {
    const status = await gated("/status", (c) => c.status())
    keyOk = true
    steps.push(step("key", "ok", said("key_ok", { account: status.app, balance: status.balance }), null))
  } catch (e) {
    const record = lastRecord()
    const refused = record?.status === 401 || record?.status === 403
    if (e instanceof NoBudgetError) {
      steps.push(step("key", "fail", noBudget(), said("todo_plan_budget")))
    } else {
      steps.push(
        step(
          "key",
          "fail",
          refused
            ? said("key_refused", { status: record!.status!, error: explain(e) })
            : said("key_unanswered", { error: explain(e) }),
          refused
            ? said("key_todo_copy")
            : record?.errorKind === "rate_limited"
              ? said("todo_rate_limited")
              : said("key_todo_api_url", { api_url: options.apiUrl }),
          record?.status && !refused ? { answer: record.response } : {}
        )
      )
    }
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
      steps.push(
        step(
          "customers",
          unknown.length ? "warn" : "ok",
          said("customers_ok", { phones: phones.length }),
          unknown.length ? said("customers_todo_unknown") : null,
          unknown.length ? { unknown_fields: unknown, answer: lastRecord()?.response } : {}
        )
      )
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
      steps.push(
        step(
          "customer",
          odd ? "warn" : "ok",
          said(odd ? "customer_differs" : "customer_ok", { phone: phones[0] }),
          odd ? said("customer_todo_differs") : null,
          odd ? { unknown_fields: unknown, missing_fields: missing, answer } : {}
        )
      )
    } catch (e) {
      steps.push(readFailure("customer", "read_customer", e, lastRecord()))
    }
  } else if (keyOk) {
    steps.push(step("customer", "skipped", said("customer_no_pass"), null))
  }

  // The plan: what the options assume against the 429s seen (this check's and the log's).
  const limits = planLimits(options.plan)
  const seen429 = await walletPass.countRateLimitedCalls(24)
  const allows = { per_second: limits.perSecond, per_hour: limits.perHour }
  steps.push(
    step(
      "plan",
      rateLimited() ? "fail" : seen429 > 0 ? "warn" : "ok",
      rateLimited() ? said("plan_limited", allows) : said("plan_seen", { ...allows, answers: seen429 }),
      rateLimited() || seen429 > 0 ? said("plan_todo") : null
    )
  )

  // External-CRM mode: hooks configured, hooks received, installed passes the store knows.
  steps.push(await modeStep(walletPass, options, phones))
  steps.push(await hooksStep(walletPass, options))
  steps.push(await clockStep(walletPass, records))

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
async function reserveSlot(
  walletPass: WalletPassModuleService,
  options: WalletPassOptions,
  path: string
): Promise<string> {
  const deadline = Date.now() + GATE_WAIT_MS
  for (;;) {
    const reserved = await walletPass.reserveCheckCall(planLimits(options.plan), path)
    if ("id" in reserved && reserved.id) return reserved.id
    const wait = "wait_ms" in reserved ? (reserved.wait_ms ?? 0) : 0
    if (Date.now() + wait > deadline) {
      throw new NoBudgetError(checkText(noBudget()))
    }
    await new Promise((r) => setTimeout(r, Math.max(50, wait)))
  }
}

function skipped(id: CheckStepId): CheckStep {
  return step(id, "skipped", said("skipped_key"), null)
}

const noBudget = () => said("no_budget", { seconds: GATE_WAIT_MS / 1000 })

/** A read that failed: the service's answer did not match our schema (kept), or it refused. */
function readFailure(
  id: CheckStepId,
  request: string,
  e: unknown,
  record: WalletPassCallRecord | undefined
): CheckStep {
  if (e instanceof NoBudgetError) return step(id, "fail", noBudget(), said("todo_plan_budget"))
  const issues = isWalletPassApiError(e) ? (e.issues ?? []) : []
  const mismatch = isWalletPassApiError(e) && e.kind === "invalid_response"
  return step(
    id,
    "fail",
    mismatch
      ? said("read_mismatch", { request, issues: issues.join("; ") || (e as Error).message })
      : said("read_failed", { request, error: (e as Error).message }),
    mismatch
      ? said("read_todo_send")
      : record?.errorKind === "rate_limited"
        ? said("todo_rate_limited")
        : said("read_todo_log"),
    mismatch ? { missing_fields: issues, answer: record?.response } : {}
  )
}

type WalletPassModule = WalletPassModuleService

async function modeStep(
  walletPass: WalletPassModule,
  options: WalletPassOptions,
  phones: string[]
): Promise<CheckStep> {
  if (!options.hooks) return step("mode", "ok", said("mode_builtin"), null)
  const received = await walletPass.listWalletPassHookDeliveries({}, { select: ["id"], take: 1 })
  const known = phones.length ? await walletPass.listWalletPassHolders({ phone: phones }, { select: ["phone"] }) : []
  const strangers = phones.filter((p) => !known.some((h: { phone: string | null }) => h.phone === p))
  if (strangers.length > 0 && received.length === 0) {
    return step(
      "mode",
      "fail",
      said("mode_strangers", { phones: strangers.slice(0, 3).join(", ") }),
      said("mode_todo_strangers")
    )
  }
  return received.length
    ? step("mode", "ok", said("mode_hooks"), null)
    : step("mode", "warn", said("mode_no_hook"), said("mode_todo_install"))
}

async function hooksStep(walletPass: WalletPassModule, options: WalletPassOptions): Promise<CheckStep> {
  const h = options.hooks
  if (!h) return step("hooks", "skipped", said("hooks_builtin"), null)
  await walletPass.flushHookRefusals()
  const backend = process.env.MEDUSA_BACKEND_URL ?? null
  const url = backend ? `${backend.replace(/\/+$/, "")}/hooks/wallet-pass` : null
  const auth = h.crmKey !== undefined ? said("hooks_auth_crm_key") : said("hooks_auth_basic")
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
  const notHttps = !!url && !url.startsWith("https://")
  const facts = said("hooks_facts", {
    url: url ? said(notHttps ? "hooks_url_not_https" : "hooks_url", { url }) : said("hooks_url_unknown"),
    auth,
    address: h.allowedIp ? said("hooks_address", { ip: h.allowedIp }) : said("hooks_address_any"),
    last: last
      ? said("hooks_last", {
          method: last.method ?? "unknown",
          at: new Date(last.created_at as unknown as string).toISOString(),
          outcome: last.outcome,
          status: last.status_code,
        })
      : said("hooks_last_none"),
  })
  if (refusedLast) {
    return step(
      "hooks",
      "fail",
      said("hooks_refused", { facts, status: lastRefusal.status, reason: lastRefusal.reason }),
      lastRefusal.status === 401 ? said("hooks_todo_credential") : said("hooks_todo_headers")
    )
  }
  return step("hooks", notHttps || !url ? "warn" : "ok", facts, notHttps ? said("hooks_todo_https") : null)
}

async function clockStep(walletPass: WalletPassModuleService, records: WalletPassCallRecord[]): Promise<CheckStep> {
  const dbSkew = Math.abs((await walletPass.getDatabaseTime()).getTime() - Date.now()) / 1000
  const dated = records.find((r) => r.serverDate)
  const serviceSkew = dated
    ? Math.abs(Date.parse(dated.serverDate!) - (Date.parse(dated.startedAt) + dated.durationMs / 2)) / 1000
    : null
  const worst = Math.max(dbSkew, serviceSkew ?? 0)
  const db_seconds = Math.round(dbSkew * 10) / 10
  const found =
    serviceSkew === null
      ? said("clock_no_date", { db_seconds })
      : said("clock_service", { db_seconds, service_seconds: Math.round(serviceSkew) })
  const late = worst > CLOCK_TOLERANCE_SECONDS
  return step("clock", late ? "fail" : "ok", found, late ? said("clock_todo") : null)
}

/** Top-level keys of an answer that a schema's shape does not name. */
function unknownFields(answer: unknown, known: string[]): string[] {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return []
  return Object.keys(answer).filter((k) => !known.includes(k))
}
