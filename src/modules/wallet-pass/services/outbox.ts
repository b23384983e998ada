import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import type { RateLimits } from "../../../lib/constants"
import { LedgerRepository } from "../repositories/ledger"
import { CoalesceRepository } from "../repositories/coalesce"
import { ForecastRepository } from "../repositories/forecast"
import { backgroundPerHour, eventsPerDay, forecastQueue, openPerHour, type QueueForecast } from "../rules/plan"
import { OPERATION_PATHS, QueueRepository } from "../repositories/queue"
import { QueueClassRepository } from "../repositories/classes"
import { OperationChangeRepository } from "../repositories/operation-changes"
import { SendFactsRepository } from "../repositories/send-facts"
import { coalescingPlan } from "../rules/coalescing"
import type { CallRecord, EnqueueInput, OperationRow, NextSend, QueueHealth, SendFacts, SettleInput } from "../types"
import { InternalService } from "../utils/internal-service"
import { operationKeys } from "../keys"
import { BALANCE_METHODS, OPEN_PRIORITY } from "../constants"
import { lockLiveHolder } from "./balance-door"

/**
 * The outbox: the durable queue of requests to the service and the rate gate every process
 * shares (docs/architecture.md, "The queue"). The dispatcher (src/outbound) drains it with
 * one call per request, sendNext, inside which it claims and records the outcome under the
 * request's send lock.
 */
export class OutboxService extends InternalService {
  /** Queues a request to the service once per dedupe key (in the caller's transaction when there is one). */
  @InjectTransactionManager()
  async enqueueOperation(
    input: EnqueueInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ operation: OperationRow; created: boolean }> {
    return new QueueRepository(this.knex_(sharedContext)).insertOperation(input)
  }

  /**
   * The drain's send of one request (docs/architecture.md, "The drain"): the operation the
   * queue would send next, its send lock (see queue.ts `sendLockKey`) and what its request is
   * built from, handed to `send`, which claims, sends and records the outcome through the
   * module's other methods. The lock is held on a connection of its own, a transaction the
   * module keeps and ends once `send` has settled (thrown too): held from before the claim
   * until the outcome is recorded, and no open transaction leaves the module. `busy` when
   * another process holds the lock; `idle` when nothing is due.
   */
  @InjectManager()
  async sendNext<T>(
    limits: RateLimits,
    send: (next: { operation: OperationRow; facts: SendFacts }) => Promise<T>,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<NextSend<T>> {
    const knex = this.knex_(sharedContext)
    const operation = await new QueueRepository(knex).pickNextOperation({
      lock: false,
      backgroundPerHour: backgroundPerHour(limits, this.options_.sync.budgetShare),
      openPerHour: openPerHour(limits, this.options_.dispatcher.openShare),
      eventsPerDay: eventsPerDay(this.options_),
    })
    if (!operation) {
      return { kind: "idle" }
    }
    const trx = await knex.transaction()
    let facts: SendFacts | null
    try {
      facts = await this.lockAndReadFacts_(trx, operation)
    } catch (e) {
      await trx.rollback().catch(() => undefined)
      throw e
    }
    if (!facts) {
      await trx.rollback()
      return { kind: "busy" }
    }
    try {
      return { kind: "sent", result: await send({ operation, facts }) }
    } finally {
      // Ending the transaction releases the lock; a broken connection has released it already.
      await trx.commit().catch(() => undefined)
    }
  }

  /**
   * The send lock and what the request is built from (repositories/send-facts.ts), on `trx`.
   * With coalescing, the holder's balance changes waiting right behind the request are read
   * too, and the request carries them when it can (rules/coalescing.ts). The visible balance
   * is read only for a balance set, or a request that carries changes. Null: the lock is held
   * elsewhere.
   */
  private async lockAndReadFacts_(trx: Knex, operation: OperationRow): Promise<SendFacts | null> {
    const facts = await new SendFactsRepository(trx).lockAndRead(operation)
    if (!facts) return null
    const { holder } = facts
    const plan =
      this.coalescing() && holder && (facts.entry_amount !== null || !operation.ledger_entry_id)
        ? coalescingPlan(operation, await new CoalesceRepository(trx).waitingBehind(operation))
        : null
    // A balance set, or a request that took changes over when it was first claimed (coalescing).
    // Under revision 2.7.2 a balance change goes as the absolute balance too: that revision has
    // no balance/add or balance/deduct (docs/service-api.md, "Revisions").
    const balanceSync =
      (operation.method === "user_create_or_update" &&
        (operation.payload.type === "balance_sync" || operation.payload.sets_balance === true)) ||
      (this.options_.revision === "2.7.2" &&
        (operation.method === "balance_add" || operation.method === "balance_deduct"))
    return {
      ...facts,
      // What the service should show once this request (and the changes it carries) applied.
      visible_balance:
        (balanceSync || plan) && holder
          ? (await new QueueRepository(trx).serviceVisibleBalance(holder.id, operation.id)) + (plan?.amount ?? 0)
          : null,
      coalesced: plan?.operation_ids ?? null,
    }
  }

  /**
   * Whether a holder's waiting balance changes go as one balance set (option
   * dispatcher.coalesce). Only with an external CRM: there the service keeps no balance of its
   * own (it shows what the store answers), so a set overwrites nothing the store did not adopt.
   * With the built-in base the service may change a balance itself, which a relative change
   * keeps and a set would not (docs/architecture.md, "Coalescing").
   */
  coalescing(): boolean {
    return this.options_.dispatcher.coalesce && !!this.options_.hooks
  }

  /**
   * Takes the next request to send, if the rate gate allows one now: gate check, choice of
   * operation and slot reservation (its API call row) are one transaction, so instances
   * never exceed the limits together and a `sending` operation always has its call row.
   * `coalesced`: the waiting balance changes the prepared request carries (SendFacts): taken
   * over in the same transaction; the operation that goes may then be a new balance set in
   * the first one's place.
   */
  @InjectTransactionManager()
  async claimNextOperation(
    limits: RateLimits,
    expectedId?: string | null,
    coalesced?: string[] | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<
    | { kind: "send"; operation: OperationRow; api_call_id: string }
    | { kind: "wait"; wait_ms: number }
    | { kind: "idle" }
    | { kind: "changed" }
  > {
    const knex = this.knex_(sharedContext)
    const queue = new QueueRepository(knex)
    const gate = await queue.checkGate(limits)
    if (!gate.allowed) {
      return { kind: "wait", wait_ms: gate.wait_ms }
    }
    const next = await queue.pickNextOperation({
      backgroundPerHour: backgroundPerHour(limits, this.options_.sync.budgetShare),
      openPerHour: openPerHour(limits, this.options_.dispatcher.openShare),
      eventsPerDay: eventsPerDay(this.options_),
    })
    if (!next) {
      return { kind: "idle" }
    }
    if (expectedId && next.id !== expectedId) {
      // The request was built for another operation (taken by another instance, or a more
      // urgent one arrived): nothing is reserved, the caller builds again.
      return { kind: "changed" }
    }
    const sent = coalesced?.length ? await this.takeOver_(knex, next, coalesced) : next
    if (!sent) {
      return { kind: "changed" }
    }
    const reserved = await queue.reserveSend(sent, OPERATION_PATHS[sent.method])
    return { kind: "send", ...reserved }
  }

  /**
   * Takes over the planned followers of `head` in the claim's transaction: the request that
   * goes is `head` itself when it sets values anyway, else a new balance set in `head`'s
   * place in the queue. The carried requests are resolved as coalesced into it: never sent, so
   * no echo of them is expected (repositories/coalesce.ts). Null when the plan is stale (a
   * follower is no longer pending): the caller prepares again.
   */
  private async takeOver_(knex: Knex, head: OperationRow, followerIds: string[]): Promise<OperationRow | null> {
    const coalesce = new CoalesceRepository(knex)
    if ((await coalesce.lockPendingFollowers(head, followerIds)) !== followerIds.length) return null
    if (!BALANCE_METHODS.includes(head.method)) {
      await coalesce.markSetsBalance(head.id)
      await coalesce.resolveCoalesced(followerIds, head.id)
      return head
    }
    const set = await coalesce.insertSetInPlaceOf(head.id)
    if (!set) return null
    await coalesce.resolveCoalesced([head.id, ...followerIds], set.id)
    return set
  }

  /**
   * Records what a request achieved: its call log row, the operation's new state, a 429's
   * block. A good answer also makes the requests backing off after service trouble due now;
   * a service failure is counted here (SettleInput.service_failure). `sets_balance`: the
   * absolute balance an applied request set (minor units); when what the service should show
   * has moved since it was built (a credit of the service's own, through a hook, while the
   * set was out), another set is queued: the set may have landed after that credit.
   */
  @InjectTransactionManager()
  async recordSendOutcome(
    input: {
      operation_id: string
      api_call_id: string
      call: CallRecord
      settle: SettleInput
      block_gate_seconds?: number
      sets_balance?: number | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OperationRow> {
    const queue = new QueueRepository(this.knex_(sharedContext))
    await queue.completeApiCall(input.api_call_id, input.call)
    if (input.block_gate_seconds) {
      await queue.blockGate(input.block_gate_seconds)
    }
    if (input.call.outcome === "applied") {
      await queue.releaseServiceBackoffs()
    }
    let settle = input.settle
    if (settle.service_failure) {
      // Counted (queue.ts countServiceFailure), then either backing off marked for release or
      // failed for good.
      const { failures, at } = await queue.countServiceFailure(input.operation_id, input.api_call_id)
      settle =
        failures >= settle.service_failure.give_up_after
          ? { state: "failed", last_error: settle.last_error, result: { ...settle.result, service_failures: failures } }
          : {
              ...settle,
              result: { ...settle.result, retry: "service", service_failures: failures, last_service_failure_at: at },
            }
    }
    if (
      settle.resolve_if_echoed &&
      (await queue.operation(input.operation_id, { forUpdate: true }))?.result?.echo_transaction_id
    ) {
      // The echo hook proved it applied while the answer was awaited.
      settle = { state: "resolved", last_error: settle.last_error, result: { resolution: "echo" } }
    }
    const settled = await queue.settleOperation(input.operation_id, settle)
    if (input.call.outcome === "applied" && input.sets_balance != null && settled.holder_id) {
      const visible = Math.max(0, await queue.serviceVisibleBalance(settled.holder_id, null))
      if (visible !== input.sets_balance) {
        await queue.insertOperation({
          method: "user_create_or_update",
          holder_id: settled.holder_id,
          payload: { type: "balance_sync", reason: `moved while ${settled.id} was out` },
          dedupe_key: operationKeys.balanceResync(settled.id),
          priority: settled.priority,
        })
      }
    }
    return settled
  }

  /**
   * Ends a request the dispatcher withheld (a rule says nothing of it may be written, e.g.
   * rules/service-record.ts): `resolved` with the reason, never sent, no call reserved. Only a
   * request still pending (its send lock is the caller's).
   */
  @InjectTransactionManager()
  async settleWithheldOperation(
    operationId: string,
    reason: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const queue = new QueueRepository(this.knex_(sharedContext))
    const operation = await queue.operation(operationId, { forUpdate: true })
    if (operation?.state !== "pending") return
    await queue.settleOperation(operationId, { state: "resolved", result: { withheld: reason }, last_error: null })
  }

  /** An operation as it is now. */
  @InjectManager()
  async retrieveOperationRow(id: string, @MedusaContext() sharedContext: Context = {}): Promise<OperationRow> {
    return (await new QueueRepository(this.knex_(sharedContext)).operation(id))!
  }

  /**
   * Housekeeping before each drain: requests left `sending` by a dead process are
   * classified, and unknown balance requests past their echo window are resolved by queuing
   * an absolute balance set for the holder.
   */
  @InjectTransactionManager()
  async runQueueMaintenance(
    { priority }: { priority: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ recovered: number; synced: number }> {
    const queue = new QueueRepository(this.knex_(sharedContext))
    // A request still `sending` after the lease (longer than any request's timeouts) belonged to a process that died.
    const { sendingLeaseSeconds, echoGraceSeconds } = this.options_.dispatcher
    const recovered = await queue.recoverStaleSends(sendingLeaseSeconds, echoGraceSeconds)
    const expired = await queue.expireUnknownBalanceSends()
    for (const op of expired) {
      await queue.insertOperation({
        method: "user_create_or_update",
        holder_id: op.holder_id,
        payload: { type: "balance_sync", reason: `resolve ${op.id}` },
        dedupe_key: operationKeys.balanceSync(op.id),
        priority,
      })
    }
    return { recovered: recovered.length, synced: expired.length }
  }

  /** The balance the service should show now (see queue.ts), minor units. */
  @InjectManager()
  async getServiceVisibleBalance(
    holderId: string,
    sendingOperationId: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    return new QueueRepository(this.knex_(sharedContext)).serviceVisibleBalance(holderId, sendingOperationId)
  }

  /**
   * Queues a profile update for a holder unless one is already waiting: updates coalesce
   * because the request is built from the holder's data when it is sent. In class c (a
   * customer's own edits) a new one is due no sooner than `dispatcher.profileSpacingSeconds`
   * after the holder's last profile update went; one that money or the merchant caused
   * (`OPERATION_PRIORITY.follows`, class b) is due now, and takes a waiting update along
   * (docs/architecture.md, "The queue").
   */
  @InjectTransactionManager()
  async enqueueProfileSync(
    holderId: string,
    priority: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ operation: OperationRow; created: boolean }> {
    const knex = this.knex_(sharedContext)
    const queue = new QueueRepository(knex)
    await lockLiveHolder(new LedgerRepository(knex), holderId)
    const classes = new QueueClassRepository(knex)
    const waiting = await queue.pendingProfileUpdate(holderId)
    if (waiting) {
      // A waiting update of a customer's own edits goes now with what money changed (never
      // for another class-c cause: alternating two of them must not get round the spacing).
      const hastened =
        priority < OPEN_PRIORITY && waiting.priority > priority && (await classes.hastenProfile(waiting.id, priority))
      return { operation: hastened || waiting, created: false }
    }
    // At most one a spacing per holder in class c (dispatcher.profileSpacingSeconds): an account
    // renaming itself every second costs a request a spacing, not one a change.
    const due =
      priority >= OPEN_PRIORITY
        ? await classes.profileDueAt(holderId, this.options_.dispatcher.profileSpacingSeconds)
        : null
    return queue.insertOperation({
      method: "user_create_or_update",
      holder_id: holderId,
      payload: { type: "profile" },
      dedupe_key: operationKeys.profile(holderId),
      priority,
      next_attempt_at: due,
    })
  }

  /** Queue and rate-gate health for the admin: counts by state, oldest waiting request, budget used. */
  @InjectManager()
  async getQueueHealth(@MedusaContext() sharedContext: Context = {}): Promise<QueueHealth> {
    const {
      states,
      oldest_age,
      calls,
      blocked_until: blocked,
    } = await new QueueRepository(this.knex_(sharedContext)).health()
    const byState = Object.fromEntries(states.map((r) => [r.state, Number(r.count)]))
    return {
      operations: Object.fromEntries(
        ["pending", "held", "sending", "unknown", "failed", "needs_review", "done", "resolved"].map((st) => [
          st,
          byState[st] ?? 0,
        ])
      ) as QueueHealth["operations"],
      oldest_pending_age_seconds: oldest_age === null ? null : Math.round(Number(oldest_age)),
      calls_last_hour: Number(calls?.hour ?? 0),
      calls_last_second: Number(calls?.second ?? 0),
      blocked_until: blocked && new Date(blocked) > new Date() ? new Date(blocked) : null,
    }
  }

  /**
   * Whether the queue keeps up with what arrives, and when its backlog is gone, at the last
   * hour's pace and the plan's `limits` (rules/plan.ts; docs/operations.md, "Forecast").
   */
  @InjectManager()
  async getQueueForecast(limits: RateLimits, @MedusaContext() sharedContext: Context = {}): Promise<QueueForecast> {
    const open = openPerHour(limits, this.options_.dispatcher.openShare)
    return forecastQueue(await new ForecastRepository(this.knex_(sharedContext)).counts(open), limits)
  }

  /**
   * An admin's decision on a request that needs one: `retry` puts a failed or needs-review
   * request back in the queue now; `resolve` closes it as handled by hand.
   */
  @InjectTransactionManager()
  async reviewOperation(
    input: { id: string; action: "retry" | "resolve"; note?: string | null; actor?: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ before: OperationRow; after: OperationRow }> {
    const queue = new QueueRepository(this.knex_(sharedContext))
    const before = await queue.operation(input.id, { forUpdate: true })
    if (!before) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass operation ${input.id} was not found`)
    }
    if (!["failed", "needs_review"].includes(before.state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Only failed or needs-review operations can be retried or resolved; ${input.id} is ${before.state}`
      )
    }
    const review = { reviewed_by: input.actor ?? null, review_note: input.note ?? null, review_action: input.action }
    const after = await queue.settleOperation(
      input.id,
      input.action === "retry"
        ? { state: "pending", result: review, last_error: before.last_error, retry_in_seconds: 0 }
        : { state: "resolved", result: review, last_error: before.last_error }
    )
    return { before, after }
  }

  /** Withdraws queued requests before they are sent (a step's compensation): deleted, never sent. */
  @InjectTransactionManager()
  async withdrawOperations(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const requests = new OperationChangeRepository(this.knex_(sharedContext))
    for (const id of ids) await requests.withdraw(id)
  }

  /** Puts an operation back as it was (compensation of reviewOperation). */
  @InjectTransactionManager()
  async restoreOperationState(
    before: Pick<OperationRow, "id" | "state" | "next_attempt_at" | "completed_at" | "result">,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new QueueRepository(this.knex_(sharedContext)).restoreState(before)
  }
}
