import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"

/**
 * The texts a store route makes the service send, counted for their limits (docs/security.md,
 * "Texts"): per phone across all accounts, per account, per client address, per address prefix
 * and phone range within a class of sender, and per class, each a count over a sliding window
 * of `wallet_pass_text`. Counted under the lock of the `texts` gate row, in the caller's
 * transaction: concurrent requests queue on that row, so each one counts what the ones before
 * it wrote, and no two pass a limit together. Which windows and what the shopper is told:
 * rules/text-limits.ts, applied by services/trust.ts.
 */

/** The columns of `wallet_pass_text` a window matches on (their names are the SQL's, never the caller's). */
export type TextColumn = "phone" | "customer_id" | "address" | "network" | "phone_range" | "sender_class"

const TEXT_COLUMNS: ReadonlySet<string> = new Set<TextColumn>([
  "phone",
  "customer_id",
  "address",
  "network",
  "phone_range",
  "sender_class",
])

/** A window a text counts against: the texts whose columns equal `match` (all texts when empty) in the last `seconds`. */
export type TextWindow = {
  name: string
  match: [TextColumn, string][]
  seconds: number
}

/** Per window: the texts in it, and the seconds until its oldest one leaves it (null when empty). */
export type TextWindowCount = { count: number; wait_seconds: number | null }

/** A text as it is recorded. */
export type TextRow = {
  kind: "code"
  phone: string
  country: string | null
  phone_range: string | null
  customer_id: string
  sender_class: "stake" | "new"
  address: string | null
  network: string | null
}

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

  /**
   * Whether the account proved a phone before: a code of its own confirmed, or a holder
   * verified for it (rows only the plugin writes).
   */
  async hasProof(customerId: string): Promise<boolean> {
    const { rows } = await this.knex.raw<{ rows: { proven: boolean }[] }>(
      `SELECT EXISTS (SELECT 1 FROM wallet_pass_verification
                       WHERE customer_id = ? AND confirmed_at IS NOT NULL AND deleted_at IS NULL)
           OR EXISTS (SELECT 1 FROM wallet_pass_holder WHERE verified_customer_id = ? AND deleted_at IS NULL) AS proven`,
      [customerId, customerId]
    )
    return rows[0].proven
  }

  /** Counts the texts in each window, in one statement. */
  async countWindows(windows: TextWindow[]): Promise<Record<string, TextWindowCount>> {
    const selects: string[] = []
    const bindings: Knex.RawBinding[] = []
    for (const window of windows) {
      for (const [column] of window.match) {
        if (!TEXT_COLUMNS.has(column)) throw new Error(`wallet_pass_text has no window column ${column}`)
      }
      const where = [
        ...window.match.map(([column]) => `${column} = ?`),
        `created_at > clock_timestamp() - make_interval(secs => ?)`,
      ].join(" AND ")
      selects.push(
        `count(*) FILTER (WHERE ${where}) AS "${window.name}"`,
        `EXTRACT(EPOCH FROM (min(created_at) FILTER (WHERE ${where}) + make_interval(secs => ?) - clock_timestamp())) AS "${window.name}_wait"`
      )
      const keyed = [...window.match.map(([, value]) => value), window.seconds]
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
  async insertText(input: TextRow): Promise<string> {
    const id = generateEntityId(undefined, "wptext")
    await this.knex.raw(
      `INSERT INTO wallet_pass_text
         (id, kind, phone, country, phone_range, customer_id, sender_class, address, network, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp())`,
      [
        id,
        input.kind,
        input.phone,
        input.country,
        input.phone_range,
        input.customer_id,
        input.sender_class,
        input.address,
        input.network,
      ]
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
