import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { OrderDecisionRepository } from "../repositories/order-decisions"
import type { HolderRatesRow, OrderDecisionInput, OrderDecisionRow } from "../types"
import { InternalService } from "../utils/internal-service"

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
   * for the order changes nothing and answers the first, the one that stands.
   */
  @InjectTransactionManager()
  async recordOrderDecision(
    input: OrderDecisionInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<OrderDecisionRow> {
    return new OrderDecisionRepository(this.knex_(sharedContext)).insert(input)
  }
}
