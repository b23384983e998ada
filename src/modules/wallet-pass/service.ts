import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Context, InferTypeOf } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import {
  EnrollmentState,
  HolderSource,
  HookOutcome,
  LEDGER_KINDS,
  LedgerKind,
  MAX_AMOUNT_MINOR,
  OPERATION_PRIORITY,
} from "./constants"
import {
  WalletPassApiCall,
  WalletPassCampaign,
  WalletPassCard,
  WalletPassGate,
  WalletPassHolder,
  WalletPassHookDelivery,
  WalletPassLedgerEntry,
  WalletPassOperation,
} from "./models"
import { parseWalletPassOptions, WalletPassOptions } from "./options"
import { percentToBasisPoints } from "./utils/amounts"
import { GroupWriter } from "./utils/group-writer"
import type { RateLimits } from "../../lib/constants"
import {
  blockGate,
  CallRecord,
  checkGate,
  completeApiCall,
  EnqueueInput,
  expireUnknownBalanceSends,
  HELD_UNTIL,
  insertOperation,
  OPERATION_PATHS,
  OperationRow,
  pickNextOperation,
  recoverStaleSends,
  releaseServiceBackoffs,
  reserveSend,
  sendLockKey,
  serviceVisibleBalance,
  settleOperation,
  settleServiceFailure,
  SettleInput,
} from "./queue"

/** A balance change to apply once (see {@link WalletPassModuleService.applyLedgerEntry}). */
export type ApplyLedgerEntryInput = {
  holder_id: string
  /** Signed, in minor units (hundredths): positive credits, negative debits. */
  amount: number
  kind: LedgerKind
  /** Makes the change happen once: `order:<id>:accrual`, `hook:<transactionId>`, ... */
  dedupe_key: string
  /** The service's addBalance `transactionId`, also unique. */
  transaction_id?: string | null
  reason?: string | null
  order_id?: string | null
  /** A credit that lapses this many seconds after it is applied (database clock). */
  lifetime_seconds?: number | null
  /** Refuse a debit that would take the balance below zero (redemptions); write-offs leave it false and get flagged. */
  forbid_overdraft?: boolean
  metadata?: Record<string, unknown> | null
}

/** A balance change the service reports (addBalance hook); see applyServiceBalanceHook. */
export type ServiceBalanceChange = {
  /** Signed minor units: a credit, or a write-off when negative. */
  amount: number
  transaction_id: string
  lifetime_seconds?: number | null
}

export type ServiceBalanceResult = ApplyLedgerEntryResult & {
  /** The holder the hook named. */
  holder_id: string
  /** The operation whose balance request this change echoed (then nothing was applied), else null. */
  echo_of_operation_id: string | null
}

/** A row of wallet_pass_ledger_entry as read with SQL. */
export type LedgerEntryRow = {
  id: string
  holder_id: string
  amount: number
  kind: LedgerKind
  state: string
  reason: string | null
  order_id: string | null
  dedupe_key: string
  transaction_id: string | null
  expires_at: Date | null
  remaining: number | null
  expired_at: Date | null
  overdraft: boolean
  balance_after: number
  metadata: Record<string, unknown> | null
  created_at: Date
}

export type ApplyLedgerEntryResult = {
  entry: LedgerEntryRow
  /** False when the dedupe key or transaction id was already applied: nothing changed. */
  created: boolean
  /** True when an earlier entry with this key differs (other holder or amount): a repeat that disagrees. */
  conflicting: boolean
  /** Balance after this call, minor units. */
  balance: number
}

/** An operation in one of these states still needs the dispatcher or a person. */
export const UNFINISHED_OPERATION_STATES = ["pending", "sending", "unknown", "needs_review", "failed"] as const

type HolderDTO = InferTypeOf<typeof WalletPassHolder>
type LedgerEntryDTO = InferTypeOf<typeof WalletPassLedgerEntry>
type OperationDTO = InferTypeOf<typeof WalletPassOperation>

/** See {@link WalletPassModuleService.retrieveCustomerPass}. Amounts in minor units. */
export type CustomerPass = {
  holder: HolderDTO
  balance: number
  ledger: LedgerEntryDTO[]
  operations: OperationDTO[]
}

/** See {@link WalletPassModuleService.getQueueHealth}. */
export type QueueHealth = {
  operations: Record<"pending" | "held" | "sending" | "unknown" | "failed" | "needs_review" | "done" | "resolved", number>
  oldest_pending_age_seconds: number | null
  calls_last_hour: number
  calls_last_second: number
  blocked_until: Date | null
}

export type ExpiredCredit = { holder_id: string; credit_id: string; entry: LedgerEntryRow; balance: number }

const MAX_LIFETIME_SECONDS = 100 * 366 * 24 * 3600

/** How long after our balance request completes its echo hook is still recognised as one. */
export const ECHO_WINDOW_MINUTES = 60

/**
 * Data of the walletPass module: holders, cards, the ledger (the balance of record), the
 * outbound operation queue, the API call log, the hook delivery log and campaigns. The
 * ledger methods guard their rules with database constraints and row locks, so they hold
 * across concurrent requests and several server instances.
 */
export default class WalletPassModuleService extends MedusaService({
  WalletPassHolder,
  WalletPassCard,
  WalletPassLedgerEntry,
  WalletPassOperation,
  WalletPassApiCall,
  WalletPassHookDelivery,
  WalletPassCampaign,
  WalletPassGate,
}) {
  protected readonly options_: WalletPassOptions

  constructor(container: Record<string, unknown>, options: unknown) {
    // @ts-ignore MedusaService's constructor takes the container and options as given
    super(...arguments)
    this.options_ = parseWalletPassOptions(options)
  }

  /** The validated plugin options (routes, jobs and workflows get them from here). */
  getOptions(): WalletPassOptions {
    return this.options_
  }

  /** The bonus rate that applies to a holder, basis points: their own, else the program's (accrual.bonusPercent). */
  effectiveBonusBasisPoints(holder: { bonus_percent_bp: number | null }): number {
    return holder.bonus_percent_bp ?? percentToBasisPoints(this.options_.accrual.bonusPercent) ?? 0
  }

  /**
   * A holder's balance in minor units: applied entries, less what remains of lifetime
   * credits that have lapsed but whose expiry entry is not written yet (database clock).
   */
  @InjectManager()
  async getBalance(holderId: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const balances = await this.balancesOf_([holderId], sharedContext)
    return balances.get(holderId) ?? 0
  }

  /** Balances of several holders at once, minor units; holders without entries get 0. */
  @InjectManager()
  async getBalances(
    holderIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, number>> {
    return this.balancesOf_(holderIds, sharedContext)
  }

  /**
   * The holder a hook is about, and their balance: the holder with that phone, else the
   * one owning one of the card numbers. A card belonging to another holder than the
   * phone's is refused; nobody found is NOT_FOUND (both answer 400). It answers every
   * readBalance, so it goes in the hook batches (see hookBatch_) and commits on its own.
   */
  async findHookHolder(phone: string, cardNumbers: string[]): Promise<{ holder: HookHolder; balance: number }> {
    const found = hookHolderFound<HookHolderRead>(await this.hookBatch_.add({ kind: "read", phone, cards: cardNumbers }), phone, cardNumbers)
    return { holder: found.holder, balance: found.balance }
  }

  /**
   * readBalance and addBalance hooks, answered in batches: the hooks that arrive while a
   * batch runs go in the next one, a single call of wallet_pass_hook_batch (one round trip
   * and one commit for all of them; see the migration that defines it).
   */
  private readonly hookBatch_ = new GroupWriter<HookBatchItem, HookBatchResult>((items) => this.runHookBatch_(items), 100)

  @InjectManager()
  protected async runHookBatch_(items: HookBatchItem[], @MedusaContext() sharedContext: Context = {}): Promise<HookBatchResult[]> {
    const { rows } = await this.knex_(sharedContext).raw<{ rows: { results: HookBatchResult[] }[] }>(
      `SELECT wallet_pass_hook_batch(?::jsonb, ?::int) AS results`,
      [JSON.stringify(items), ECHO_WINDOW_MINUTES]
    )
    return rows[0].results
  }

  /**
   * Writes one line of the hook delivery log. Deliveries answered while a write is running
   * share the next statement (group commit), so under load the log costs a fraction of a
   * round trip per hook; resolves once the line is written.
   */
  recordHookDelivery(input: HookDeliveryInput): Promise<void> {
    return this.deliveryLog_.add(input)
  }

  private readonly deliveryLog_ = new GroupWriter<HookDeliveryInput>((rows) => this.insertHookDeliveries_(rows))

  /** One INSERT for any number of delivery log lines (one array per column, so the statement text never changes). */
  @InjectManager()
  protected async insertHookDeliveries_(rows: HookDeliveryInput[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value))
    await this.knex_(sharedContext).raw(
      // clock_timestamp() per row keeps a batch's lines in the order they were answered.
      `INSERT INTO wallet_pass_hook_delivery
         (id, method, holder_id, phone, transaction_id, status_code, outcome, error, duration_ms, request, response,
          created_at, updated_at)
       SELECT *, clock_timestamp(), clock_timestamp()
         FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::int[],
                     ?::jsonb[], ?::jsonb[])`,
      [
        rows.map(() => generateEntityId(undefined, "wphook")),
        rows.map((r) => r.method),
        rows.map((r) => r.holder_id),
        rows.map((r) => r.phone),
        rows.map((r) => r.transaction_id),
        rows.map((r) => r.status_code),
        rows.map((r) => r.outcome),
        rows.map((r) => r.error),
        rows.map((r) => r.duration_ms),
        rows.map((r) => json(r.request)),
        rows.map((r) => json(r.response)),
      ] as Knex.RawBinding[]
    )
  }

  /**
   * Deletes API call log and hook delivery log rows older than `logs.retentionDays`
   * (database clock), in batches of `batchSize`, each its own statement, so the logs'
   * writers are never held up for long. Safe on several instances at once. The rate gate
   * reads only the last hour of the call log: a retention of a day or more leaves it whole.
   */
  @InjectManager()
  async pruneLogs(
    { batchSize = 5000 }: { batchSize?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ api_calls: number; hook_deliveries: number }> {
    const knex = this.knex_(sharedContext)
    const days = this.options_.logs.retentionDays
    const prune = async (table: string, column: string) => {
      let deleted = 0
      for (;;) {
        // Table and column names are constants of this file, never input.
        const { rowCount } = await knex.raw<{ rowCount: number }>(
          `DELETE FROM ${table} WHERE id IN (
             SELECT id FROM ${table} WHERE ${column} < now() - make_interval(days => ?) LIMIT ?)`,
          [days, batchSize]
        )
        deleted += rowCount
        if (rowCount < batchSize) return deleted
      }
    }
    return {
      api_calls: await prune("wallet_pass_api_call", "started_at"),
      hook_deliveries: await prune("wallet_pass_hook_delivery", "created_at"),
    }
  }

  /**
   * Everything known about one customer's pass: the holder with cards, the balance, the
   * most recent ledger entries and the operations not finished yet. Null when the
   * customer has no holder.
   */
  @InjectManager()
  async retrieveCustomerPass(
    customerId: string,
    { ledgerLimit = 20 }: { ledgerLimit?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<CustomerPass | null> {
    const [holder] = await this.listWalletPassHolders({ customer_id: customerId }, { relations: ["cards"] }, sharedContext)
    if (!holder) {
      return null
    }
    const [balance, ledger, operations] = await Promise.all([
      this.balancesOf_([holder.id], sharedContext).then((b) => b.get(holder.id) ?? 0),
      this.listWalletPassLedgerEntries(
        { holder_id: holder.id },
        { order: { created_at: "DESC" }, take: ledgerLimit },
        sharedContext
      ),
      this.listWalletPassOperations(
        { holder_id: holder.id, state: [...UNFINISHED_OPERATION_STATES] },
        { order: { created_at: "ASC" } },
        sharedContext
      ),
    ])
    return { holder, balance, ledger, operations }
  }

  /**
   * Applies one balance change exactly once. The holder row is locked for the transaction,
   * so changes of one holder are serialised; the unique `dedupe_key` and `transaction_id`
   * make a repeat (even many at once, from several instances) return the first entry and
   * change nothing. Debits consume the soonest-expiring credits first.
   */
  @InjectTransactionManager()
  async applyLedgerEntry(
    input: ApplyLedgerEntryInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ApplyLedgerEntryResult> {
    if (!input.holder_id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid ledger entry: holder_id is required")
    }
    const entry = { ...newLedgerEntry(input), holder_id: input.holder_id }
    const knex = this.knex_(sharedContext)
    await this.lockHolder_(knex, input.holder_id)
    // One statement (wallet_pass_apply_entry): the balance read after the lock, the INSERT
    // that stops at an existing key, a debit's take from lifetime credits.
    const { rows } = await knex.raw<{ rows: { result: AppliedEntryJson }[] }>(
      `SELECT wallet_pass_apply_entry(?::jsonb, ?) AS result`,
      [JSON.stringify(entry), input.amount < 0 && !!input.forbid_overdraft]
    )
    const result = rows[0].result
    if (result.status === "refused") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Insufficient bonus balance: ${result.balance} available, ${-input.amount} requested (minor units)`
      )
    }
    return appliedEntry(result)
  }

  /**
   * Handles a balance change the service reports (addBalance hook, naming the holder by
   * phone and cards) exactly once, under the holder's lock, in a hook batch (see hookBatch_;
   * it commits on its own, whatever the caller's context). wallet_pass_hook_add does it:
   * - a `transactionId` seen before returns the first result and changes nothing;
   * - the echo of our own balance/add or balance/deduct (same holder, same signed amount,
   *   our operation in flight or done within {@link ECHO_WINDOW_MINUTES}) is attached to
   *   our entry instead of crediting again;
   * - anything else is a service credit (positive, with an optional lifetime) or a
   *   write-off (negative; recorded and flagged if it overdraws), written as
   *   applyLedgerEntry writes its entries (wallet_pass_apply_entry).
   */
  async applyServiceBalanceHook(
    input: ServiceBalanceChange & { phone: string; card_numbers: string[] }
  ): Promise<ServiceBalanceResult> {
    const entry = newLedgerEntry({
      amount: input.amount,
      kind: input.amount > 0 ? "service_credit" : "service_debit",
      reason: input.amount > 0 ? "credit from the service" : "write-off from the service",
      dedupe_key: `hook:addBalance:${input.transaction_id}`,
      transaction_id: input.transaction_id,
      lifetime_seconds: input.lifetime_seconds,
    })
    const result = hookHolderFound<HookBalanceChanged>(
      await this.hookBatch_.add({ kind: "add", phone: input.phone, cards: input.card_numbers, entry }),
      input.phone,
      input.card_numbers
    )
    return { ...appliedEntry(result), echo_of_operation_id: result.echo_of_operation_id ?? null, holder_id: result.holder_id }
  }

  /** Queues a request to the service once per dedupe key (in the caller's transaction when there is one). */
  @InjectTransactionManager()
  async enqueueOperation(
    input: EnqueueInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ operation: OperationRow; created: boolean }> {
    return insertOperation(this.knex_(sharedContext), input)
  }

  /**
   * Applies a ledger change and queues the request that tells the service, in one
   * transaction: both happen or neither does. A repeat of the dedupe key changes nothing
   * and queues nothing new.
   */
  @InjectTransactionManager()
  async applyLedgerEntryAndEnqueue(
    entry: ApplyLedgerEntryInput,
    operation: Omit<EnqueueInput, "ledger_entry_id" | "holder_id">,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ApplyLedgerEntryResult & { operation: OperationRow | null }> {
    const applied = await this.applyLedgerEntry(entry, sharedContext)
    if (!applied.created) {
      return { ...applied, operation: null }
    }
    const queued = await insertOperation(this.knex_(sharedContext), {
      ...operation,
      holder_id: entry.holder_id,
      ledger_entry_id: applied.entry.id,
    })
    return { ...applied, operation: queued.operation }
  }

  /**
   * Takes the send lock of an operation (see queue.ts `sendLockKey`) and holds it, on a
   * connection of its own, until the returned release is called. The dispatcher holds it
   * from before the claim until the outcome is recorded. Null when another process has it.
   */
  @InjectManager()
  async holdSendLock(
    operationId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<(() => Promise<void>) | null> {
    const trx = await this.knex_(sharedContext).transaction()
    try {
      const { rows } = await trx.raw<{ rows: { locked: boolean }[] }>(
        `SELECT pg_try_advisory_xact_lock(${sendLockKey("?::text")}) AS locked`,
        [operationId]
      )
      if (!rows[0]?.locked) {
        await trx.rollback()
        return null
      }
    } catch (e) {
      await trx.rollback().catch(() => undefined)
      throw e
    }
    // Ending the transaction releases the lock; a broken connection has released it already.
    return () => trx.commit().then(() => undefined, () => undefined)
  }

  /**
   * Takes the next request to send, if the rate gate allows one now: gate check, choice of
   * operation and slot reservation (its API call row) are one transaction, so instances
   * never exceed the limits together and a `sending` operation always has its call row.
   */
  @InjectTransactionManager()
  async claimNextOperation(
    limits: RateLimits,
    expectedId?: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<
    | { kind: "send"; operation: OperationRow; api_call_id: string }
    | { kind: "wait"; wait_ms: number }
    | { kind: "idle" }
    | { kind: "changed" }
  > {
    const knex = this.knex_(sharedContext)
    const gate = await checkGate(knex, limits)
    if (!gate.allowed) {
      return { kind: "wait", wait_ms: gate.wait_ms }
    }
    const next = await pickNextOperation(knex)
    if (!next) {
      return { kind: "idle" }
    }
    if (expectedId && next.id !== expectedId) {
      // The request was built for another operation (taken by another instance, or a more
      // urgent one arrived): nothing is reserved, the caller builds again.
      return { kind: "changed" }
    }
    const reserved = await reserveSend(knex, next, OPERATION_PATHS[next.method])
    return { kind: "send", ...reserved }
  }

  /**
   * Records what a request achieved: its call log row, the operation's new state, a 429's
   * block. A good answer also makes the requests backing off after service trouble due now;
   * a service failure is counted here (SettleInput.service_failure).
   */
  @InjectTransactionManager()
  async recordSendOutcome(
    input: { operation_id: string; api_call_id: string; call: CallRecord; settle: SettleInput; block_gate_seconds?: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OperationRow> {
    const knex = this.knex_(sharedContext)
    await completeApiCall(knex, input.api_call_id, input.call)
    if (input.block_gate_seconds) {
      await blockGate(knex, input.block_gate_seconds)
    }
    if (input.call.outcome === "applied") {
      await releaseServiceBackoffs(knex)
    }
    const settle = input.settle.service_failure
      ? await settleServiceFailure(knex, input.operation_id, input.api_call_id, input.settle)
      : input.settle
    return settleOperation(knex, input.operation_id, settle)
  }

  /** The operation the queue would send next, without taking it (the request is built before its slot is reserved). */
  @InjectManager()
  async peekNextOperation(@MedusaContext() sharedContext: Context = {}): Promise<OperationRow | undefined> {
    return pickNextOperation(this.knex_(sharedContext), { lock: false })
  }

  /** Re-reads an operation (the echo hook may have changed it while it was being sent). */
  @InjectManager()
  async retrieveOperationRow(id: string, @MedusaContext() sharedContext: Context = {}): Promise<OperationRow> {
    const { rows } = await this.knex_(sharedContext).raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation WHERE id = ?`,
      [id]
    )
    return rows[0]
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
    const knex = this.knex_(sharedContext)
    // A request still `sending` after the lease (longer than any request's timeouts) belonged to a process that died.
    const { sendingLeaseSeconds, echoGraceSeconds } = this.options_.dispatcher
    const recovered = await recoverStaleSends(knex, sendingLeaseSeconds, echoGraceSeconds)
    const expired = await expireUnknownBalanceSends(knex)
    for (const op of expired) {
      await insertOperation(knex, {
        method: "user_create_or_update",
        holder_id: op.holder_id,
        payload: { type: "balance_sync", reason: `resolve ${op.id}` },
        dedupe_key: `sync:${op.id}`,
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
    return serviceVisibleBalance(this.knex_(sharedContext), holderId, sendingOperationId)
  }

  /**
   * Records a store customer in the program and queues their enrolment, in one transaction
   * under the holder's lock. Idempotent per customer: a holder that is enrolled or pending
   * is returned as it is. A holder that never reached the service is enrolled again when
   * `retry` allows it: "phone_added" takes one that had no usable phone (none, invalid, or
   * taken) once the customer has one; "always" (the admin's "enrol now") also retries one
   * the service refused. Without a usable phone the holder is recorded as not enrolled and
   * nothing is queued; a phone already enrolled for another customer is recorded as a
   * failed enrolment. `existing_only` leaves customers without a holder alone.
   */
  @InjectTransactionManager()
  async createHolderForEnrollment(
    input: {
      customer_id: string
      phone: string | null
      phone_problem?: string | null
      source: HolderSource
      profile: { name?: string | null; surname?: string | null; email?: string | null }
      priority: number
      retry?: ReenrollWhen
      existing_only?: boolean
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<EnrollmentResult | null> {
    const knex = this.knex_(sharedContext)
    const existing = await knex.raw<{ rows: EnrollmentBefore[] }>(
      `SELECT id, phone, enrollment_state, enrollment_error FROM wallet_pass_holder
        WHERE customer_id = ? AND deleted_at IS NULL FOR UPDATE`,
      [input.customer_id]
    )
    if (existing.rows[0]) {
      return this.reenroll_(knex, existing.rows[0], input)
    }
    if (input.existing_only) {
      return null
    }
    const { phone, state, error } = await this.enrollablePhone_(knex, input.phone, input.phone_problem ?? null, null)
    const { rows } = await knex.raw<{ rows: { id: string }[] }>(
      `INSERT INTO wallet_pass_holder
         (id, phone, customer_id, source, name, surname, email, enrollment_state, enrollment_error, discount_percent_bp, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, now(), now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        generateEntityId(undefined, "wph"),
        phone,
        input.customer_id,
        input.source,
        input.profile.name ?? null,
        input.profile.surname ?? null,
        input.profile.email ?? null,
        state,
        error,
      ]
    )
    if (!rows[0]) {
      // A concurrent delivery for the same customer (or phone) won: report what it made.
      const again = await knex.raw<{ rows: EnrollmentBefore[] }>(
        `SELECT id, phone, enrollment_state, enrollment_error FROM wallet_pass_holder WHERE customer_id = ? OR phone = ? LIMIT 1`,
        [input.customer_id, phone]
      )
      return unchangedEnrollment(again.rows[0])
    }
    const holderId = rows[0].id
    const operation = state === "pending" ? await this.queueEnrollment_(knex, holderId, `enroll:${holderId}`, input.priority) : null
    return { holder_id: holderId, created: true, operation, state, error, previous: null }
  }

  /** createHolderForEnrollment for a customer who has a holder already (locked by the caller). */
  private async reenroll_(
    knex: Knex,
    before: EnrollmentBefore,
    input: { phone: string | null; phone_problem?: string | null; priority: number; retry?: ReenrollWhen }
  ): Promise<EnrollmentResult> {
    const neverReached = before.enrollment_state === "not_enrolled_no_phone" || before.enrollment_state === "failed"
    const allowed = input.retry === "always" || (input.retry === "phone_added" && before.phone === null)
    if (!neverReached || !allowed || !input.phone) {
      return unchangedEnrollment(before)
    }
    const { phone, state, error } = await this.enrollablePhone_(knex, input.phone, input.phone_problem ?? null, before.id)
    if (phone === before.phone && state === before.enrollment_state && error === before.enrollment_error) {
      return unchangedEnrollment(before)
    }
    await knex.raw(
      `UPDATE wallet_pass_holder SET phone = ?, enrollment_state = ?, enrollment_error = ?, updated_at = now() WHERE id = ?`,
      [phone, state, error, before.id]
    )
    // A key of its own: the first enrolment's key may be taken by the request that failed.
    const operation =
      state === "pending"
        ? await this.queueEnrollment_(knex, before.id, `enroll:${before.id}:${generateEntityId(undefined, "again")}`, input.priority)
        : null
    const { id: _id, ...previous } = before
    return { holder_id: before.id, created: false, operation, state, error, previous }
  }

  /** The phone a holder can be enrolled with: none, or one no other holder has. */
  private async enrollablePhone_(
    knex: Knex,
    phone: string | null,
    problem: string | null,
    holderId: string | null
  ): Promise<{ phone: string | null; state: EnrollmentState; error: string | null }> {
    if (!phone) {
      return { phone: null, state: "not_enrolled_no_phone", error: problem ?? "no phone" }
    }
    const taken = await knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_holder WHERE phone = ? AND deleted_at IS NULL AND id IS DISTINCT FROM ?`,
      [phone, holderId]
    )
    if (taken.rows.length) {
      return { phone: null, state: "failed", error: `phone ${phone} is already enrolled for another customer` }
    }
    return { phone, state: "pending", error: null }
  }

  private async queueEnrollment_(knex: Knex, holderId: string, dedupeKey: string, priority: number): Promise<OperationRow> {
    const queued = await insertOperation(knex, {
      method: "user_create_or_update",
      holder_id: holderId,
      payload: { type: "enroll" },
      dedupe_key: dedupeKey,
      priority,
    })
    return queued.operation
  }

  /**
   * Takes back what createHolderForEnrollment did (a workflow's compensation): a holder it
   * created is deleted, a re-enrolled one gets its earlier state back; its request goes.
   */
  @InjectTransactionManager()
  async undoEnrollment(
    done: EnrollmentUndo,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (done.operation_id) {
      await this.softDeleteWalletPassOperations([done.operation_id], {}, sharedContext)
    }
    if (done.created) {
      await this.deleteWalletPassHolders([done.holder_id], sharedContext)
    } else if (done.previous) {
      await this.updateWalletPassHolders({ id: done.holder_id, ...done.previous }, sharedContext)
    }
  }

  /**
   * Queues a profile update for a holder unless one is already waiting: updates coalesce
   * because the request is built from the holder's data when it is sent.
   */
  @InjectTransactionManager()
  async enqueueProfileSync(
    holderId: string,
    priority: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ operation: OperationRow; created: boolean }> {
    const knex = this.knex_(sharedContext)
    await this.lockHolder_(knex, holderId)
    const { rows } = await knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation
        WHERE holder_id = ? AND method = 'user_create_or_update' AND state = 'pending'
          AND payload->>'type' IN ('profile', 'enroll') AND deleted_at IS NULL
        LIMIT 1`,
      [holderId]
    )
    if (rows[0]) {
      return { operation: rows[0], created: false }
    }
    return insertOperation(knex, {
      method: "user_create_or_update",
      holder_id: holderId,
      payload: { type: "profile" },
      dedupe_key: `profile:${holderId}:${generateEntityId(undefined, "sync")}`,
      priority,
    })
  }

  /**
   * Reverses an order's accrual, in full ("rest") or a share of it, once per dedupe key and
   * never beyond what was credited: the remainder is computed under the holder's lock, so a
   * cancel and a return arriving together cannot both take it. Queues the balance/deduct.
   */
  @InjectTransactionManager()
  async reverseOrderAccrual(
    input: {
      order_id: string
      dedupe_key: string
      /**
       * "rest": all that is left; `{ numerator, denominator }`: that share of the accrual;
       * `{ upTo: ... }`: whatever brings the total reversed up to that share (refunds, which
       * often repay a return already reversed).
       */
      share: "rest" | { numerator: number; denominator: number } | { upTo: { numerator: number; denominator: number } }
      reason: string
      priority: number
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<(ApplyLedgerEntryResult & { operation: OperationRow | null }) | null> {
    const knex = this.knex_(sharedContext)
    const accrual = await findEntryByKeys(knex, `order:${input.order_id}:accrual`, null)
    if (!accrual || accrual.state !== "applied") {
      return null
    }
    await this.lockHolder_(knex, accrual.holder_id)
    const { rows } = await knex.raw<{ rows: { reversed: string }[] }>(
      `SELECT COALESCE(-SUM(amount), 0) AS reversed FROM wallet_pass_ledger_entry
        WHERE order_id = ? AND kind = 'accrual_reversal' AND state = 'applied' AND deleted_at IS NULL`,
      [input.order_id]
    )
    const remaining = accrual.amount - Number(rows[0].reversed)
    const reversed = accrual.amount - remaining
    const shareOf = ({ numerator, denominator }: { numerator: number; denominator: number }) =>
      denominator > 0 ? Math.floor((accrual.amount * Math.min(numerator, denominator)) / denominator) : 0
    const wanted =
      input.share === "rest"
        ? remaining
        : "upTo" in input.share
          ? shareOf(input.share.upTo) - reversed
          : shareOf(input.share)
    const amount = Math.min(remaining, wanted)
    if (amount <= 0) {
      return null
    }
    return this.applyLedgerEntryAndEnqueue(
      {
        holder_id: accrual.holder_id,
        amount: -amount,
        kind: "accrual_reversal",
        dedupe_key: input.dedupe_key,
        order_id: input.order_id,
        reason: input.reason,
      },
      { method: "balance_deduct", payload: {}, dedupe_key: `op:${input.dedupe_key}`, priority: input.priority },
      sharedContext
    )
  }

  /**
   * Stores what the service answered to an enrolment or profile update — links, user_hash
   * and the issued card — and, for an enrolment, marks the holder enrolled: one transaction,
   * so a reader never sees "enrolled" without the card.
   */
  @InjectTransactionManager()
  async recordProfileResponse(
    input: {
      holder_id: string
      enrolled: boolean
      links: Partial<Record<"card_url" | "card_gpay_url" | "form_url" | "user_hash", string>>
      card?: { number: string; track: string | null } | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (input.card) {
      const [known] = await this.listWalletPassCards({ number: input.card.number }, {}, sharedContext)
      if (!known) {
        await this.createWalletPassCards(
          { number: input.card.number, track: input.card.track, holder_id: input.holder_id },
          sharedContext
        )
      }
    }
    await this.updateWalletPassHolders(
      {
        id: input.holder_id,
        ...input.links,
        ...(input.enrolled ? { enrollment_state: "enrolled" as const, enrollment_error: null, enrolled_at: new Date() } : {}),
      },
      sharedContext
    )
  }

  /** Queue and rate-gate health for the admin: counts by state, oldest waiting request, budget used. */
  @InjectManager()
  async getQueueHealth(@MedusaContext() sharedContext: Context = {}): Promise<QueueHealth> {
    const knex = this.knex_(sharedContext)
    const [states, oldest, calls, gate] = await Promise.all([
      // A checkout's redemption waits as a pending request held far in the future: "held", not backlog.
      knex.raw<{ rows: { state: string; count: string }[] }>(
        `SELECT CASE WHEN state = 'pending' AND next_attempt_at >= ? THEN 'held' ELSE state END AS state, count(*)
           FROM wallet_pass_operation WHERE deleted_at IS NULL GROUP BY 1`,
        [HELD_UNTIL]
      ),
      knex.raw<{ rows: { age: string | null }[] }>(
        `SELECT EXTRACT(EPOCH FROM clock_timestamp() - min(created_at)) AS age
           FROM wallet_pass_operation
          WHERE state = 'pending' AND deleted_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at < ?)`,
        [HELD_UNTIL]
      ),
      knex.raw<{ rows: { hour: string; second: string }[] }>(
        `SELECT count(*) FILTER (WHERE started_at > clock_timestamp() - interval '1 hour') AS hour,
                count(*) FILTER (WHERE started_at > clock_timestamp() - interval '1 second') AS second
           FROM wallet_pass_api_call WHERE deleted_at IS NULL AND started_at > clock_timestamp() - interval '1 hour'`
      ),
      knex.raw<{ rows: { blocked_until: Date | null }[] }>(`SELECT blocked_until FROM wallet_pass_gate WHERE id = 'service'`),
    ])
    const byState = Object.fromEntries(states.rows.map((r) => [r.state, Number(r.count)]))
    const blocked = gate.rows[0]?.blocked_until ?? null
    return {
      operations: Object.fromEntries(
        ["pending", "held", "sending", "unknown", "failed", "needs_review", "done", "resolved"].map((st) => [st, byState[st] ?? 0])
      ) as QueueHealth["operations"],
      oldest_pending_age_seconds: oldest.rows[0]?.age === null ? null : Math.round(Number(oldest.rows[0]?.age)),
      calls_last_hour: Number(calls.rows[0]?.hour ?? 0),
      calls_last_second: Number(calls.rows[0]?.second ?? 0),
      blocked_until: blocked && new Date(blocked) > new Date() ? new Date(blocked) : null,
    }
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
    const knex = this.knex_(sharedContext)
    const { rows } = await knex.raw<{ rows: OperationRow[] }>(
      `SELECT * FROM wallet_pass_operation WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [input.id]
    )
    const before = rows[0]
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
    const after = await settleOperation(
      knex,
      input.id,
      input.action === "retry"
        ? { state: "pending", result: review, last_error: before.last_error, retry_in_seconds: 0 }
        : { state: "resolved", result: review, last_error: before.last_error }
    )
    return { before, after }
  }

  /** Puts an operation back as it was (compensation of reviewOperation). */
  @InjectTransactionManager()
  async restoreOperationState(
    before: Pick<OperationRow, "id" | "state" | "next_attempt_at" | "completed_at" | "result">,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.knex_(sharedContext).raw(
      `UPDATE wallet_pass_operation SET state = ?, next_attempt_at = ?, completed_at = ?, result = ?::jsonb, updated_at = now() WHERE id = ?`,
      [before.state, before.next_attempt_at, before.completed_at, before.result ? JSON.stringify(before.result) : null, before.id]
    )
  }

  /**
   * Stores what read_customer said about a holder: their cards with install flags (cards
   * are the service's, so unknown ones are added), invites and referrer. One transaction.
   */
  @InjectTransactionManager()
  async recordServiceCustomer(
    input: {
      holder_id: string
      cards: { number: string; track: string | null; installed: boolean | null }[]
      invites: string[] | null
      referrer_phone: string | null
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const numbers = input.cards.map((c) => c.number)
    const known = numbers.length ? await this.listWalletPassCards({ number: numbers }, {}, sharedContext) : []
    const byNumber = new Map(known.map((c) => [c.number, c]))
    const now = new Date()
    for (const card of input.cards) {
      const existing = byNumber.get(card.number)
      const install = card.installed === null ? {} : { installed: card.installed, installed_checked_at: now }
      if (existing) {
        await this.updateWalletPassCards(
          { id: existing.id, holder_id: input.holder_id, ...(card.track ? { track: card.track } : {}), ...install },
          sharedContext
        )
      } else {
        await this.createWalletPassCards({ number: card.number, track: card.track, holder_id: input.holder_id, ...install }, sharedContext)
      }
    }
    await this.updateWalletPassHolders(
      {
        id: input.holder_id,
        service_checked_at: now,
        ...(input.invites ? { invites: input.invites as unknown as Record<string, unknown> } : {}),
        ...(input.referrer_phone ? { referrer_phone: input.referrer_phone } : {}),
      },
      sharedContext
    )
  }

  /**
   * Cancels an applied entry (a voided checkout reservation, a compensated change): it leaves
   * the balance, and what a debit took from lifetime credits goes back to them. A credit that
   * has expired since would have lost that part too, so the part is expired now: an `expiry`
   * entry and an absolute balance set for the service, as the expiry job does. Under the
   * holder's lock; false when the entry is not applied (already canceled, unknown).
   * `rename_keys` frees the entry's dedupe key for a new entry (a cart reserving again).
   */
  @InjectTransactionManager()
  async cancelLedgerEntry(
    input: { id: string; rename_keys?: boolean },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    const knex = this.knex_(sharedContext)
    const { rows: found } = await knex.raw<{ rows: { holder_id: string }[] }>(
      `SELECT holder_id FROM wallet_pass_ledger_entry WHERE id = ?`,
      [input.id]
    )
    if (!found.length) return false
    await this.lockHolder_(knex, found[0].holder_id)
    const { rows } = await knex.raw<{ rows: LedgerEntryRow[] }>(
      `UPDATE wallet_pass_ledger_entry
          SET state = 'canceled', updated_at = now(),
              dedupe_key = CASE WHEN ? THEN dedupe_key || ':void:' || id ELSE dedupe_key END
        WHERE id = ? AND state = 'applied'
        RETURNING *`,
      [input.rename_keys === true, input.id]
    )
    const canceled = rows[0]
    if (!canceled) return false
    const consumed = ((canceled.metadata?.consumed_credits ?? []) as ConsumedCredit[]).filter((c) => c.amount > 0)
    for (const { credit_id, amount } of consumed) {
      const { rows: credit } = await knex.raw<{ rows: { expired_at: Date | null }[] }>(
        `UPDATE wallet_pass_ledger_entry
            SET remaining = CASE WHEN expired_at IS NULL THEN remaining + ? ELSE remaining END, updated_at = now()
          WHERE id = ? AND state = 'applied'
          RETURNING expired_at`,
        [amount, credit_id]
      )
      if (!credit[0]?.expired_at) continue // given back (or the credit is itself canceled: nothing to give)
      await this.writeExpiry_(
        knex,
        {
          holder_id: canceled.holder_id,
          amount,
          reason: "lifetime credit expired (given back by a canceled debit)",
          dedupe_key: `expiry:${credit_id}:canceled:${canceled.id}`,
          metadata: { credit_id, canceled_entry_id: canceled.id },
        },
        sharedContext
      )
    }
    return true
  }

  /**
   * Writes an `expiry` entry for each lifetime credit that has lapsed (database clock) and
   * still had something left, marks the credit expired, and returns what changed so the
   * caller can tell the service the new balances. Safe to run on several instances at once.
   */
  @InjectTransactionManager()
  async expireLapsedCredits(
    { limit = 500 }: { limit?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ExpiredCredit[]> {
    const knex = this.knex_(sharedContext)
    // Locks are taken holder first, in holder id order, as applyLedgerEntry does: no deadlock
    // with a concurrent debit or with another instance expiring the same credits.
    const lapsed = await knex.raw<{ rows: { id: string; holder_id: string }[] }>(
      `SELECT id, holder_id FROM wallet_pass_ledger_entry
        WHERE expires_at <= now() AND expired_at IS NULL AND state = 'applied' AND deleted_at IS NULL
        ORDER BY holder_id, expires_at, id
        LIMIT ?`,
      [limit]
    )
    const done: ExpiredCredit[] = []
    for (const candidate of lapsed.rows) {
      await this.lockHolder_(knex, candidate.holder_id)
      const { rows } = await knex.raw<{ rows: { remaining: number | null }[] }>(
        `UPDATE wallet_pass_ledger_entry AS e SET expired_at = now(), remaining = 0, updated_at = now()
           FROM (SELECT id, remaining FROM wallet_pass_ledger_entry WHERE id = ?) AS before
          WHERE e.id = before.id AND e.expired_at IS NULL
          RETURNING before.remaining`,
        [candidate.id]
      )
      if (!rows.length) {
        continue // another instance expired it first
      }
      const remaining = rows[0].remaining ?? 0
      if (remaining <= 0) {
        continue // fully consumed before it lapsed: nothing is lost
      }
      const written = await this.writeExpiry_(
        knex,
        {
          holder_id: candidate.holder_id,
          amount: remaining,
          reason: "lifetime credit expired",
          dedupe_key: `expiry:${candidate.id}`,
          metadata: { credit_id: candidate.id },
        },
        sharedContext
      )
      if (written) done.push({ holder_id: candidate.holder_id, credit_id: candidate.id, ...written })
    }
    return done
  }

  /**
   * Writes an `expiry` entry taking `amount` off a holder (caller holds the holder's lock) and
   * queues the absolute balance set that tells the service, sent when the holder's queue
   * reaches it. Null when an entry with that dedupe key exists already.
   */
  private async writeExpiry_(
    knex: Knex,
    input: { holder_id: string; amount: number; reason: string; dedupe_key: string; metadata: Record<string, unknown> },
    sharedContext: Context
  ): Promise<{ entry: LedgerEntryRow; balance: number } | null> {
    const balance = ((await this.balancesOf_([input.holder_id], sharedContext)).get(input.holder_id) ?? 0) - input.amount
    const { rows } = await knex.raw<{ rows: LedgerEntryRow[] }>(
      `INSERT INTO wallet_pass_ledger_entry
         (id, holder_id, amount, kind, state, reason, dedupe_key, overdraft, balance_after, metadata, created_at, updated_at)
       VALUES (?, ?, ?, 'expiry', 'applied', ?, ?, false, ?, ?::jsonb, now(), now())
       ON CONFLICT DO NOTHING
       RETURNING *`,
      [generateEntityId(undefined, "wple"), input.holder_id, -input.amount, input.reason, input.dedupe_key, balance, JSON.stringify(input.metadata)]
    )
    const entry = rows[0]
    if (!entry) return null
    await insertOperation(knex, {
      method: "user_create_or_update",
      holder_id: input.holder_id,
      ledger_entry_id: entry.id,
      payload: { type: "balance_sync", reason: "expiry" },
      dedupe_key: `sync:expiry:${entry.id}`,
      priority: OPERATION_PRIORITY.accrual,
    })
    return { entry, balance }
  }

  private async balancesOf_(holderIds: string[], sharedContext: Context): Promise<Map<string, number>> {
    const result = new Map<string, number>(holderIds.map((id) => [id, 0]))
    if (!holderIds.length) {
      return result
    }
    const knex = this.knex_(sharedContext)
    const { rows } = await knex.raw<{ rows: { holder_id: string; balance: string }[] }>(
      `SELECT holder_id, wallet_pass_balance(holder_id) AS balance FROM unnest(?::text[]) AS holder_id`,
      [holderIds]
    )
    for (const row of rows) {
      result.set(row.holder_id, Number(row.balance))
    }
    return result
  }

  private async lockHolder_(knex: Knex, holderId: string): Promise<void> {
    const { rows } = await knex.raw<{ rows: { id: string }[] }>(
      `SELECT id FROM wallet_pass_holder WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
      [holderId]
    )
    if (!rows.length) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${holderId} was not found`)
    }
  }

  private knex_(sharedContext: Context): Knex {
    // A row lock taken outside a transaction would be released at once: require one.
    const manager = (sharedContext.transactionManager ?? sharedContext.manager) as
      | { getTransactionContext(): Knex | undefined; getKnex(): Knex }
      | undefined
    const knex = manager?.getTransactionContext() ?? manager?.getKnex()
    if (!knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "walletPass: no database context")
    }
    return knex
  }
}

/** A balance change without its holder: what wallet_pass_apply_entry writes once it has one. */
type NewLedgerEntry = Omit<ApplyLedgerEntryInput, "holder_id" | "forbid_overdraft">

/**
 * Checks a balance change (INVALID_DATA naming each problem) and gives it as
 * wallet_pass_apply_entry takes it, with a new entry id. A lifetime is a credit's only.
 */
function newLedgerEntry(input: NewLedgerEntry): Record<string, unknown> {
  const problems: string[] = []
  if (!Number.isSafeInteger(input.amount) || input.amount === 0 || Math.abs(input.amount) > MAX_AMOUNT_MINOR) {
    problems.push(`amount must be a non-zero integer of minor units within ±${MAX_AMOUNT_MINOR}`)
  }
  if (!LEDGER_KINDS.includes(input.kind)) problems.push(`kind must be one of ${LEDGER_KINDS.join(", ")}`)
  if (!input.dedupe_key?.trim()) problems.push("dedupe_key is required")
  if (
    input.lifetime_seconds != null &&
    (!Number.isSafeInteger(input.lifetime_seconds) ||
      input.lifetime_seconds <= 0 ||
      input.lifetime_seconds > MAX_LIFETIME_SECONDS)
  ) {
    problems.push("lifetime_seconds must be a positive integer of at most 100 years")
  }
  if (problems.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ledger entry: ${problems.join("; ")}`)
  }
  return {
    id: generateEntityId(undefined, "wple"),
    amount: input.amount,
    kind: input.kind,
    reason: input.reason ?? null,
    order_id: input.order_id ?? null,
    dedupe_key: input.dedupe_key,
    transaction_id: input.transaction_id ?? null,
    lifetime_seconds: input.amount > 0 ? input.lifetime_seconds ?? null : null,
    metadata: input.metadata ?? null,
  }
}

async function findEntryByKeys(
  knex: Knex,
  dedupeKey: string,
  transactionId: string | null
): Promise<LedgerEntryRow | undefined> {
  const { rows } = await knex.raw<{ rows: LedgerEntryRow[] }>(`SELECT * FROM wallet_pass_entry_by_keys(?, ?)`, [
    dedupeKey,
    transactionId,
  ])
  return rows[0]
}

/** When a customer who already has a holder is enrolled again (see createHolderForEnrollment). */
export type ReenrollWhen = "phone_added" | "always"

type EnrollmentBefore = { id: string; phone: string | null; enrollment_state: EnrollmentState; enrollment_error: string | null }

export type EnrollmentResult = {
  holder_id: string
  /** A holder was created by this call. */
  created: boolean
  /** The enrolment request this call queued. */
  operation: OperationRow | null
  state: EnrollmentState
  /** Why the holder is not enrolled (no phone, a phone taken, the service's refusal), else null. */
  error: string | null
  /** What a re-enrolled holder was before this call (null when nothing changed or the holder is new). */
  previous: Omit<EnrollmentBefore, "id"> | null
}

/** What undoEnrollment needs to take a createHolderForEnrollment back (a compensation's input). */
export type EnrollmentUndo = Pick<EnrollmentResult, "holder_id" | "created" | "previous"> & { operation_id: string | null }

const unchangedEnrollment = (holder: EnrollmentBefore): EnrollmentResult => ({
  holder_id: holder.id,
  created: false,
  operation: null,
  state: holder.enrollment_state,
  error: holder.enrollment_error,
  previous: null,
})

/** The holder fields a hook needs (see findHookHolder). */
export type HookHolder = {
  id: string
  phone: string | null
  customer_id: string | null
  bonus_percent_bp: number | null
  discount_percent_bp: number
}

/** One line of the hook delivery log. */
export type HookDeliveryInput = {
  method: string | null
  holder_id: string | null
  phone: string | null
  transaction_id: string | null
  status_code: number
  outcome: HookOutcome
  error: string | null
  duration_ms: number
  request: Record<string, unknown> | null
  response: Record<string, unknown> | null
}

/** What a debit took from one lifetime credit (minor units); kept in the debit's metadata (wallet_pass_apply_entry). */
type ConsumedCredit = { credit_id: string; amount: number }

/** One hook in a batch for wallet_pass_hook_batch (field names are the function's). */
type HookBatchItem =
  | { kind: "read"; phone: string; cards: string[] }
  /** `entry`: the hook's balance change (newLedgerEntry), written unless it is a repeat or an echo. */
  | { kind: "add"; phone: string; cards: string[]; entry: Record<string, unknown> }

/** What wallet_pass_hook_batch answers for one hook (JSON: timestamps are strings). */
type HookBatchResult =
  | { status: "not_found" }
  | { status: "foreign_card"; card: string }
  | HookHolderRead
  | HookBalanceChanged

type HookHolderRead = { status: "found"; holder: HookHolder; balance: number }
/** What wallet_pass_apply_entry answers for a change it wrote or found written (JSON). */
type AppliedEntryJson =
  | {
      status: "created" | "repeat"
      entry: Record<string, unknown>
      balance: number
      conflicting?: boolean
      echo_of_operation_id?: string | null
    }
  | { status: "refused"; balance: number }
type HookBalanceChanged = (Extract<AppliedEntryJson, { status: "created" | "repeat" }> | {
  status: "echo"
  entry: Record<string, unknown>
  balance: number
  echo_of_operation_id: string
}) & { holder_id: string; conflicting?: boolean; echo_of_operation_id?: string | null }

/** A hook's result once its holder was found; nobody found and a foreign card are 400s (see the hook route). */
function hookHolderFound<R extends HookHolderRead | HookBalanceChanged>(
  result: HookBatchResult,
  phone: string,
  cardNumbers: string[]
): R {
  if (result.status === "not_found") {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `no customer with phone ${phone}${cardNumbers.length ? ` or card ${cardNumbers.join(", ")}` : ""}`
    )
  }
  if (result.status === "foreign_card") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `card ${result.card} belongs to another customer than phone ${phone}`)
  }
  // A read is answered "found", an add with its change (wallet_pass_hook_batch).
  return result as R
}

/**
 * A change written or found written, as the database functions answer it: the entry's
 * timestamps (to_jsonb gives text) become Dates again.
 */
function appliedEntry(result: Exclude<AppliedEntryJson, { status: "refused" }> | HookBalanceChanged): ApplyLedgerEntryResult {
  const row = { ...result.entry }
  for (const key of ["expires_at", "expired_at", "created_at", "updated_at", "deleted_at"]) {
    if (typeof row[key] === "string") row[key] = new Date(row[key] as string)
  }
  return {
    entry: row as LedgerEntryRow,
    created: result.status === "created",
    conflicting: result.conflicting ?? false,
    balance: Number(result.balance),
  }
}
