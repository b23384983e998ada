import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import { OPERATION_PRIORITY, WALLET_PASS_EVENTS } from "../constants"
import { formatBalanceAmount } from "../../../lib/amounts"
import { type Reason, reason } from "../../../lib/reasons"
import { ledgerKeys, operationKeys } from "../keys"
import { QueueClassRepository } from "../repositories/classes"
import { CardTextsRepository } from "../repositories/card-texts"
import { HooksRepository } from "../repositories/hooks"
import { LedgerRepository } from "../repositories/ledger"
import { QueueRepository } from "../repositories/queue"
import type { ApplyLedgerEntryInput, EnqueueInput, LedgerEntryRow, OperationRow } from "../types"
import { BalanceOutOfRangeError, insufficientBalanceMessage } from "../utils/balance-errors"
import { type AppliedEntryJson, appliedEntry, expiryEntry, newLedgerEntry } from "../utils/ledger-entry"
import { accountBalances } from "./trust"

/**
 * Every change of a balance, as the door takes it (docs/architecture.md, "One door for a
 * balance change"):
 * - `entry`: one change, applied once by its dedupe key. `request`: the request that tells the
 *   service, queued in the same transaction when the entry is new. `locked`: the caller holds
 *   the holder's lock already (adoption, an import refresh); `answer`: a refusal or a balance
 *   beyond range is answered as wallet_pass_apply_entry answers it instead of thrown;
 * - `expire`: a lapsed lifetime credit, marked expired with the `expiry` entry of what it had
 *   left, and the absolute balance set that tells the service;
 * - `cancel`: an applied entry canceled (a voided reservation, a compensated change), and
 *   what it took from credits that have lapsed since written off as expiries;
 * - `attach_order`: a reservation becomes an order's (its order id and reason; no amount moves);
 * - `hook_batch`: the service's own changes and reads, many hooks in one call of
 *   wallet_pass_hook_batch; its new entries are announced (`wallet_pass.balance_changed`);
 * - `card`: what moves a card's texts without a ledger row (an order's pending bonus decided,
 *   taken from by a cancel or return, matured; a level pass): the card's catch-up mark alone.
 * Every kind but `attach_order` marks the card of each holder it changed due for a catch-up, in
 * the same transaction (`card_due_at`, repositories/card-texts.ts `markDue`), which wakes the
 * drain when it commits; the one consumer is CardTextsService.catchUpDueCards.
 */
export type BalanceChange =
  | {
      kind: "entry"
      entry: ApplyLedgerEntryInput
      request?: Omit<EnqueueInput, "ledger_entry_id" | "holder_id">
      locked?: boolean
      answer?: boolean
    }
  | { kind: "expire"; holder_id: string; credit_id: string }
  | { kind: "cancel"; entry_id: string; rename_keys: boolean }
  | { kind: "attach_order"; entry_id: string; order_id: string; reason: Reason }
  | { kind: "hook_batch"; items: HookBatchItem[] }
  | { kind: "card"; holder_ids: string[] }

/** One hook for wallet_pass_hook_batch (field names are the function's); `entry` is built by newLedgerEntry. */
export type HookBatchItem =
  | { kind: "read"; phone: string; cards: string[] }
  | { kind: "add"; phone: string; cards: string[]; entry: Record<string, unknown> }

/** What the door answers for each kind of change. */
export type BalanceChangeResult<C extends BalanceChange> = C extends { kind: "entry" }
  ? AppliedEntryJson & { operation: OperationRow | null }
  : C extends { kind: "expire" }
    ? { entry: LedgerEntryRow; balance: number } | null
    : C extends { kind: "cancel" }
      ? boolean
      : C extends { kind: "attach_order" | "card" }
        ? void
        : unknown[]

/** What `wallet_pass.balance_changed` carries (docs/loyalty.md, "Events"): the service's change, signed, in minor units. */
export type BalanceChangedData = { holder_id: string; entry_id: string; amount: number }

/** Where the door announces a committed change: the app's event bus, when the module has one. */
export type BalanceAnnouncer = (events: BalanceChangedData[]) => Promise<void>

/**
 * The one door through which every balance change goes, on the caller's transaction (the
 * active manager's knex), and what follows a change: the request queued for it (with the
 * class promotion of a customer who has ordered), an expiry's balance set, and the
 * `wallet_pass.balance_changed` event. The holder's row lock, the unique dedupe keys and the
 * overdraft, range and trust checks are the ledger's, as before (docs/architecture.md, "The ledger").
 */
export class BalanceDoor {
  constructor(
    private readonly knex: Knex,
    private readonly options: { currencyCode?: string | null; announce?: BalanceAnnouncer }
  ) {}

  /** Applies one change (or, for the hook path, one batch of them); see {@link BalanceChange}. */
  async change<C extends BalanceChange>(change: C): Promise<BalanceChangeResult<C>> {
    const result: unknown = await this.apply_(change)
    return result as BalanceChangeResult<C>
  }

  private async apply_(change: BalanceChange): Promise<unknown> {
    switch (change.kind) {
      case "entry":
        return this.entry_(change)
      case "expire":
        return this.expire_(change.holder_id, change.credit_id)
      case "cancel":
        return this.cancel_(change.entry_id, change.rename_keys)
      case "attach_order":
        return new LedgerRepository(this.knex).attachOrder(change.entry_id, change.order_id, change.reason)
      case "hook_batch":
        return this.hookBatch_(change.items)
      case "card":
        return this.cardDue_(change.holder_ids)
    }
  }

  private async entry_(
    change: Extract<BalanceChange, { kind: "entry" }>
  ): Promise<AppliedEntryJson & { operation: OperationRow | null }> {
    const input = change.entry
    if (!input.holder_id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid ledger entry: holder_id is required")
    }
    const entry = { ...newLedgerEntry(input), holder_id: input.holder_id }
    const ledger = new LedgerRepository(this.knex)
    const currency = input.currency_code ?? this.options.currencyCode
    if (!change.locked) await lockLiveHolder(ledger, input.holder_id)
    if (input.spendable_only && input.amount < 0) {
      const account = (await accountBalances(this.knex, [input.holder_id])).get(input.holder_id)!
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
    if (!change.answer && result.status === "refused") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        insufficientBalanceMessage(Number(result.balance), -input.amount, currency ?? undefined)
      )
    }
    if (!change.answer && result.status === "out_of_range") {
      throw new BalanceOutOfRangeError(Number(result.balance), input.amount, currency ?? undefined)
    }
    if (result.status !== "created") return { ...result, operation: null }
    await this.cardDue_([input.holder_id])
    if (!change.request) return { ...result, operation: null }
    if (input.order_id || input.kind === "accrual" || input.kind === "redemption") {
      // The customer has ordered: an enrolment of theirs still waiting in class c moves up,
      // so this change, which goes after it, does not wait for the open share.
      await new QueueClassRepository(this.knex).promoteHolder(input.holder_id)
    }
    const queued = await new QueueRepository(this.knex).insertOperation({
      ...change.request,
      holder_id: input.holder_id,
      ledger_entry_id: result.entry.id as string,
    })
    return { ...result, operation: queued.operation }
  }

  private async expire_(
    holderId: string,
    creditId: string
  ): Promise<{ entry: LedgerEntryRow; balance: number } | null> {
    const ledger = new LedgerRepository(this.knex)
    // Locks are taken holder first, in holder id order (the caller's order), as every change
    // does: no deadlock with a concurrent debit or with another instance expiring the same credits.
    await lockLiveHolder(ledger, holderId)
    const expiry = expiryEntry({
      reason: reason("credit_expired"),
      dedupe_key: ledgerKeys.expiry(creditId),
      metadata: { credit_id: creditId },
    })
    const result = await ledger.expireCredit(creditId, expiry)
    // "taken": another instance expired it first; "consumed": fully spent before it lapsed.
    if (result.status === "taken" || result.status === "consumed") return null
    const settled = await this.settleExpiry_(result, null)
    if (settled) await this.cardDue_([holderId])
    return settled
  }

  private async cancel_(entryId: string, renameKeys: boolean): Promise<boolean> {
    const ledger = new LedgerRepository(this.knex)
    const holderId = await ledger.holderOf(entryId)
    if (!holderId) return false
    await lockLiveHolder(ledger, holderId)
    const canceled = await ledger.cancelEntry(entryId, renameKeys)
    if (!canceled) return false
    await this.cardDue_([holderId])
    for (const { credit_id, amount } of canceled.lapsed) {
      const expiry = expiryEntry({
        reason: reason("credit_expired_given_back"),
        dedupe_key: ledgerKeys.expiryCanceled(credit_id, canceled.entry.id),
        metadata: { credit_id, canceled_entry_id: canceled.entry.id },
      })
      await this.settleExpiry_(
        await ledger.applyEntry({ ...expiry, holder_id: holderId, amount: -amount }, false),
        -amount
      )
    }
    return true
  }

  /**
   * After wallet_pass_apply_entry wrote (or found) an `expiry` entry: queues the absolute
   * balance set that tells the service, sent when the holder's queue reaches it. Null when
   * the entry's dedupe key was written before. `amount` (when known) names the change in the
   * error of a balance beyond what the store keeps.
   */
  private async settleExpiry_(
    result: AppliedEntryJson,
    amount: number | null
  ): Promise<{ entry: LedgerEntryRow; balance: number } | null> {
    if (result.status === "out_of_range") {
      throw new BalanceOutOfRangeError(Number(result.balance), amount ?? 0, this.options.currencyCode ?? undefined)
    }
    if (result.status !== "created") return null
    const { entry, balance } = appliedEntry(result)
    await new QueueRepository(this.knex).insertOperation({
      method: "user_create_or_update",
      holder_id: entry.holder_id,
      ledger_entry_id: entry.id,
      payload: { type: "balance_sync", reason: "expiry" },
      dedupe_key: operationKeys.expirySync(entry.id),
      priority: OPERATION_PRIORITY.money,
    })
    return { entry, balance }
  }

  /** Marks the holders' cards due for a catch-up, in the change's transaction (see {@link BalanceChange}). */
  private async cardDue_(holderIds: string[]): Promise<void> {
    await new CardTextsRepository(this.knex).markDue(holderIds)
  }

  /**
   * The hook batch: one statement and the card marks of its new entries, in a transaction of
   * its own (the door refuses a caller's), so its new entries are announced as soon as it
   * commits, once each: a repeat of a `transactionId` or an echo of our own request writes
   * nothing and announces nothing.
   */
  private async hookBatch_(items: HookBatchItem[]): Promise<unknown[]> {
    if ((this.knex as { isTransaction?: boolean }).isTransaction) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "walletPass: the hook batch commits on its own")
    }
    const announced: BalanceChangedData[] = []
    const results = await this.knex.transaction(async (trx) => {
      const rows = await new HooksRepository(trx).runHookBatch<HookBatchItem, Record<string, unknown>>(items)
      for (const result of rows) {
        if (result.status !== "created") continue
        const entry = result.entry as { id: string; amount: number }
        announced.push({ holder_id: result.holder_id as string, entry_id: entry.id, amount: Number(entry.amount) })
      }
      await new CardTextsRepository(trx).markDue(announced.map((a) => a.holder_id))
      return rows
    })
    if (announced.length) await this.options.announce?.(announced)
    return results
  }
}

/** Locks a live holder's row for the transaction (repositories/ledger.ts); NOT_FOUND without one. */
export async function lockLiveHolder(ledger: LedgerRepository, holderId: string): Promise<void> {
  if (!(await ledger.lockHolder(holderId))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Wallet pass holder ${holderId} was not found`)
  }
}

/**
 * The module's announcer: `wallet_pass.balance_changed` on the app's event bus (the module's
 * container has it when the app does). The change stands whatever happens here: a failed emit
 * is logged, never answered as a failed change.
 */
export function eventBusAnnouncer(deps: Record<string, unknown>): BalanceAnnouncer {
  return async (events) => {
    const bus = optional<{ emit(messages: { name: string; data: unknown }[]): Promise<void> }>(deps, "event_bus")
    const logger = optional<{ warn(message: string): void }>(deps, "logger")
    if (!bus) return
    try {
      await bus.emit(events.map((data) => ({ name: WALLET_PASS_EVENTS.BALANCE_CHANGED, data })))
    } catch (e) {
      logger?.warn(
        `wallet-pass: ${WALLET_PASS_EVENTS.BALANCE_CHANGED} for entries ${events.map((e) => e.entry_id).join(", ")} was not emitted: ${(e as Error).message}`
      )
    }
  }
}

/** A registration of the module's container, undefined when it has none (awilix throws then). */
function optional<T>(deps: Record<string, unknown>, name: string): T | undefined {
  try {
    return deps[name] as T | undefined
  } catch {
    return undefined
  }
}
