import type { SweepOutcome, SweepPart, SweepWork } from "../constants"

/** The order sweep's single row (models/order-sweep.ts). */
export type OrderSweepStateRow = {
  id: string
  installed_at: Date
  last_run_at: Date | null
  last_run: OrderSweepRun | null
  placed_settled_until: Date | null
}

/** One order event whose work the sweep found missing, and which parts of it. */
export type OrderSweepCandidate = {
  work: SweepWork
  order_id: string
  return_id: string | null
  /** When the event happened (the order placed, completed or fulfilled; canceled; the return received). */
  at: Date
  missing: SweepPart[]
}

/** What a run did for one event: the parts it found missing, those it wrote, its error. */
export type OrderSweepItemInput = {
  work: SweepWork
  order_id: string
  return_id: string | null
  outcome: SweepOutcome
  found: SweepPart[]
  wrote: SweepPart[]
  error: string | null
}

export type OrderSweepItemRow = Omit<OrderSweepItemInput, "error"> & {
  id: string
  error: string | null
  attempts: number
  created_at: Date
  updated_at: Date
}

/** The summary of a run, kept on the sweep's row. */
export type OrderSweepRun = {
  started_at: string
  /** Where the window began, and whether the merchant asked for it (`since`). */
  window_start: string
  since: string | null
  found: number
  caught: number
  nothing_due: number
  failed: number
  /** More events were waiting than one run takes (`sweep.batchSize`). */
  more: boolean
  duration_ms: number
}

/** What waits for the sweep (or its event) now, whatever the event bus holds. */
export type OrdersWaiting = {
  /** Orders whose bonus is due and not credited, and when the oldest of them earned it. */
  bonus: number
  bonus_since: Date | null
  /** Cancels and returns whose reversal (or the refund of the bonus paid) is missing. */
  reversal: number
}
