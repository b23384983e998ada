import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { type LedgerKind, OPERATION_PRIORITY } from "../constants"
import { AdoptionRepository } from "../repositories/adoption"
import { LedgerRepository } from "../repositories/ledger"
import { QueueClassRepository } from "../repositories/classes"
import { QueueRepository } from "../repositories/queue"
import type {
  ApplyLedgerEntryInput,
  ApplyLedgerEntryResult,
  EnqueueInput,
  ExpiredCredit,
  LedgerEntryRow,
  OperationRow,
  OrderBonus,
} from "../types"
import { formatBalanceAmount } from "../utils/amounts"
import { BalanceOutOfRangeError, insufficientBalanceMessage } from "../utils/balance-errors"
import { InternalService } from "../utils/internal-service"
import { type AppliedEntryJson, appliedEntry, expiryEntry, newLedgerEntry } from "../utils/ledger-entry"
import { type Reason, reason } from "../../../lib/reasons"
import { ledgerKeys, operationKeys } from "../keys"

/** How an order's accrual is reversed (see reverseOrderAccrual). */
export type ReversalInput = {
  order_id: string
  dedupe_key: string
  /**
   * "rest": all that is left; `{ numerator, denominator }`: that share of the accrual;
   * `{ upTo: ... }`: whatever brings the total reversed up to that share (refunds, which
   * often repay a return already reversed).
   */
  share: "rest" | { numerator: number; denominator: number } | { upTo: { numerator: number; denominator: number } }
  reason: Reason
  priority: number
}

/**
 * The ledger, the balance of record (docs/architecture.md, "The ledger"): each change is
 * applied exactly once under its holder's row lock, guarded by unique keys in the database.
 */
export class LedgerService extends InternalService {
  /** Balances of several holders at once, minor units; holders without entries get 0. */
  @InjectManager()
  async getBalances(holderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, number>> {
    return new LedgerRepository(this.knex_(sharedContext)).balances(holderIds)
  }

  /** One order's bonus: applied sums by kind and every entry with its request (the order widget). */
  @InjectManager()
  async getOrderBonus(orderId: string, @MedusaContext() sharedContext: Context = {}): Promise<OrderBonus> {
    const entries = await new LedgerRepository(this.knex_(sharedContext)).orderEntries(orderId)
    const sum = (kind: LedgerKind) =>
      entries.filter((e) => e.state === "applied" && e.kind === kind).reduce((total, e) => total + e.amount, 0)
    return {
      credited: sum("accrual"),
      reversed: -sum("accrual_reversal"),
      redeemed: -sum("redemption"),
      redemption_refunded: sum("redemption_refund"),
      entries,
    }
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
    const ledger = new LedgerRepository(knex)
    const currency = input.currency_code ?? this.options_.currencyCode
    await ledger.lockHolder(input.holder_id)
    if (input.spendable_only && input.amount < 0) {
      const account = (await new AdoptionRepository(knex).accountBalances([input.holder_id])).get(input.holder_id)!
      // Beyond the balance itself: the overdraft check below refuses it with its own words.
      const limitedByTrust = -input.amount > account.spendable && -input.amount <= account.balance
      if (limitedByTrust && !(await ledger.findByKeys(input.dedupe_key, null))) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Only ${formatBalanceAmount(account.spendable, currency)} of this balance can be spent until the phone is verified; ${formatBalanceAmount(-input.amount, currency)} requested`
        )
      }
    }
    const result = await ledger.applyEntry(entry, input.amount < 0 && !!input.forbid_overdraft)
    if (result.status === "refused") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        insufficientBalanceMessage(Number(result.balance), -input.amount, currency)
      )
    }
    if (result.status === "out_of_range") {
      throw new BalanceOutOfRangeError(Number(result.balance), input.amount, currency)
    }
    return appliedEntry(result)
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
    const knex = this.knex_(sharedContext)
    const queue = new QueueRepository(knex)
    if (entry.order_id || entry.kind === "accrual" || entry.kind === "redemption") {
      // The customer has ordered: an enrolment of theirs still waiting in class c moves up,
      // so this change, which goes after it, does not wait for the open share.
      await new QueueClassRepository(knex).promoteHolder(entry.holder_id)
    }
    const queued = await queue.insertOperation({
      ...operation,
      holder_id: entry.holder_id,
      ledger_entry_id: applied.entry.id,
    })
    return { ...applied, operation: queued.operation }
  }

  /**
   * Reverses an order's accrual, in full ("rest") or a share of it, once per dedupe key and
   * never beyond what was credited: the remainder is computed under the holder's lock, so a
   * cancel and a return arriving together cannot both take it. Queues the balance/deduct.
   */
  @InjectTransactionManager()
  async reverseOrderAccrual(
    input: ReversalInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<(ApplyLedgerEntryResult & { operation: OperationRow | null }) | null> {
    const ledger = new LedgerRepository(this.knex_(sharedContext))
    const accrual = await ledger.findByKeys(ledgerKeys.orderAccrual(input.order_id), null)
    if (!accrual || accrual.state !== "applied") {
      return null
    }
    await ledger.lockHolder(accrual.holder_id)
    const reversed = await ledger.reversedOfOrder(input.order_id)
    const remaining = accrual.amount - reversed
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
      {
        method: "balance_deduct",
        payload: {},
        dedupe_key: operationKeys.forEntry(input.dedupe_key),
        priority: input.priority,
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
    const ledger = new LedgerRepository(knex)
    const holderId = await ledger.holderOf(input.id)
    if (!holderId) return false
    await ledger.lockHolder(holderId)
    const canceled = await ledger.cancelEntry(input.id, input.rename_keys === true)
    if (!canceled) return false
    for (const { credit_id, amount } of canceled.lapsed) {
      const expiry = expiryEntry({
        reason: reason("credit_expired_given_back"),
        dedupe_key: ledgerKeys.expiryCanceled(credit_id, canceled.entry.id),
        metadata: { credit_id, canceled_entry_id: canceled.entry.id },
      })
      await this.settleExpiry_(
        knex,
        await ledger.applyEntry({ ...expiry, holder_id: holderId, amount: -amount }, false),
        -amount
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
    const ledger = new LedgerRepository(knex)
    // Locks are taken holder first, in holder id order, as applyLedgerEntry does: no deadlock
    // with a concurrent debit or with another instance expiring the same credits.
    const done: ExpiredCredit[] = []
    for (const candidate of await ledger.lapsedCredits(limit)) {
      await ledger.lockHolder(candidate.holder_id)
      const expiry = expiryEntry({
        reason: reason("credit_expired"),
        dedupe_key: ledgerKeys.expiry(candidate.id),
        metadata: { credit_id: candidate.id },
      })
      const result = await ledger.expireCredit(candidate.id, expiry)
      // "taken": another instance expired it first; "consumed": fully spent before it lapsed.
      if (result.status === "taken" || result.status === "consumed") continue
      const written = await this.settleExpiry_(knex, result, null)
      if (written) done.push({ holder_id: candidate.holder_id, credit_id: candidate.id, ...written })
    }
    return done
  }

  /**
   * After wallet_pass_apply_entry wrote (or found) an `expiry` entry: queues the absolute
   * balance set that tells the service, sent when the holder's queue reaches it. Null when
   * the entry's dedupe key was written before. `amount` (when known) names the change in the
   * error of a balance beyond what the store keeps.
   */
  private async settleExpiry_(
    knex: Knex,
    result: AppliedEntryJson,
    amount: number | null
  ): Promise<{ entry: LedgerEntryRow; balance: number } | null> {
    if (result.status === "out_of_range") {
      throw new BalanceOutOfRangeError(Number(result.balance), amount ?? 0, this.options_.currencyCode)
    }
    if (result.status !== "created") return null
    const { entry, balance } = appliedEntry(result)
    await new QueueRepository(knex).insertOperation({
      method: "user_create_or_update",
      holder_id: entry.holder_id,
      ledger_entry_id: entry.id,
      payload: { type: "balance_sync", reason: "expiry" },
      dedupe_key: operationKeys.expirySync(entry.id),
      priority: OPERATION_PRIORITY.money,
    })
    return { entry, balance }
  }
}
