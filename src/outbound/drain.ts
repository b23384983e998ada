import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CountryCode } from "../lib/phone"
import { isWalletPassApiError, type WalletPassCallRecord } from "../lib/wallet-pass-client"
import {
  type CallRecord,
  OPERATION_PRIORITY,
  type OperationRow,
  planLimits,
  type SendFacts,
  WALLET_PASS_MODULE,
} from "../modules/wallet-pass"
import { phoneCountry } from "../utils/phone-country"
import { serviceClient } from "./client"
import { OPERATIONS, type OperationContext, type ServiceRequest, type Withheld } from "./operations"
import { catchUpDueCardTexts } from "./operations/card-catch-up"
import { retryAfterSeconds, settleFailure } from "./policy"
import { isCustomerNotFound } from "./service-customer"
import { runRequestFailed } from "./sync-effects"
import { backgroundWorkHeld } from "../utils/background-work"

/** A request built before a wait for the gate is still sent as built after a wait this short. */
const REUSE_AFTER_WAIT_MS = 2000
const MAX_SLEEP_MS = 5000
/** How long to step back when another process holds the send lock of the next request. */
const LOCK_BUSY_PAUSE_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

export type DrainStats = { sent: number; applied: number; not_applied: number; ambiguous: number; waited_ms: number }

type Prepared = { ctx: OperationContext; request: ServiceRequest | Error }

let draining: Promise<DrainStats> | null = null
/** Counts requests announced as queued (src/outbound/dispatch.ts): a drain that found nothing looks again if one came meanwhile. */
let queuedSeen = 0

/** A request was queued: a running drain about to stop for lack of work looks once more. */
export function noteQueued(): void {
  queuedSeen++
}

/**
 * Sends queued requests until none is due or `budgetMs` has passed, one at a time, each
 * only when the shared rate gate allows it. One drain per process at a time (a second
 * call joins the running one); several processes drain together safely.
 *
 * Per request (docs/architecture.md, "The drain"): the module's sendNext picks the next
 * operation, takes its send lock, reads what its request is built from and hands them to the
 * drain, which, while the module holds the lock, claims (gate check and slot reservation in
 * one transaction), sends and records (the call, the new state, a 429's block).
 */
export function drainQueue(
  container: MedusaContainer,
  { budgetMs = 50_000 }: { budgetMs?: number } = {}
): Promise<DrainStats> {
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

  await walletPass.runQueueMaintenance({ priority: OPERATION_PRIORITY.money })
  // The request is built first and its slot reserved last, so reservation-to-send is a
  // commit and a local write; its send lock is kept over short waits for the gate. The
  // country that reads phones without "+" is looked up only when there is something to send
  // (an idle drain runs every second).
  let country: CountryCode | undefined
  // The cards the balance door marked due (docs/architecture.md, "One door for a balance
  // change"): when a run starts (a mark outlives a process killed before its catch-up), on each
  // word of the queue's channel while it runs and after a request (OperationContext.catchUpCards).
  // The first look says whether the program's card shows texts: if not, the run looks no more
  // (a program saved since queues its own profile updates). A failed look leaves the marks.
  let cardsInUse = true
  const catchUpCards = async () => {
    if (!cardsInUse) return
    cardsInUse = await catchUpDueCardTexts(container).catch((e) => {
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`wallet-pass: card catch-up: ${describe(e)}`)
      return true
    })
  }
  let cardsSeen = queuedSeen
  await catchUpCards()
  const going = () => Date.now() < deadline && !backgroundWorkHeld()

  /**
   * What happens under one request's send lock (the module holds it while this runs): the
   * request built, then claimed (waiting for the gate while a wait is short), sent and its
   * outcome recorded. `seen`: the queued requests counted before the request was picked.
   * Answers whether the drain goes on to the next request.
   */
  const underLock = async (
    { operation, facts }: { operation: OperationRow; facts: SendFacts },
    seen: number
  ): Promise<"next" | "stop"> => {
    const ctx: OperationContext = { container, walletPass, options, operation, facts, catchUpCards }
    country ??= (await phoneCountry(container)).country
    const request = await build(ctx)
    if ("withheld" in request) {
      // Nothing goes: no claim, no slot of the gate (a rule withheld what it would carry).
      await settleWithheld(ctx, request)
      return "next"
    }
    for (let first = true; ; first = false) {
      if (!first) {
        if (!going()) return "stop"
        seen = queuedSeen
      }
      // From before the claim: its reservation time is taken inside, and the commit after it
      // (a slow fsync now and then) delays the departure too.
      const claimedAt = performance.now()
      const claim = await walletPass.claimNextOperation(limits, operation.id, facts.coalesced)
      if (claim.kind === "idle") return queuedSeen !== seen ? "next" : "stop"
      if (claim.kind === "changed") return "next"
      if (claim.kind === "wait") {
        // Sleep at most a few seconds at a time: the gate is asked again, so a block lifted or
        // calls removed by someone else are noticed.
        const wait = Math.min(claim.wait_ms, MAX_SLEEP_MS, deadline - Date.now())
        if (wait <= 0) return "stop"
        stats.waited_ms += wait
        await sleep(wait)
        if (wait > REUSE_AFTER_WAIT_MS) return "next" // data may have moved on: build again
        continue
      }
      stats.sent++
      const sent = { ctx: { ...ctx, operation: claim.operation }, request }
      stats[await sendOne(sent, claim.api_call_id, country!, claimedAt)]++
      return "next"
    }
  }

  while (going()) {
    if (queuedSeen !== cardsSeen) {
      cardsSeen = queuedSeen
      await catchUpCards()
    }
    const seen = queuedSeen
    const next = await walletPass.sendNext(limits, (prepared) => underLock(prepared, seen))
    if (next.kind === "idle") {
      if (queuedSeen !== seen) continue
      break
    }
    if (next.kind === "busy") {
      // Another process is sending it (or recovering it): look again in a moment.
      await sleep(LOCK_BUSY_PAUSE_MS)
      continue
    }
    if (next.result === "stop") break
  }
  return stats
}

async function build(ctx: OperationContext): Promise<ServiceRequest | Withheld | Error> {
  try {
    return await OPERATIONS[ctx.operation.method].build(ctx)
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e))
  }
}

/** A withheld request: its effects first (as an answer's), then the operation ends `resolved` with the reason. */
async function settleWithheld(ctx: OperationContext, { withheld }: Withheld): Promise<void> {
  await OPERATIONS[ctx.operation.method].onWithheld?.(ctx)
  await ctx.walletPass.settleWithheldOperation(ctx.operation.id, withheld)
}

async function sendOne(
  { ctx, request }: Prepared,
  apiCallId: string,
  country: CountryCode,
  claimedAt: number
): Promise<"applied" | "not_applied" | "ambiguous"> {
  const { walletPass, operation, options, container } = ctx
  const handler = OPERATIONS[operation.method]
  let record: WalletPassCallRecord | undefined
  const started = performance.now()
  let response: Record<string, unknown> | undefined
  let error: unknown = request instanceof Error ? request : undefined
  const send = request instanceof Error ? undefined : request
  if (send) {
    try {
      response = await send.call(serviceClient(options, country).withOnCall((r) => (record = r)))
    } catch (e) {
      error = e
    }
  }
  const call: Omit<CallRecord, "outcome"> = {
    status: record?.status ?? null,
    duration_ms: Math.round(performance.now() - started),
    request: send?.redact?.length ? maskIn(record?.request ?? null, send.redact) : (record?.request ?? null),
    response: record?.response ?? null,
    error: error ? describe(error) : null,
    // Counted from when the answer came back, the latest the request can have reached the
    // service: a first request's lazy setup or a new connection (TLS) happens inside the call.
    send_delay_ms: performance.now() - claimedAt,
  }
  const recordOutcome = (
    input: Omit<Parameters<typeof walletPass.recordSendOutcome>[0], "operation_id" | "api_call_id">
  ) => walletPass.recordSendOutcome({ operation_id: operation.id, api_call_id: apiCallId, ...input })

  if (!error) {
    // Effects first: should the process die before the operation is marked done, it is
    // sent again, and only idempotent requests have effects here.
    await handler.onApplied?.(ctx, response ?? {}, send)
    const result = { response: record?.response ?? response ?? null }
    await recordOutcome({
      call: { ...call, outcome: "applied" },
      settle: { state: "done", result, last_error: null },
      sets_balance: send?.setsBalance,
    })
    if (handler.afterDone) {
      await handler
        .afterDone(ctx)
        .catch((e) =>
          container
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(`wallet-pass: after ${operation.method} ${operation.id}: ${describe(e)}`)
        )
    }
    return "applied"
  }
  if (handler.onNotFound && isCustomerNotFound(error)) {
    // "No such customer" is an answer too (a read of a phone the service does not know).
    await handler.onNotFound(ctx)
    const settle = { state: "done" as const, result: { not_found: true }, last_error: null }
    await recordOutcome({ call: { ...call, outcome: "not_applied" }, settle })
    return "not_applied"
  }

  const apiError = isWalletPassApiError(error) ? error : undefined
  const outcome = apiError?.outcome ?? "not_applied"
  const settle = settleFailure({
    method: operation.method,
    attempts: operation.attempts,
    error: apiError,
    message: describe(error),
    atMostOnce: send?.atMostOnce ?? false,
    echoGraceSeconds: options.dispatcher.echoGraceSeconds,
    finalIfRejected: send?.finalIfRejected ?? false,
    maxRetryAfterSeconds: options.dispatcher.maxRetryAfterSeconds,
  })
  if (send?.texts && outcome === "ambiguous") {
    // The text may have gone out: a repeat of this request must not send it again.
    settle.result = { ...settle.result, sms_maybe_sent: true }
  }
  const settled = await recordOutcome({
    call: { ...call, outcome },
    settle,
    block_gate_seconds:
      apiError?.kind === "rate_limited"
        ? retryAfterSeconds(apiError.retryAfterSeconds, options.dispatcher.maxRetryAfterSeconds)
        : undefined,
  })
  if (settled.state === "failed" || settled.state === "needs_review") {
    await handler.onFailed?.({ ...ctx, operation: settled })
    await runRequestFailed(walletPass, settled)
  }
  if (settle.state === "pending" || settled.state === "failed") {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `wallet-pass: ${operation.method} ${operation.id} not applied (attempt ${operation.attempts}): ${describe(error)}`
      )
  }
  return outcome
}

/** A logged request with each of `secrets` masked wherever it appears. */
function maskIn(value: unknown, secrets: string[]): unknown {
  if (value === null || value === undefined) return value
  let text = JSON.stringify(value)
  for (const secret of secrets) text = text.split(secret).join("••••••")
  return JSON.parse(text)
}
