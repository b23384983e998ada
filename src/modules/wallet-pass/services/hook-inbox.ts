import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { HooksRepository } from "../repositories/hooks"
import { type BalanceAnnouncer, BalanceDoor, eventBusAnnouncer, type HookBatchItem } from "./balance-door"
import type { HookDeliveryInput, HookHolder, ServiceBalanceChange, ServiceBalanceResult } from "../types"
import { BalanceOutOfRangeError } from "../utils/balance-errors"
import { GroupWriter } from "../utils/group-writer"
import { InternalService, type InternalServiceDeps } from "../utils/internal-service"
import { type AppliedEntryJson, appliedEntry, newLedgerEntry } from "../utils/ledger-entry"
import { reason } from "../../../lib/reasons"
import { type RefusalMinute, type RefusalSample, RefusalTally } from "../utils/refusal-tally"
import { ledgerKeys } from "../keys"

type HookHolderRead = { status: "found"; holder: HookHolder; balance: number }

type HookBalanceChanged = (
  | Extract<AppliedEntryJson, { status: "created" | "repeat" | "out_of_range" }>
  | { status: "echo"; entry: Record<string, unknown>; balance: number; echo_of_operation_id: string }
) & { holder_id: string; conflicting?: boolean; echo_of_operation_id?: string | null }

/** What wallet_pass_hook_batch answers for one hook (JSON: timestamps are strings). */
type HookBatchResult =
  | { status: "not_found" }
  | { status: "foreign_card"; card: string }
  | { status: "pending" }
  | HookHolderRead
  | HookBalanceChanged

/**
 * The inbound side of the service: readBalance and addBalance hooks answered in batches, the
 * delivery log, the tally of deliveries refused before authentication, and the logs'
 * retention (docs/architecture.md, "Hooks").
 */
export class HookInboxService extends InternalService {
  private readonly refusals_: RefusalTally

  /**
   * readBalance and addBalance hooks, answered in batches: the hooks that arrive while a
   * batch runs go in the next one, a single call of wallet_pass_hook_batch (one round trip
   * and one commit for all of them).
   */
  private readonly hookBatch_ = new GroupWriter<HookBatchItem, HookBatchResult>(
    (items) => this.runHookBatch_(items),
    100
  )

  /** Delivery log lines answered while a write runs share the next INSERT (group commit). */
  private readonly deliveryLog_ = new GroupWriter<HookDeliveryInput>((rows) => this.insertHookDeliveries_(rows))

  /** `wallet_pass.balance_changed` on the app's event bus, for the service's changes the batch wrote. */
  private readonly announce_: BalanceAnnouncer

  constructor(deps: InternalServiceDeps & { logger?: Logger }) {
    super(deps)
    this.announce_ = eventBusAnnouncer(deps as unknown as Record<string, unknown>)
    this.refusals_ = new RefusalTally(
      (minutes) => this.insertHookRefusals_(minutes),
      (e) => deps.logger?.warn(`wallet-pass: could not record refused hook deliveries: ${(e as Error).message}`)
    )
  }

  /**
   * The holder a hook is about, and their balance: the holder with that phone; a card of
   * another holder than the phone's is refused, nobody found is NOT_FOUND (both answer 400).
   * It answers every readBalance, so it goes in the hook batches and commits on its own.
   */
  async findHookHolder(phone: string, cardNumbers: string[]): Promise<{ holder: HookHolder; balance: number }> {
    const found = hookHolderFound<HookHolderRead>(
      await this.hookBatch_.add({ kind: "read", phone, cards: cardNumbers }),
      phone,
      cardNumbers
    )
    return { holder: found.holder, balance: found.balance }
  }

  /**
   * Handles a balance change the service reports (addBalance hook, naming the holder by
   * phone and cards) exactly once, under the holder's lock, in a hook batch (it commits on
   * its own, whatever the caller's context). wallet_pass_hook_add does it:
   * - a `transactionId` seen before returns the first result and changes nothing;
   * - the echo of our own balance/add or balance/deduct (same holder, same signed amount,
   *   our operation in flight or done within ECHO_WINDOW_MINUTES) is attached to our entry
   *   instead of crediting again;
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
      reason: reason(input.amount > 0 ? "service_credit" : "service_debit"),
      dedupe_key: ledgerKeys.serviceCredit(input.transaction_id),
      transaction_id: input.transaction_id,
      lifetime_seconds: input.lifetime_seconds,
    })
    const result = hookHolderFound<HookBalanceChanged>(
      await this.hookBatch_.add({ kind: "add", phone: input.phone, cards: input.card_numbers, entry }),
      input.phone,
      input.card_numbers
    )
    if (result.status === "out_of_range") {
      throw new BalanceOutOfRangeError(Number(result.balance), input.amount, this.options_.currencyCode)
    }
    return {
      ...appliedEntry(result),
      echo_of_operation_id: result.echo_of_operation_id ?? null,
      holder_id: result.holder_id,
    }
  }

  /** Writes one line of the hook delivery log; resolves once it is written. */
  recordHookDelivery(input: HookDeliveryInput): Promise<void> {
    return this.deliveryLog_.add(input)
  }

  /**
   * Counts a hook delivery refused before it was authenticated (401, 403): per minute, with
   * the first few as samples, written at most once a second (see RefusalTally), so
   * unauthenticated requests cannot grow the database row by row.
   */
  recordHookRefusal(sample: Omit<RefusalSample, "at">): void {
    this.refusals_.add(sample)
  }

  /** Writes the refusals counted since the last write now (a shutdown, a test that reads them). */
  flushHookRefusals(): Promise<void> {
    return this.refusals_.flush()
  }

  /**
   * Deletes API call log, hook delivery log and refused-delivery rows older than
   * `logs.retentionDays` (database clock), in batches. Safe on several instances at once.
   * The rate gate reads only the last hour of the call log: a retention of a day or more
   * leaves it whole.
   */
  @InjectManager()
  async pruneLogs(
    { batchSize = 5000 }: { batchSize?: number } = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ api_calls: number; hook_deliveries: number; hook_refusals: number }> {
    const hooks = new HooksRepository(this.knex_(sharedContext))
    const days = this.options_.logs.retentionDays
    return {
      api_calls: await hooks.pruneLog("api_calls", days, batchSize),
      hook_deliveries: await hooks.pruneLog("hook_deliveries", days, batchSize),
      hook_refusals: await hooks.pruneLog("hook_refusals", days, batchSize),
    }
  }

  @InjectManager()
  protected async runHookBatch_(
    items: HookBatchItem[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<HookBatchResult[]> {
    // Through the balance door (services/balance-door.ts), which announces the new entries once committed.
    const door = new BalanceDoor(this.knex_(sharedContext), { announce: this.announce_ })
    return (await door.change({ kind: "hook_batch", items })) as HookBatchResult[]
  }

  @InjectManager()
  protected async insertHookRefusals_(
    minutes: RefusalMinute[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new HooksRepository(this.knex_(sharedContext)).upsertHookRefusals(minutes)
  }

  @InjectManager()
  protected async insertHookDeliveries_(
    rows: HookDeliveryInput[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new HooksRepository(this.knex_(sharedContext)).insertDeliveries(rows)
  }
}

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
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `card ${result.card} belongs to another customer than phone ${phone}`
    )
  }
  if (result.status === "pending") {
    // An addBalance before the store has taken the service's balance (docs/adoption.md).
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `the store has not adopted the balance the service holds for ${phone} yet; nothing was changed, try again shortly`
    )
  }
  // A read is answered "found", an add with its change (wallet_pass_hook_batch).
  return result as R
}
