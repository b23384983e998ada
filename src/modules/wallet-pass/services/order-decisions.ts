import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { OrderDecisionRepository } from "../repositories/order-decisions"
import type { HolderPending, HolderRatesRow, OrderDecisionInput, OrderDecisionRow, PendingShare } from "../types"
import { ledgerKeys } from "../keys"
import { pendingLeft, pendingTake } from "../rules/pending"
import { InternalService } from "../utils/internal-service"
import { BalanceDoor } from "./balance-door"

/**
 * An order's bonus is decided once, at placement rates (docs/loyalty.md, "Decided once, at
 * placement"): the holder's rates in force when an order was placed, and the decision, recorded
 * once per order. The rule that decides is the accrual step's (cartRates, rules/privileges.ts).
 */
export class OrderDecisionService extends InternalService {
  /** The holder's rates in force at `at` (the history its trigger keeps); null for a holder with none. */
  @InjectManager()
  async retrieveHolderRatesAt(
    input: { holder_id: string; at: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<HolderRatesRow | null> {
    return new OrderDecisionRepository(this.knex_(sharedContext)).ratesAt(input.holder_id, input.at)
  }

  /** The order's decision, null while none was made. */
  @InjectManager()
  async retrieveOrderDecision(orderId: string, @MedusaContext() sharedContext: Context = {}) {
    return new OrderDecisionRepository(this.knex_(sharedContext)).find(orderId)
  }

  /**
   * Records an order's decision once (the order id is unique in the table): a second decision
   * for the order changes nothing and answers the first, the one that stands. A bonus that
   * waits as pending moves the holder's `pending` card text: the card is marked due.
   */
  @InjectTransactionManager()
  async recordOrderDecision(
    input: OrderDecisionInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OrderDecisionRow> {
    const decision = await new OrderDecisionRepository(this.knex_(sharedContext)).insert(input)
    if (decision.pending_until && !decision.matured_at) await this.cardDue_([decision.holder_id], sharedContext)
    return decision
  }

  /** What changes a card without a ledger row goes through the balance door too: it marks the card due. */
  private async cardDue_(holderIds: string[], sharedContext: Context): Promise<void> {
    await new BalanceDoor(this.knex_(sharedContext), {}).change({ kind: "card", holder_ids: holderIds })
  }

  /**
   * A cancel, return or refund of an order whose bonus may be pending (docs/loyalty.md, "Pending
   * bonus"), under the decision's lock: while pending, takes its share off what waits, once per
   * `dedupe_key` (the reversal's ledger key), and answers `pending` (nothing for the ledger or
   * the service); once matured, answers `matured` with the decision, whose accrual the caller
   * makes sure of before reversing it as any credited bonus; `none` for a bonus never pending.
   */
  @InjectTransactionManager()
  async takePendingBonus(
    input: { order_id: string; dedupe_key: string; share: PendingShare },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<
    | { state: "none" }
    | { state: "matured"; decision: OrderDecisionRow }
    | { state: "pending"; holder_id: string; taken: number; left: number }
  > {
    const repository = new OrderDecisionRepository(this.knex_(sharedContext))
    const decision = await repository.lock(input.order_id)
    if (!decision?.pending_until) return { state: "none" }
    if (decision.matured_at) return { state: "matured", decision }
    const already = decision.pending_taken ?? {}
    if (input.dedupe_key in already) {
      return { state: "pending", holder_id: decision.holder_id, taken: 0, left: pendingLeft(decision.amount, already) }
    }
    const refunds = ledgerKeys.orderRefundedPrefix(input.order_id)
    const counted =
      input.share !== "rest" && "upTo" in input.share && input.share.counting === "refunds"
        ? Object.fromEntries(Object.entries(already).filter(([key]) => key.startsWith(refunds)))
        : already
    const taken = pendingTake(decision.amount, already, input.share, counted)
    await repository.recordTaken(input.order_id, input.dedupe_key, taken)
    if (taken > 0) await this.cardDue_([decision.holder_id], sharedContext)
    const left = pendingLeft(decision.amount, { ...already, [input.dedupe_key]: taken })
    return { state: "pending", holder_id: decision.holder_id, taken, left }
  }

  /**
   * Matures an order's pending bonus whose days are over (database clock), under the
   * decision's lock: records what is left of it (`matured_amount`), once; a decision matured
   * already is answered as it is (its accrual entry is keyed, so writing it again changes
   * nothing). Null when the order has no pending bonus due.
   */
  @InjectTransactionManager()
  async maturePendingBonus(
    orderId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OrderDecisionRow | null> {
    const repository = new OrderDecisionRepository(this.knex_(sharedContext))
    const decision = await repository.lock(orderId)
    if (!decision?.pending_until) return null
    if (decision.matured_at) return decision
    if (!decision.due) return null
    const matured = await repository.recordMatured(orderId, pendingLeft(decision.amount, decision.pending_taken ?? {}))
    await this.cardDue_([decision.holder_id], sharedContext)
    return matured
  }

  /** Orders whose pending bonus is due (or matured without its accrual entry yet), oldest first. */
  @InjectManager()
  async listDuePendingBonuses(input: { limit: number }, @MedusaContext() sharedContext: Context = {}) {
    return new OrderDecisionRepository(this.knex_(sharedContext)).due(input.limit, ledgerKeys.orderAccrual("{order}"))
  }

  /** Each holder's bonus still pending (holders with none are absent). */
  @InjectManager()
  async getPendingBonuses(
    holderIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, HolderPending>> {
    const rows = await new OrderDecisionRepository(this.knex_(sharedContext)).pendingOf(holderIds)
    return new Map(rows.map((r) => [r.holder_id, { ...r, amount: Number(r.amount) }]))
  }
}
