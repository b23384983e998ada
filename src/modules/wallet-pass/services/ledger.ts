import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { type LedgerKind, OPERATION_PRIORITY } from "../constants"
import { BalanceDoor, lockLiveHolder } from "./balance-door"
import { LedgerRepository } from "../repositories/ledger"
import { OperationChangeRepository } from "../repositories/operation-changes"
import { HELD_UNTIL } from "../repositories/queue"
import type {
  ApplyLedgerEntryInput,
  ApplyLedgerEntryResult,
  EnqueueInput,
  ExpiredCredit,
  OperationRow,
  OrderBonus,
} from "../types"
import { InternalService } from "../utils/internal-service"
import { appliedEntry } from "../utils/ledger-entry"
import { shareOfAmount } from "../rules/pending"
import { type Reason, reason } from "../../../lib/reasons"
import { ledgerKeys, operationKeys, voidedKey } from "../keys"

/** A cart's bonus payment reserved at checkout (see reserveCartRedemption). */
export type RedemptionReservation = {
  entry_id: string
  operation_id: string | null
  /** False when an earlier attempt of the same completion had reserved it already. */
  created: boolean
  amount: number
}

/** How an order's accrual is reversed (see reverseOrderAccrual). */
export type ReversalInput = {
  order_id: string
  dedupe_key: string
  /**
   * "rest": all that is left; `{ numerator, denominator }`: that share of the accrual;
   * `{ upTo: ... }`: whatever brings the total reversed up to that share (refunds, which
   * often repay a return already reversed); with `counting: "refunds"` only what refunds
   * reversed counts (an order with lines, docs/loyalty.md "Refunds").
   */
  share:
    | "rest"
    | { numerator: number; denominator: number }
    | { upTo: { numerator: number; denominator: number }; counting?: "refunds" }
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
    const result = await this.door_(sharedContext).change({ kind: "entry", entry: input })
    return appliedEntry(result as Parameters<typeof appliedEntry>[0])
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
    const result = await this.door_(sharedContext).change({ kind: "entry", entry, request: operation })
    return { ...appliedEntry(result as Parameters<typeof appliedEntry>[0]), operation: result.operation }
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
    await lockLiveHolder(ledger, accrual.holder_id)
    const reversed = await ledger.reversedOfOrder(input.order_id)
    const remaining = accrual.amount - reversed
    const shareOf = (share: { numerator: number; denominator: number }) => shareOfAmount(accrual.amount, share)
    const wanted =
      input.share === "rest"
        ? remaining
        : "upTo" in input.share
          ? shareOf(input.share.upTo) -
            (input.share.counting === "refunds"
              ? await ledger.reversedOfOrder(input.order_id, "payment_refunded")
              : reversed)
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
    return this.door_(sharedContext).change({
      kind: "cancel",
      entry_id: input.id,
      rename_keys: input.rename_keys === true,
    })
  }

  // Paying part of an order with bonus (docs/loyalty.md), each step in one transaction and
  // safe to repeat:
  // 1. At cart completion (completeCartWorkflow's validate hook) the amount the cart's bonus
  //    discounts is *reserved*: a `redemption` entry keyed `cart:<cart_id>:redeem`, applied
  //    under the holder's row lock with `forbid_overdraft`, so two carts completing at once
  //    cannot both spend the same balance. Its `balance/deduct` is queued in the same
  //    transaction but held (`next_attempt_at` = HELD_UNTIL, repositories/queue.ts): the
  //    service is told only once an order exists, and a held request keeps the entry out of
  //    any absolute balance set.
  // 2. A failed completion voids the reservation (entry canceled, request withdrawn).
  // 3. order.placed converts it: the entry gets the order id and the request is released.
  // 4. order.canceled gives it back once (`order:<id>:redeem:refund`, balance/add).

  /**
   * Reserves `amount` minor units of a holder's balance for a cart, once per cart. Refuses with
   * NOT_ALLOWED when the balance (read under the holder's lock) is smaller. A reservation left
   * by an earlier attempt with another amount (the cart changed after a crash) is voided first.
   */
  @InjectTransactionManager()
  async reserveCartRedemption(
    input: { holder_id: string; cart_id: string; amount: number; currency_code: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<RedemptionReservation> {
    const knex = this.knex_(sharedContext)
    const dedupeKey = ledgerKeys.cartRedemption(input.cart_id)
    const existing = await new LedgerRepository(knex).entry({ dedupe_key: dedupeKey })
    if (
      existing &&
      existing.state === "applied" &&
      existing.amount === -input.amount &&
      existing.holder_id === input.holder_id
    ) {
      const [operation] = await new OperationChangeRepository(knex).ofEntry(existing.id)
      return { entry_id: existing.id, operation_id: operation?.id ?? null, created: false, amount: input.amount }
    }
    if (existing) {
      if (existing.order_id) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Cart ${input.cart_id} has already paid with bonus for an order`
        )
      }
      await this.voidCartRedemption(existing.id, sharedContext)
    }
    const result = await this.applyLedgerEntryAndEnqueue(
      {
        holder_id: input.holder_id,
        amount: -input.amount,
        kind: "redemption",
        dedupe_key: dedupeKey,
        forbid_overdraft: true,
        spendable_only: true,
        reason: reason("redemption", { cart_id: input.cart_id }),
        metadata: { cart_id: input.cart_id, currency: input.currency_code },
        currency_code: input.currency_code,
      },
      {
        method: "balance_deduct",
        payload: {},
        dedupe_key: operationKeys.forEntry(dedupeKey),
        priority: OPERATION_PRIORITY.money,
        next_attempt_at: HELD_UNTIL,
      },
      sharedContext
    )
    return {
      entry_id: result.entry.id,
      operation_id: result.operation?.id ?? null,
      created: result.created,
      amount: input.amount,
    }
  }

  /**
   * Voids a reservation whose completion failed: the entry is canceled and its held request
   * withdrawn. Both keys are renamed so the cart can reserve again. An entry that already
   * belongs to an order, or whose request has left the queue, is left alone (false).
   */
  @InjectTransactionManager()
  async voidCartRedemption(entryId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const knex = this.knex_(sharedContext)
    const entry = await new LedgerRepository(knex).entry({ id: entryId })
    if (!entry || entry.state !== "applied" || entry.order_id) return false
    const requests = new OperationChangeRepository(knex)
    const operations = await requests.ofEntry(entryId)
    if (operations.some((o) => o.state !== "pending")) return false
    for (const operation of operations) {
      await requests.withdraw(operation.id, voidedKey(operation.dedupe_key, operation.id))
    }
    // Canceled with its key renamed, and what it took from expiring credits given back.
    return this.cancelLedgerEntry({ id: entry.id, rename_keys: true }, sharedContext)
  }

  /**
   * Makes a cart's reservation the order's redemption: the entry gets the order id and its
   * balance/deduct is released to the dispatcher. Idempotent; null when the cart paid nothing
   * with bonus.
   */
  @InjectTransactionManager()
  async convertCartRedemption(
    input: { cart_id: string; order_id: string; display_id?: number | string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ entry_id: string; amount: number; holder_id: string; released_operation_id: string | null } | null> {
    const knex = this.knex_(sharedContext)
    const ledger = new LedgerRepository(knex)
    const entry = await ledger.entry({ dedupe_key: ledgerKeys.cartRedemption(input.cart_id) }, true)
    if (!entry) return null
    if (entry.order_id && entry.order_id !== input.order_id) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Redemption ${entry.id} belongs to order ${entry.order_id}, not ${input.order_id}`
      )
    }
    if (!entry.order_id) {
      await this.door_(sharedContext).change({
        kind: "attach_order",
        entry_id: entry.id,
        order_id: input.order_id,
        reason: reason("redemption_order", { order: input.display_id ?? input.order_id }),
      })
    }
    const released = await new OperationChangeRepository(knex).releaseHeld(entry.id)
    return {
      entry_id: entry.id,
      amount: -entry.amount,
      holder_id: entry.holder_id,
      released_operation_id: released.at(-1) ?? null,
    }
  }

  /**
   * Housekeeping for reservations left by a completion that neither finished nor rolled back
   * (a crash with the in-memory workflow engine): older than `olderThanMinutes`, a reservation
   * whose cart became an order is converted, any other is voided (its held request would
   * otherwise hold back the holder's later requests), each in its own transaction.
   * `orderOfCart` answers the order id of a cart (the `order_cart` link), null when none.
   */
  @InjectManager()
  async settleStaleRedemptions(
    orderOfCart: (cartId: string) => Promise<string | null>,
    { olderThanMinutes = 30, limit = 100 }: { olderThanMinutes?: number; limit?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ converted: number; voided: number }> {
    const before = new Date(Date.now() - olderThanMinutes * 60_000)
    const entries = await new LedgerRepository(this.knex_(sharedContext)).reservationsBefore(before, limit)
    let converted = 0
    let voided = 0
    for (const entry of entries) {
      const cartId = (entry.metadata as { cart_id?: string } | null)?.cart_id
      if (!cartId) continue
      const orderId = await orderOfCart(cartId)
      if (orderId) {
        if (await this.convertCartRedemption({ cart_id: cartId, order_id: orderId })) converted++
      } else if (await this.voidCartRedemption(entry.id)) {
        voided++
      }
    }
    return { converted, voided }
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
    const door = this.door_(sharedContext)
    // Holder by holder, in holder id order (the lock order): no deadlock with a concurrent
    // debit or with another instance expiring the same credits.
    const done: ExpiredCredit[] = []
    for (const candidate of await new LedgerRepository(this.knex_(sharedContext)).lapsedCredits(limit)) {
      const written = await door.change({ kind: "expire", holder_id: candidate.holder_id, credit_id: candidate.id })
      if (written) done.push({ holder_id: candidate.holder_id, credit_id: candidate.id, ...written })
    }
    return done
  }

  /** The door every balance change goes through (services/balance-door.ts), on the context's transaction. */
  private door_(sharedContext: Context): BalanceDoor {
    return new BalanceDoor(this.knex_(sharedContext), { currencyCode: this.options_.currencyCode })
  }
}
