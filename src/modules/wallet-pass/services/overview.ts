import type { Context } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { OVERVIEW_FLOWS, type OverviewDays, type OverviewFlows, type ProgramOverview, REQUEST_HOURS } from "../overview"
import { OverviewRepository } from "../repositories/overview"
import { InternalService } from "../utils/internal-service"

/**
 * The admin's program overview (docs/overview.md): holders, what the store owes and what of it
 * lapses soon, the flows of bonus per day and the requests to the service per hour. Its SQL is
 * repositories/overview.ts.
 */
export class OverviewService extends InternalService {
  /**
   * The overview over the last `days` days and REQUEST_HOURS hours, counted in `timezone` (an
   * IANA name). A transaction: the sums of quarter hours sealed since the last overview are
   * written first (repositories/overview.ts refreshSlots).
   */
  @InjectTransactionManager()
  async getProgramOverview(
    input: { days: OverviewDays; timezone: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ProgramOverview> {
    const overview = new OverviewRepository(this.knex_(sharedContext))
    const bounds = await overview.bounds(input)
    await overview.refreshSlots(bounds)
    const { holders, balance } = await overview.figures(bounds)
    const perDay = await overview.flowsPerDay(bounds)
    const perHour = await overview.requestsPerHour(bounds)
    const totals = Object.fromEntries(
      OVERVIEW_FLOWS.map((flow) => [flow, perDay.reduce((sum, day) => sum + day[flow], 0)])
    ) as OverviewFlows
    return {
      timezone: bounds.timezone,
      generated_at: bounds.now,
      holders,
      balance,
      flows: { days: bounds.days, from: bounds.first_day, to: bounds.last_day, totals, per_day: perDay },
      requests: { hours: REQUEST_HOURS, per_hour: perHour },
    }
  }
}
