import type { RatesSource } from "../constants"
import type { Program } from "../rules/program"
import type { EarnCampaign } from "../rules/earning"

/** What the program's service (services/program.ts, docs/program.md) takes and answers. */

export type ProgramVersionRow = {
  id: string
  version: number
  program: unknown
  actor: string | null
  moved: LevelMoves | null
  created_at: Date
}

/**
 * A campaign of the program in force or of an earlier version (docs/program.md, "Campaigns"),
 * with its state now and what it cost: the credited orders it multiplied and the extra bonus
 * it added over them (minor units; returns do not lower it).
 */
export type EarnCampaignCost = EarnCampaign & {
  state: "scheduled" | "running" | "ended"
  orders: number
  cost: number
}

/** The program in force and where it comes from. */
export type CurrentProgram = {
  /** The saved version's id; null for the plugin option's program. */
  id: string | null
  program: Program
  /** 0: plugin option `program`, nothing saved yet. */
  version: number
  source: "options" | "admin"
  actor: string | null
  saved_at: Date | null
}

/** Holders a program moves between levels: how many in all, and per move. */
export type LevelMoves = { total: number; moves: { from: string | null; to: string | null; count: number }[] }

/** A holder as the level pass reads them: spend in minor units. */
export type HolderLevelRow = {
  holder_id: string
  customer_id: string
  level: string | null
  rates_source: RatesSource
  bonus_percent_bp: number | null
  discount_percent_bp: number
  spend: number
}

/** What the level pass changed for one holder. */
export type LevelChange = {
  holder_id: string
  customer_id: string
  from: string | null
  to: string | null
  spend: number
  level_changed: boolean
  bonus_percent_bp: number | null
  discount_percent_bp: number
  rates_source: RatesSource
  bonus_changed: boolean
  discount_changed: boolean
  /** The rates before, for the compensation. */
  before: Pick<HolderLevelRow, "bonus_percent_bp" | "discount_percent_bp" | "rates_source">
}

/** An order placed (its total, minor units), canceled, or a return of it received (its share). */
export type OrderSpendInput =
  | { type: "placed"; order_id: string; customer_id: string; amount: number; placed_at: Date }
  | { type: "canceled"; order_id: string }
  | { type: "returned"; order_id: string; return_id: string; share: { numerator: number; denominator: number } }

/** A holder's level for the admin and the store: spend and thresholds in minor units. */
export type HolderLevel = {
  name: string | null
  spend: number
  window_days: number | null
  changed_at: Date | null
  next: { name: string; threshold: number; missing: number } | null
}

/** Which holders a level pass reads: some, some customers', a batch of all (ids after `after_id`), or an order's customer's once its `spend` is recorded. */
export type LevelPassInput = {
  holder_ids?: string[]
  customer_ids?: string[]
  after_id?: string
  limit?: number
  spend?: OrderSpendInput
}
