import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"

/**
 * The texts a store route makes the service send, counted for their limits (docs/security.md):
 * per phone across all accounts, per account, per client address and store-wide, each a count
 * over a sliding window of `wallet_pass_text`. Counted under the lock of the `texts` gate row,
 * in the caller's transaction: concurrent requests queue on that row, so each one counts what
 * the ones before it wrote, and no two pass a limit together. Which windows and what the
 * shopper is told: rules/text-limits.ts, applied by services/trust.ts.
 */

/** A window a text counts against: the texts of `column` = `value` (all texts when null) in the last `seconds`. */
export type TextWindow = {
  name: string
  column: "phone" | "customer_id" | "address" | null
  value: string | null
  seconds: number
}

/** Per window: the texts in it, and the seconds until its oldest one leaves it (null when empty). */
export type TextWindowCount = { count: number; wait_seconds: number | null }

/** The SQL of this file, run on the caller's transaction (the active manager's knex). */
export class TextsRepository {
  constructor(private readonly knex: Knex) {}

  /** Takes the `texts` gate row's lock, held until the transaction ends (the row is made the first time). */
  async lockGate(): Promise<void> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_gate (id, created_at, updated_at) VALUES ('texts', now(), now()) ON CONFLICT DO NOTHING`
    )
    await this.knex.raw(`SELECT 1 FROM wallet_pass_gate WHERE id = 'texts' FOR UPDATE`)
  }

  /** Counts the texts in each window, in one statement. */
  async countWindows(windows: TextWindow[]): Promise<Record<string, TextWindowCount>> {
    const selects: string[] = []
    const bindings: Knex.RawBinding[] = []
    for (const window of windows) {
      const where = `${window.column ? `${window.column} = ? AND ` : ""}created_at > clock_timestamp() - make_interval(secs => ?)`
      selects.push(
        `count(*) FILTER (WHERE ${where}) AS "${window.name}"`,
        `EXTRACT(EPOCH FROM (min(created_at) FILTER (WHERE ${where}) + make_interval(secs => ?) - clock_timestamp())) AS "${window.name}_wait"`
      )
      const keyed = window.column ? [window.value, window.seconds] : [window.seconds]
      bindings.push(...keyed, ...keyed, window.seconds)
    }
    const { rows } = await this.knex.raw<{ rows: Record<string, string | number | null>[] }>(
      `SELECT ${selects.join(", ")} FROM wallet_pass_text
        WHERE created_at > clock_timestamp() - interval '1 day' AND deleted_at IS NULL`,
      bindings
    )
    const counts = rows[0]
    return Object.fromEntries(
      windows.map((w) => {
        const wait = counts[`${w.name}_wait`]
        return [w.name, { count: Number(counts[w.name]), wait_seconds: wait === null ? null : Number(wait) }]
      })
    )
  }

  /** Records a text, counted from now on. */
  async insertText(input: {
    kind: "code"
    phone: string
    country: string | null
    customer_id: string
    address: string | null
  }): Promise<string> {
    const id = generateEntityId(undefined, "wptext")
    await this.knex.raw(
      `INSERT INTO wallet_pass_text (id, kind, phone, country, customer_id, address, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp())`,
      [id, input.kind, input.phone, input.country, input.customer_id, input.address]
    )
    return id
  }

  /** Ties a counted text to the verification it carries. */
  async attachVerification(textId: string, verificationId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_text SET verification_id = ?, updated_at = now() WHERE id = ?`, [
      verificationId,
      textId,
    ])
  }
}
