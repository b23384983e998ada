import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../modules/wallet-pass"
import { OPERATION_PRIORITY } from "../modules/wallet-pass/constants"
import { planLimits, WalletPassOptions } from "../modules/wallet-pass/options"
import { LATE_LANDING_METHODS } from "../modules/wallet-pass/repositories/queue"
import type WalletPassModuleService from "../modules/wallet-pass/service"
import { fromMinorUnits } from "../modules/wallet-pass/utils/amounts"
import type { PushType } from "../lib/constants"
import { type CountryCode, formatBirthday, tryNormalizePhone } from "../lib/phone"
import { phoneCountry } from "../utils/phone-country"
import {
  isWalletPassApiError,
  UserCreateOrUpdateInput,
  WalletPassApiError,
  WalletPassCallRecord,
  WalletPassClient,
} from "../lib/wallet-pass-client"
import { serviceClient } from "./client"
import { applyEffects, applyFailure, applyNotFound } from "./effects"
import { isCustomerNotFound } from "./service-customer"
import { runRequestFailed } from "./sync-effects"
import type { OperationRow, SettleInput } from "../modules/wallet-pass/types"

/** The user_create_or_update field of each kind of personal push (spec 4.2 rule 2). */
const PERSONAL_PUSH_FIELDS = { push: "push", webpush: "send_webpush", telegram: "send_telegram" } as const

/** A request built before a wait for the gate is still sent as built after a wait this short. */
const REUSE_AFTER_WAIT_MS = 2000
const MAX_SLEEP_MS = 5000
/** How long to step back when another process holds the send lock of the request built. */
const LOCK_BUSY_PAUSE_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)))

/**
 * A request the service fails (5xx, reset, timeout, refused connection) is retried with
 * exponential backoff and fails for good after this many failures that were its own: the
 * failures of one outage count once (see queue.ts countServiceFailure), so an outage of any length
 * only delays the queue, while a request the service keeps failing for itself ends in
 * review. From its second failure of its own a request waits out its whole backoff (see
 * queue.ts releaseServiceBackoffs), so the tenth comes some 20 minutes after the first.
 */
export const MAX_ATTEMPTS = 10
const BACKOFF_BASE_SECONDS = 5
/**
 * The longest backoff: how long the queue may take to notice that the service is back
 * when nothing else is sent; the first good answer then makes every request due that the
 * outage failed (and no other: see queue.ts releaseServiceBackoffs).
 */
const BACKOFF_CAP_SECONDS = 300
/** A 4xx other than 429 will not get better by itself: a few tries (a key being fixed), then fail. */
const MAX_REJECTED_ATTEMPTS = 3

export type DrainStats = { sent: number; applied: number; not_applied: number; ambiguous: number; waited_ms: number }

type Send = {
  call: (client: WalletPassClient) => Promise<Record<string, unknown>>
  atMostOnce: boolean
  /** The request texts the customer (an SMS): a repeat after an ambiguous outcome must not. */
  texts?: boolean
  /** Texts the call log must not keep (a verification code). */
  redact?: string[]
}

let draining: Promise<DrainStats> | null = null

/**
 * Sends queued requests until none is due or `budgetMs` has passed, one at a time, each
 * only when the shared rate gate allows it. One drain per process at a time (a second
 * call joins the running one); several processes drain together safely.
 */
export function drainQueue(container: MedusaContainer, { budgetMs = 50_000 }: { budgetMs?: number } = {}): Promise<DrainStats> {
  draining ??= drain(container, budgetMs).finally(() => {
    draining = null
  })
  return draining
}

async function drain(container: MedusaContainer, budgetMs: number): Promise<DrainStats> {
  const walletPass = container.resolve(WALLET_PASS_MODULE)
  const options = walletPass.getOptions()
  const limits = planLimits(options.plan)
  const stats: DrainStats = { sent: 0, applied: 0, not_applied: 0, ambiguous: 0, waited_ms: 0 }
  const deadline = Date.now() + budgetMs

  await walletPass.runQueueMaintenance({ priority: OPERATION_PRIORITY.accrual })
  // The request is built first and its slot reserved last, so reservation-to-send is a
  // commit and a local write. After a short wait for the gate the same request is used.
  // The country that reads phones without "+" is looked up only when there is something to
  // send (an idle drain runs every second).
  let prepared: { operation: OperationRow; send: Send | Error; country: CountryCode } | null = null
  // The send lock of the prepared request (see holdSendLock): taken before its claim, kept
  // over waits for the gate (one round trip less when the slot opens), released once the
  // outcome is recorded or the request is given up.
  let held = null as { id: string; release: () => Promise<void> } | null
  const letGo = async () => {
    await held?.release()
    held = null
  }
  try {
    while (Date.now() < deadline) {
      if (!prepared) {
        await letGo()
        const next = await walletPass.peekNextOperation(limits)
        if (!next) break
        prepared = {
          operation: next,
          send: await buildSend(container, walletPass, options, next).catch(asError),
          country: (await phoneCountry(container)).country,
        }
      }
      if (held?.id !== prepared.operation.id) {
        await letGo()
        const release = await walletPass.holdSendLock(prepared.operation.id)
        if (!release) {
          // Another process is sending it (or recovering it): look again in a moment.
          prepared = null
          await sleep(LOCK_BUSY_PAUSE_MS)
          continue
        }
        held = { id: prepared.operation.id, release }
      }
      // From before the claim: its reservation time is taken inside, and the commit after it
      // (a slow fsync now and then) delays the departure too.
      const claimedAt = performance.now()
      const claim = await walletPass.claimNextOperation(limits, prepared.operation.id)
      if (claim.kind === "idle") break
      if (claim.kind === "changed") {
        prepared = null
        continue
      }
      if (claim.kind === "wait") {
        // Sleep at most a few seconds at a time: the gate is asked again, so a block lifted or
        // calls removed by someone else are noticed.
        const wait = Math.min(claim.wait_ms, MAX_SLEEP_MS, deadline - Date.now())
        if (wait <= 0) break
        stats.waited_ms += wait
        await sleep(wait)
        if (wait > REUSE_AFTER_WAIT_MS) prepared = null // data may have moved on: build again
        continue
      }
      stats.sent++
      const outcome = await sendOne(container, walletPass, claim.operation, claim.api_call_id, prepared, options, claimedAt)
      stats[outcome]++
      prepared = null
    }
  } finally {
    await letGo()
  }
  return stats
}

async function sendOne(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  apiCallId: string,
  { send: built, country }: { send: Send | Error; country: CountryCode },
  options: WalletPassOptions,
  claimedAt: number
): Promise<"applied" | "not_applied" | "ambiguous"> {
  const { client, last } = serviceClient(options, country)
  last.record = undefined
  const started = performance.now()
  let response: Record<string, unknown> | undefined
  let error: unknown = built instanceof Error ? built : undefined
  const send = built instanceof Error ? undefined : built
  if (send) {
    try {
      response = await send.call(client)
    } catch (e) {
      error = e
    }
  }
  // Set by the client's onCall during the call above (TypeScript cannot see that).
  const record = last.record as WalletPassCallRecord | undefined
  const call = {
    status: record?.status ?? null,
    duration_ms: Math.round(performance.now() - started),
    request: send?.redact?.length ? maskIn(record?.request ?? null, send.redact) : record?.request ?? null,
    response: record?.response ?? null,
    error: error ? describe(error) : null,
    // Counted from when the answer came back, the latest the request can have reached the
    // service: a first request's lazy setup or a new connection (TLS) happens inside the call.
    send_delay_ms: performance.now() - claimedAt,
  }

  if (!error || (operation.method === "read_customer" && isCustomerNotFound(error))) {
    // Effects first: should the process die before the operation is marked done, it is
    // sent again, and only idempotent requests have effects here. A read answered "no such
    // customer" is an answer too (adoption of a phone the service does not know).
    if (error) await applyNotFound(container, walletPass, operation)
    else await applyEffects(container, walletPass, operation, response ?? {})
    if (error) {
      await walletPass.recordSendOutcome({
        operation_id: operation.id,
        api_call_id: apiCallId,
        call: { ...call, outcome: "not_applied" },
        settle: { state: "done", result: { not_found: true }, last_error: null },
      })
      return "not_applied"
    }
    await walletPass.recordSendOutcome({
      operation_id: operation.id,
      api_call_id: apiCallId,
      call: { ...call, outcome: "applied" },
      settle: { state: "done", result: { response: record?.response ?? response ?? null }, last_error: null },
    })
    return "applied"
  }

  const apiError = isWalletPassApiError(error) ? (error as WalletPassApiError) : undefined
  const outcome = apiError?.outcome ?? "not_applied"
  const settle = await settleFailure(walletPass, operation, apiError, describe(error), send?.atMostOnce ?? false)
  if (send?.texts && outcome === "ambiguous") {
    // The text may have gone out: a repeat of this request must not send it again.
    settle.result = { ...settle.result, sms_maybe_sent: true }
  }
  const settled = await walletPass.recordSendOutcome({
    operation_id: operation.id,
    api_call_id: apiCallId,
    call: { ...call, outcome },
    settle,
    block_gate_seconds: apiError?.kind === "rate_limited" ? apiError.retryAfterSeconds ?? 1 : undefined,
  })
  if (settled.state === "failed" || settled.state === "needs_review") {
    await applyFailure(walletPass, settled)
    await runRequestFailed(walletPass, settled)
  }
  if (settle.state === "pending" || settled.state === "failed") {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`wallet-pass: ${operation.method} ${operation.id} not applied (attempt ${operation.attempts}): ${describe(error)}`)
  }
  return outcome
}

/** Where a request that did not clearly succeed goes next (design.md §4). */
async function settleFailure(
  walletPass: WalletPassModuleService,
  operation: OperationRow,
  error: WalletPassApiError | undefined,
  message: string,
  atMostOnce: boolean
): Promise<SettleInput> {
  if (!error || error.refusedLocally) {
    // Our own request could not be built or was refused before sending: retrying won't help.
    return { state: "failed", last_error: message }
  }
  if (error.outcome === "ambiguous") {
    if (operation.method === "balance_add" || operation.method === "balance_deduct") {
      // The echo hook may already have proved it applied while we were waiting for the answer.
      const now = await walletPass.retrieveOperationRow(operation.id)
      if (now.result?.echo_transaction_id) {
        return { state: "resolved", last_error: message, result: { resolution: "echo" } }
      }
      const grace = walletPass.getOptions().dispatcher.echoGraceSeconds
      return { state: "unknown", last_error: message, retry_in_seconds: grace }
    }
    if (atMostOnce) {
      return { state: "needs_review", last_error: `${message} (may have been applied; not re-sent)` }
    }
  }
  // Sent again once the first can no longer land (LATE_LANDING_METHODS).
  const hold =
    error.outcome === "ambiguous" && LATE_LANDING_METHODS.includes(operation.method)
      ? walletPass.getOptions().dispatcher.echoGraceSeconds
      : null
  if (error.kind === "rate_limited") {
    return { state: "pending", last_error: message, retry_in_seconds: error.retryAfterSeconds ?? 1, result: { retry: "rate_limited" } }
  }
  if (error.kind === "rejected") {
    if (operation.attempts >= MAX_REJECTED_ATTEMPTS) {
      return { state: "failed", last_error: message }
    }
    return { state: "pending", last_error: message, retry_in_seconds: backoff(operation.attempts), result: { retry: "rejected" } }
  }
  // The service is in trouble (or was, for this request): counted when recorded.
  return {
    state: "pending",
    last_error: message,
    retry_in_seconds: backoff(operation.attempts),
    hold_seconds: hold,
    service_failure: { give_up_after: MAX_ATTEMPTS },
  }
}

/** A logged request with each of `secrets` masked wherever it appears. */
function maskIn(value: unknown, secrets: string[]): unknown {
  if (value === null || value === undefined) return value
  let text = JSON.stringify(value)
  for (const secret of secrets) text = text.split(secret).join("••••••")
  return JSON.parse(text)
}

function backoff(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_SECONDS)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Builds the request from current data (a profile or balance sent late is sent as it is now). */
async function buildSend(
  container: MedusaContainer,
  walletPass: WalletPassModuleService,
  options: WalletPassOptions,
  operation: OperationRow
): Promise<Send> {
  const holder = operation.holder_id ? await walletPass.retrieveWalletPassHolder(operation.holder_id) : null
  const payload = operation.payload

  switch (operation.method) {
    case "balance_add":
    case "balance_deduct": {
      const [entry] = await walletPass.listWalletPassLedgerEntries({ id: operation.ledger_entry_id! })
      const input = { phone: holder!.phone!, sum: fromMinorUnits(Math.abs(entry.amount)) }
      return {
        atMostOnce: false,
        call: (c) => (operation.method === "balance_add" ? c.balanceAdd(input) : c.balanceDeduct(input)),
      }
    }
    case "user_create_or_update": {
      const type = payload.type as "enroll" | "profile" | "balance_sync" | "push" | "install_link" | "verify"
      const input: UserCreateOrUpdateInput = { phone: holder!.phone! }
      if (type === "push") {
        // Only the message: a push must not change a variable a template notification is bound to (spec §3).
        input[PERSONAL_PUSH_FIELDS[payload.push_type as PushType]] = String(payload.message)
        return { atMostOnce: true, call: (c) => c.userCreateOrUpdate(input) }
      }
      if (type === "verify") {
        // The code travels only in this text (it is derived, stored nowhere); the call log
        // keeps the text with the code masked.
        const { text, code } = walletPass.verificationText(String(payload.verification_id))
        input.sms = text
        if (text.includes("%link%") && options.installLink) input.link = options.installLink.formUrl
        return { atMostOnce: true, texts: true, redact: [code], call: (c) => c.userCreateOrUpdate(input) }
      }
      if (type === "install_link") {
        if (!options.installLink) throw new Error("installLink is not configured")
        input.link = options.installLink.formUrl
        input.sms = options.installLink.sms
        return { atMostOnce: true, call: (c) => c.userCreateOrUpdate(input) }
      }
      if (type !== "balance_sync") {
        Object.assign(input, await profileFields(container, holder!))
        if (options.templateUuid) input.template_uuid = options.templateUuid
      }
      let texts = false
      if (type === "enroll" && options.installLink && (await needsInstallText(walletPass, holder!.id, operation))) {
        input.link = options.installLink.formUrl
        input.sms = options.installLink.sms
        texts = true
      }
      if (type === "balance_sync") {
        // An absolute set: idempotent, so safe to send again whatever happened before. Only
        // ever for an adopted holder (the queue sends nothing else for one that is not), and
        // an enrolment never carries a balance: the service keeps what it has until then.
        input.balance = fromMinorUnits(Math.max(0, await walletPass.getServiceVisibleBalance(holder!.id, operation.id)))
      }
      return { atMostOnce: false, texts, call: (c) => c.userCreateOrUpdate(input) }
    }
    case "status":
      return { atMostOnce: false, call: (c) => c.status() }
    case "read_customer": {
      // A holder's (adoption, refresh, cards), or a phone of a sweep (import, drift check).
      const phone = holder?.phone ?? (typeof payload.phone === "string" ? payload.phone : null)
      if (!phone) throw new Error(`read_customer ${operation.id} has no phone to read`)
      return { atMostOnce: false, call: (c) => c.readCustomer({ phone, installs: true, invites: true }) }
    }
    case "read_customers": {
      const page = {
        start_date: String(payload.start_date),
        end_date: String(payload.end_date),
        offset: Number(payload.offset ?? 0),
        ...(typeof payload.installed === "boolean" ? { installed: payload.installed } : {}),
      }
      return { atMostOnce: false, call: (c) => c.readCustomers(page) }
    }
    case "event_send": {
      const input = { phone: holder!.phone!, event: String(payload.event), ...(payload.value ? { value: String(payload.value) } : {}) }
      return { atMostOnce: true, call: (c) => c.eventSend(input) }
    }
    case "push_create":
    case "push_send": {
      const campaign = await walletPass.retrieveWalletPassCampaign(String(payload.campaign_id))
      if (operation.method === "push_send") {
        if (!campaign.remote_uuid) throw new Error(`campaign ${campaign.id} was not created at the service yet`)
        return { atMostOnce: true, call: (c) => c.pushSend({ push_uuid: campaign.remote_uuid! }) }
      }
      const input = {
        message: campaign.message,
        type: campaign.type,
        ...(campaign.name ? { name: campaign.name } : {}),
        ...(campaign.segment_uuid ? { segment_uuid: campaign.segment_uuid } : {}),
      }
      return { atMostOnce: true, call: (c) => c.pushCreate(input) }
    }
    default:
      throw new Error(`wallet-pass: no request builder for ${operation.method} yet`)
  }
}

type HolderRow = Awaited<ReturnType<WalletPassModuleService["retrieveWalletPassHolder"]>>

/**
 * Whether an enrolment texts the install link: not when the holder has an installed card
 * already (a phone the service knew), and not again when an earlier attempt's outcome was
 * ambiguous (the text may have gone out).
 */
async function needsInstallText(walletPass: WalletPassModuleService, holderId: string, operation: OperationRow): Promise<boolean> {
  if (operation.result?.sms_maybe_sent) return false
  const installed = await walletPass.listWalletPassCards({ holder_id: holderId, installed: true }, { select: ["id"], take: 1 })
  return installed.length === 0
}

/** Profile of a holder as the service takes it; the service needs a name to create a customer. */
async function profileFields(container: MedusaContainer, holder: HolderRow): Promise<Partial<UserCreateOrUpdateInput>> {
  const customer = holder.customer_id
    ? await container
        .resolve(Modules.CUSTOMER)
        .retrieveCustomer(holder.customer_id, { select: ["id", "first_name", "last_name", "email"] })
        .catch(() => null)
    : null
  const name = holder.name ?? customer?.first_name ?? customer?.last_name ?? customer?.email?.split("@")[0] ?? holder.phone!
  const fields: Partial<UserCreateOrUpdateInput> = { name }
  const surname = holder.surname ?? customer?.last_name
  const email = holder.email ?? customer?.email
  if (surname) fields.surname = surname
  if (holder.middlename) fields.middlename = holder.middlename
  if (email) fields.email = email
  if (holder.birthday) fields.birthday = formatBirthday(holder.birthday, "request")
  if (holder.customer_id) fields.customerId = holder.customer_id
  return fields
}
