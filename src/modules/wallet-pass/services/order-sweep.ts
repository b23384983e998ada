import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { lowestIdSince } from "../../../lib/time-ordered-ids"
import type { SweepOutcome } from "../constants"
import { effectiveBonusBasisPoints } from "../rules/bonus-rate"
import { OrderSweepRepository } from "../repositories/order-sweep"
import type { SweepQuery } from "../repositories/order-sweep-sql"
import type { OrderSweepCandidate, OrderSweepItemInput, OrderSweepRun, OrdersWaiting } from "../types"
import { InternalService } from "../utils/internal-service"

/** The id prefix Medusa gives orders (`order_<ULID>`). */
const ORDER_ID_PREFIX = "order"
/** Medusa's app clock makes the id, the database's the date: the id's bound is taken this much earlier. */
const CLOCK_MARGIN_MS = 3600_000
/**
 * The placing of orders is looked at again from this long before where it was last found
 * settled: an order's `created_at` is when its transaction began, and one that committed late
 * may be dated before a run that did not see it yet.
 */
const SETTLED_MARGIN_MS = 3600_000

/** Which orders a query looks at: the window's start, and whether events in their grace count. */
type SweepWindow = { currency: string; since?: Date | null; grace: boolean }

/**
 * The order sweep (docs/operations.md, "The order sweep"): the orders whose bonus, reversal or
 * spend no event brought, found from the database alone, and the record of what runs did.
 * The workflows that write them are the subscribers' (src/workflows/orders/sweep-orders.ts).
 */
export class OrderSweepService extends InternalService {
  /** The window: from `since` when the merchant asked, else from the installation or `lookBackDays` ago, whichever is later. */
  private async query_(
    repo: OrderSweepRepository,
    window: SweepWindow,
    rest: Pick<SweepQuery, "exclude_recorded" | "order_ids" | "limit">
  ): Promise<SweepQuery> {
    const { installed_at, placed_settled_until, now } = await repo.state()
    const { sweep, accrual } = this.options_
    const lookBack = new Date(now.getTime() - sweep.lookBackDays * 86_400_000)
    const start = window.since ?? new Date(Math.max(new Date(installed_at).getTime(), lookBack.getTime()))
    const settled =
      window.since || rest.order_ids || !placed_settled_until ? 0 : new Date(placed_settled_until).getTime()
    return {
      placed_from: new Date(Math.max(start.getTime(), settled - SETTLED_MARGIN_MS)),
      currency: window.currency,
      rate_bp: effectiveBonusBasisPoints({ bonus_percent_bp: null }, this.options_),
      accrual_on: accrual.on,
      start,
      low_id: lowestIdSince(ORDER_ID_PREFIX, new Date(start.getTime() - CLOCK_MARGIN_MS)),
      cutoff: window.grace ? new Date(now.getTime() - sweep.graceSeconds * 1000) : null,
      ...rest,
    }
  }

  /** The sweep's row: when the plugin was installed, the last run and what it did. */
  @InjectManager()
  async getOrderSweepState(@MedusaContext() sharedContext: Context = {}) {
    return new OrderSweepRepository(this.knex_(sharedContext)).state()
  }

  /** Whether this process runs the sweep now: none ran in the last `sweep.everySeconds`, in any process. */
  @InjectTransactionManager()
  async claimOrderSweepRun(@MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return new OrderSweepRepository(this.knex_(sharedContext)).claimRun(this.options_.sweep.everySeconds)
  }

  /**
   * Order events past their grace whose work is missing, oldest first, up to `limit`; those a
   * run recorded are left out. With `order_ids`, what is still missing for those orders (grace
   * and records aside): a run's check of what it wrote.
   */
  @InjectManager()
  async findOrderSweepCandidates(
    input: SweepWindow & { limit?: number; order_ids?: string[] },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ window_start: Date; cutoff: Date | null; candidates: OrderSweepCandidate[] }> {
    const repo = new OrderSweepRepository(this.knex_(sharedContext))
    const checking = !!input.order_ids
    const query = await this.query_(
      repo,
      { ...input, grace: input.grace && !checking },
      { exclude_recorded: !checking, order_ids: input.order_ids, limit: input.limit }
    )
    return { window_start: query.start, cutoff: query.cutoff, candidates: await repo.candidates(query) }
  }

  /** What waits now (grace included): the admin's "orders waiting for their bonus", from the sweep's own query. */
  @InjectManager()
  async countOrdersWaiting(
    input: { currency: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OrdersWaiting> {
    const repo = new OrderSweepRepository(this.knex_(sharedContext))
    return repo.waiting(await this.query_(repo, { currency: input.currency, grace: false }, { exclude_recorded: true }))
  }

  /**
   * What a run did for each event it found, and its summary, in one transaction; with
   * `placed_settled_until`, the time before which every order's placing is now done or recorded.
   */
  @InjectTransactionManager()
  async recordOrderSweepRun(
    input: { items: OrderSweepItemInput[]; run: OrderSweepRun; placed_settled_until?: Date | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const repo = new OrderSweepRepository(this.knex_(sharedContext))
    await repo.recordItems(input.items)
    await repo.recordRun(input.run, input.placed_settled_until ?? null)
  }

  /** The events runs recorded, newest first (the admin's list). */
  @InjectManager()
  async listOrderSweepItems(
    input: { limit: number; offset: number; outcome?: SweepOutcome },
    @MedusaContext() sharedContext: Context = {}
  ) {
    return new OrderSweepRepository(this.knex_(sharedContext)).listItems(input)
  }
}
