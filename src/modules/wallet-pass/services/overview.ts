import type { Context } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import {
  ACTIVE_DAYS,
  ACTIVITY_KINDS,
  EXPIRING_DAYS,
  FLOW_OF_KIND,
  OVERVIEW_FLOWS,
  type OverviewDays,
  type OverviewFlows,
  type ProgramOverview,
  REQUEST_HOURS,
  SEAL_AFTER_SECONDS,
  SLOT_KEEP_DAYS,
  SLOT_SECONDS,
} from "../rules/overview"
import { type OverviewBounds, OverviewRepository, type OverviewSettings } from "../repositories/overview"
import { InternalService } from "../utils/internal-service"

/** What the overview counts (rules/overview.ts), as its SQL takes it. */
const SETTINGS: OverviewSettings = {
  flow_of_kind: FLOW_OF_KIND,
  activity_kinds: ACTIVITY_KINDS,
  active_days: ACTIVE_DAYS,
  expiring_days: EXPIRING_DAYS,
  request_hours: REQUEST_HOURS,
  slot_seconds: SLOT_SECONDS,
  seal_after_seconds: SEAL_AFTER_SECONDS,
  slot_keep_days: SLOT_KEEP_DAYS,
}

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
    const overview = new OverviewRepository(this.knex_(sharedContext), SETTINGS)
    let bounds: OverviewBounds
    try {
      bounds = await overview.bounds(input)
    } catch (e) {
      // A time zone the database does not know (the route only lets through names the runtime
      // knows) is the caller's mistake.
      if ((e as { code?: string }).code === "22023") {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `The database does not know the time zone ${input.timezone}`
        )
      }
      throw e
    }
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
