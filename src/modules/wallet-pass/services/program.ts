import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { withoutRefusedVariables } from "../rules/card-texts"
import { levelFor, nextLevel, type Program, programSchema } from "../rules/program"
import { campaignState, type EarnCampaign } from "../rules/earning"
import { OrderDecisionRepository } from "../repositories/order-decisions"
import { percentToBasisPoints, toMinorUnits } from "../../../lib/amounts"
import { LEVEL_BATCH, OPERATION_PRIORITY } from "../constants"
import { QueueClassRepository } from "../repositories/classes"
import { ProgramRepository } from "../repositories/program"
import type {
  CurrentProgram,
  EarnCampaignCost,
  HolderLevel,
  HolderLevelRow,
  LevelChange,
  LevelMoves,
  LevelPassInput,
  OrderSpendInput,
  ProgramVersionRow,
} from "../types"
import { InternalService, type InternalServiceDeps } from "../utils/internal-service"
import { BalanceDoor } from "./balance-door"
import type { OutboxService } from "./outbox"

type Deps = InternalServiceDeps & { outboxService: OutboxService }

/**
 * The loyalty program (docs/program.md): its saved versions, the spend of each order, and
 * the level each holder is on, with the rates a level gives when the program owns them.
 */
export class ProgramService extends InternalService<Deps> {
  protected readonly outbox_ = this.deps_.outboxService

  /** The program in force: the last saved version, else plugin option `program` (version 0). */
  @InjectManager()
  async getProgram(@MedusaContext() sharedContext: Context = {}): Promise<CurrentProgram> {
    return this.programOf_(await new ProgramRepository(this.knex_(sharedContext)).latestVersion())
  }

  /**
   * The program in force at `at`: the version saved last before it, else plugin option
   * `program` (version 0). An order's bonus follows the program in force when it was placed: a
   * save applies to orders placed after it (docs/program.md, "Earn rules").
   */
  @InjectManager()
  async getProgramAt(at: Date, @MedusaContext() sharedContext: Context = {}): Promise<CurrentProgram> {
    return this.programOf_(await new ProgramRepository(this.knex_(sharedContext)).versionBefore(at))
  }

  private programOf_(latest: ProgramVersionRow | undefined): CurrentProgram {
    if (!latest) {
      return { id: null, program: this.options_.program, version: 0, source: "options", actor: null, saved_at: null }
    }
    // Saved through the same schema: parsing again fills defaults added since, and leaves out card
    // variable names refused since. A version saved before the card settings existed takes the
    // option's (docs/program.md, "On the card").
    const program = programSchema.parse(withoutRefusedVariables(latest.program))
    if (!(latest.program && typeof latest.program === "object" && "pass" in latest.program)) {
      program.pass = this.options_.program.pass
    }
    return {
      id: latest.id,
      program,
      version: latest.version,
      source: "admin",
      actor: latest.actor,
      saved_at: latest.created_at,
    }
  }

  /**
   * Every campaign of the program in force and of earlier versions (by id, its latest
   * definition), newest start first, with its state at `now` in the program's time zone and
   * its cost: the credited orders it multiplied and the extra it added (docs/program.md,
   * "Campaigns"). Versions are read newest first, at most 1,000 of them.
   */
  @InjectManager()
  async getEarnCampaigns(
    now: Date = new Date(),
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ time_zone: string; campaigns: EarnCampaignCost[] }> {
    const knex = this.knex_(sharedContext)
    const current = await this.getProgram(sharedContext)
    const versions = await new ProgramRepository(knex).versionPrograms(1000)
    const programs = [
      current.program,
      ...versions.map((v) => programSchema.safeParse(v.program).data),
      this.options_.program,
    ]
    const campaigns = new Map<string, EarnCampaign>()
    for (const program of programs) {
      for (const campaign of program?.earning.campaigns ?? []) {
        if (!campaigns.has(campaign.id)) campaigns.set(campaign.id, campaign)
      }
    }
    const totals = await new OrderDecisionRepository(knex).campaignTotals()
    const timeZone = current.program.timeZone
    return {
      time_zone: timeZone,
      campaigns: [...campaigns.values()]
        .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0))
        .map((c) => ({
          ...c,
          state: campaignState(c, timeZone, now),
          orders: totals.get(c.id)?.orders ?? 0,
          cost: totals.get(c.id)?.cost ?? 0,
        })),
    }
  }

  /** Where `program` would put every holder, against where they are: holders per move (`from` → `to`). */
  private async previewLevels_(program: Program, sharedContext: Context): Promise<LevelMoves> {
    const repo = new ProgramRepository(this.knex_(sharedContext))
    const counts = new Map<string, { from: string | null; to: string | null; count: number }>()
    let total = 0
    for (let after: string | undefined; ;) {
      const rows = await repo.holderLevels({ after_id: after, limit: LEVEL_BATCH }, program.tiers.windowDays, false)
      for (const row of rows) {
        const to = levelFor(program, row.spend)?.name ?? null
        if (to === row.level) continue
        const key = JSON.stringify([row.level, to])
        const move = counts.get(key) ?? { from: row.level, to, count: 0 }
        move.count++
        total++
        counts.set(key, move)
      }
      if (rows.length < LEVEL_BATCH) break
      after = rows[rows.length - 1].holder_id
    }
    return { total, moves: [...counts.values()].sort((a, b) => b.count - a.count) }
  }

  /**
   * Saves a new version of the program, recording how many holders it moves (their levels
   * follow in `updateLevels`). With `dry_run`, saves nothing and answers only the moves: the
   * admin shows them before a save.
   */
  @InjectTransactionManager()
  async saveProgram(
    input: { program: Program; actor: string | null; dry_run?: boolean },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ moved: LevelMoves; saved: CurrentProgram | null }> {
    const moved = await this.previewLevels_(input.program, sharedContext)
    if (input.dry_run) return { moved, saved: null }
    const { program, actor } = input
    const row = await new ProgramRepository(this.knex_(sharedContext)).insertVersion({ program, actor, moved })
    return {
      moved,
      saved: { id: row.id, program, version: row.version, source: "admin", actor: row.actor, saved_at: row.created_at },
    }
  }

  /**
   * Puts holders on the level their spend reaches under `program`, under their locks, and
   * answers what changed. When the program owns the rates, a holder whose level changed (or
   * whose rates are not yet the program's) takes the level's rates and a profile update is
   * queued so the card shows them; a manual rate set by the service (`override`) stands
   * until the next level change. When the service owns them, rates are left alone. With
   * `spend`, an order placed, canceled or returned is recorded first (once each) and its
   * customer's holder is the one passed; a placed order moves the customer's enrolment still
   * waiting in class c up to class b, whatever the order earned (docs/security.md, "The
   * queue's classes").
   */
  @InjectTransactionManager()
  async updateLevels(
    input: LevelPassInput & { program: Program },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ changes: LevelChange[]; last_id: string | null; read: number }> {
    const { program, spend, ...select } = input
    const knex = this.knex_(sharedContext)
    const repo = new ProgramRepository(knex)
    if (spend) {
      // An order's spend first, in the same transaction: its customer's level follows at once.
      const customerId = await this.recordOrderSpend_(repo, spend)
      if (!customerId) return { changes: [], last_id: null, read: 0 }
      if (spend.type === "placed") await new QueueClassRepository(knex).promoteCustomer(customerId)
      select.customer_ids = [customerId]
    }
    const rows = await repo.holderLevels(select, program.tiers.windowDays, true)
    const changes: LevelChange[] = []
    for (const row of rows) {
      const change = this.levelChange_(program, row)
      if (!change) continue
      await repo.setLevel(change)
      if (change.bonus_changed || change.discount_changed) {
        // Money or the merchant moved the level: the rates reach the card now (class b, unspaced).
        await this.outbox_.enqueueProfileSync(row.holder_id, OPERATION_PRIORITY.follows, sharedContext)
      }
      changes.push(change)
    }
    // The card's texts of every holder read (an order moves the spend to the next level, a
    // pass the level): their cards are marked due through the balance door, and the one
    // catch-up queues a profile update for each whose texts changed (docs/program.md, "On the card").
    await new BalanceDoor(knex, {}).change({ kind: "card", holder_ids: rows.map((r) => r.holder_id) })
    return { changes, last_id: rows.at(-1)?.holder_id ?? null, read: rows.length }
  }

  /**
   * Holders' levels as the admin and the store show them: the level, the spend that counts
   * now and what is missing for the next level. Empty when the program has no levels.
   */
  @InjectManager()
  async getHolderLevels(holderIds: string[], @MedusaContext() sharedContext: Context = {}) {
    const levels = new Map<string, HolderLevel>()
    const { program } = await this.getProgram(sharedContext)
    if (!program.tiers.levels.length || !holderIds.length) return levels
    const repo = new ProgramRepository(this.knex_(sharedContext))
    const rows = await repo.holderLevels({ holder_ids: holderIds }, program.tiers.windowDays, false)
    const changedAt = await repo.levelChangedAt(holderIds)
    for (const row of rows) {
      const next = nextLevel(program, row.level)
      const threshold = next ? toMinorUnits(next.threshold)! : 0
      levels.set(row.holder_id, {
        name: row.level,
        spend: row.spend,
        window_days: program.tiers.windowDays,
        changed_at: changedAt.get(row.holder_id) ?? null,
        next: next ? { name: next.name, threshold, missing: Math.max(0, threshold - row.spend) } : null,
      })
    }
    return levels
  }

  /** What an order counts toward its customer's level, once per order, cancel and return; answers the customer, or null for an order not counted. */
  private async recordOrderSpend_(repo: ProgramRepository, input: OrderSpendInput): Promise<string | null> {
    if (input.type === "placed") {
      await repo.recordSpend(input)
      return input.customer_id
    }
    if (input.type === "canceled") await repo.cancelSpend(input.order_id)
    else await repo.recordReturn(input.order_id, input.return_id, input.share)
    return (await repo.spendCustomer(input.order_id)) ?? null
  }

  /** What a holder's row becomes under the program; null when nothing does (the spend alone is not written). */
  private levelChange_(program: Program, row: HolderLevelRow): LevelChange | null {
    const level = levelFor(program, row.spend)
    const to = level?.name ?? null
    const levelChanged = to !== row.level
    let bonus = row.bonus_percent_bp
    let discount = row.discount_percent_bp
    let source = row.rates_source
    if (program.ratesOwner === "program" && level && (levelChanged || source !== "override")) {
      bonus = percentToBasisPoints(level.bonusPercent)
      discount = percentToBasisPoints(level.discountPercent) ?? 0
      source = "level"
    } else if (program.ratesOwner === "service" && source !== "service") {
      // The service owns the rates again: they stay as they are until it sets them.
      source = "service"
    }
    const bonusChanged = bonus !== row.bonus_percent_bp
    const discountChanged = discount !== row.discount_percent_bp
    if (!levelChanged && !bonusChanged && !discountChanged && source === row.rates_source) return null
    return {
      holder_id: row.holder_id,
      customer_id: row.customer_id,
      from: row.level,
      to,
      spend: row.spend,
      level_changed: levelChanged,
      bonus_percent_bp: bonus,
      discount_percent_bp: discount,
      rates_source: source,
      bonus_changed: bonusChanged,
      discount_changed: discountChanged,
      before: {
        bonus_percent_bp: row.bonus_percent_bp,
        discount_percent_bp: row.discount_percent_bp,
        rates_source: row.rates_source,
      },
    }
  }
}
