import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { HolderLevelRow, LevelChange, ProgramVersionRow } from "../types"
import { lockHolders } from "./ledger"

/** What an order's returns took off its spend: `returns` maps each return to its amount. */
export const NET_SPEND = `GREATEST(s.amount - COALESCE((SELECT sum(CAST(value AS bigint)) FROM jsonb_each_text(s.returns)), 0), 0)`

/** The program's versions and the spend that places customers on levels (docs/program.md). */
export class ProgramRepository {
  constructor(private readonly knex: Knex) {}

  async latestVersion(): Promise<ProgramVersionRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: ProgramVersionRow[] }>(
      `SELECT * FROM wallet_pass_program_version WHERE deleted_at IS NULL ORDER BY version DESC LIMIT 1`
    )
    return rows[0]
  }

  /** The version saved last before `at` (an order's placement: the program in force for it); none: the option's. */
  async versionBefore(at: Date): Promise<ProgramVersionRow | undefined> {
    const { rows } = await this.knex.raw<{ rows: ProgramVersionRow[] }>(
      `SELECT * FROM wallet_pass_program_version
        WHERE deleted_at IS NULL AND created_at < ?
        ORDER BY version DESC LIMIT 1`,
      [at]
    )
    return rows[0]
  }

  /** The saved versions' programs, newest first (at most `limit`): where campaigns of earlier versions are found. */
  async versionPrograms(limit: number): Promise<{ version: number; program: unknown }[]> {
    const { rows } = await this.knex.raw<{ rows: { version: number; program: unknown }[] }>(
      `SELECT version, program FROM wallet_pass_program_version WHERE deleted_at IS NULL ORDER BY version DESC LIMIT ?`,
      [limit]
    )
    return rows
  }

  /** A new version, numbered after the last (the unique version refuses a concurrent save's twin). */
  async insertVersion(input: { program: unknown; actor: string | null; moved: unknown }): Promise<ProgramVersionRow> {
    const { rows } = await this.knex.raw<{ rows: ProgramVersionRow[] }>(
      `INSERT INTO wallet_pass_program_version (id, version, program, actor, moved)
       SELECT ?, COALESCE(max(version), 0) + 1, ?::jsonb, ?, ?::jsonb
         FROM wallet_pass_program_version
       RETURNING *`,
      [generateEntityId(undefined, "wpprog"), JSON.stringify(input.program), input.actor, JSON.stringify(input.moved)]
    )
    return rows[0]
  }

  /** An order's spend, once: a repeated event finds the row and changes nothing. */
  async recordSpend(input: { order_id: string; customer_id: string; amount: number; placed_at: Date }): Promise<void> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_order_spend (id, order_id, customer_id, amount, returns, placed_at)
       VALUES (?, ?, ?, ?, '{}'::jsonb, ?)
       ON CONFLICT (order_id) WHERE deleted_at IS NULL DO NOTHING`,
      [generateEntityId(undefined, "wpspend"), input.order_id, input.customer_id, input.amount, input.placed_at]
    )
  }

  /** The customer of a recorded order, or undefined for an order that counts toward no level. */
  async spendCustomer(orderId: string): Promise<string | undefined> {
    const { rows } = await this.knex.raw<{ rows: { customer_id: string }[] }>(
      `SELECT customer_id FROM wallet_pass_order_spend WHERE order_id = ? AND deleted_at IS NULL`,
      [orderId]
    )
    return rows[0]?.customer_id
  }

  async cancelSpend(orderId: string): Promise<void> {
    await this.knex.raw(
      `UPDATE wallet_pass_order_spend SET canceled_at = now(), updated_at = now()
        WHERE order_id = ? AND canceled_at IS NULL AND deleted_at IS NULL`,
      [orderId]
    )
  }

  /** A return's share of the order's spend, once per return. */
  async recordReturn(orderId: string, returnId: string, share: { numerator: number; denominator: number }) {
    await this.knex.raw(
      `UPDATE wallet_pass_order_spend
          SET returns = returns || jsonb_build_object(?::text, CASE WHEN ?::bigint > 0 THEN (amount * ?::bigint / ?::bigint) ELSE 0 END),
              updated_at = now()
        WHERE order_id = ? AND NOT jsonb_exists(returns, ?) AND deleted_at IS NULL`,
      [returnId, share.denominator, share.numerator, share.denominator, orderId, returnId]
    )
  }

  /**
   * Holders with what counts toward their level now: placed orders of their customer, net of
   * returns, not canceled, inside the window (`windowDays`, null: all of them). Locked for
   * update when `lock`: the caller changes their level and rates next.
   */
  async holderLevels(
    select: { holder_ids?: string[]; customer_ids?: string[]; after_id?: string; limit?: number },
    windowDays: number | null,
    lock: boolean
  ): Promise<HolderLevelRow[]> {
    const where: string[] = ["h.deleted_at IS NULL", "h.customer_id IS NOT NULL"]
    const bindings: Knex.ValueDict = { window: windowDays }
    if (select.holder_ids) {
      where.push("h.id = ANY(:holders)")
      bindings.holders = select.holder_ids
    }
    if (select.customer_ids) {
      where.push("h.customer_id = ANY(:customers)")
      bindings.customers = select.customer_ids
    }
    if (select.after_id) {
      where.push("h.id > :after")
      bindings.after = select.after_id
    }
    let limit = select.limit ? `LIMIT ${Math.floor(select.limit)}` : ""
    if (lock) {
      // The holders' locks first (lockHolders: the one place they are taken), then those rows are read.
      const locked = await lockHolders(this.knex, { where: where.join(" AND "), bindings, limit: select.limit })
      where.splice(0, where.length, "h.id = ANY(:locked)")
      bindings.locked = locked.map((h) => h.id)
      limit = ""
    }
    const { rows } = await this.knex.raw<{ rows: HolderLevelRow[] }>(
      `WITH picked AS (
         SELECT h.id FROM wallet_pass_holder h WHERE ${where.join(" AND ")} ORDER BY h.id ${limit}
       )
       SELECT h.id AS holder_id, h.customer_id, h.level, h.rates_source, h.bonus_percent_bp, h.discount_percent_bp,
              COALESCE((SELECT sum(${NET_SPEND}) FROM wallet_pass_order_spend s
                         WHERE s.customer_id = h.customer_id AND s.canceled_at IS NULL AND s.deleted_at IS NULL
                           AND (CAST(:window AS integer) IS NULL
                                OR s.placed_at >= now() - make_interval(days => CAST(:window AS integer)))), 0) AS spend
         FROM picked JOIN wallet_pass_holder h ON h.id = picked.id
        ORDER BY h.id`,
      bindings
    )
    return rows.map((r) => ({ ...r, spend: Number(r.spend) }))
  }

  /** Writes a holder's new level and rates (a level pass), or puts back what they were (its compensation). */
  async setLevel(
    change: Pick<
      LevelChange,
      "holder_id" | "to" | "level_changed" | "bonus_percent_bp" | "discount_percent_bp" | "rates_source"
    >
  ) {
    await this.knex.raw(
      `UPDATE wallet_pass_holder
          SET level = ?, level_changed_at = CASE WHEN ? THEN now() ELSE level_changed_at END,
              bonus_percent_bp = ?, discount_percent_bp = ?, rates_source = ?, updated_at = now()
        WHERE id = ? AND deleted_at IS NULL`,
      [
        change.to,
        change.level_changed,
        change.bonus_percent_bp,
        change.discount_percent_bp,
        change.rates_source,
        change.holder_id,
      ]
    )
  }

  /** When each holder last changed level. */
  async levelChangedAt(holderIds: string[]): Promise<Map<string, Date | null>> {
    const { rows } = await this.knex.raw<{ rows: { id: string; level_changed_at: Date | null }[] }>(
      `SELECT id, level_changed_at FROM wallet_pass_holder WHERE id = ANY(?)`,
      [holderIds]
    )
    return new Map(rows.map((r) => [r.id, r.level_changed_at]))
  }
}
