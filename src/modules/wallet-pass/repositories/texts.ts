import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { WalletPassOptions } from "../options"

/**
 * The limits on texts a store route makes the service send (docs/security.md): per phone
 * across all accounts, per account, per client address and store-wide, each a count over a
 * sliding window of `wallet_pass_text`. Taken under the lock of the `texts` gate row, in the
 * caller's transaction: concurrent requests queue on that row, so each one counts what the
 * ones before it wrote, and no two pass a limit together.
 */

export type TextLimitName =
  "phone_hour" | "phone_day" | "account_minute" | "account_day" | "address_hour" | "address_day" | "store_hour"

export type TextSlot =
  { ok: true; id: string } | { ok: false; limit: TextLimitName; message: string; retry_after_seconds: number }

type Limit = {
  name: TextLimitName
  column: "phone" | "customer_id" | "address" | null
  value: string | null
  seconds: number
  max: number
  message: (wait: string) => string
}

const HOUR = 3600
const DAY = 86400

/** "a minute", "12 minutes", "3 hours": how long the shopper waits, in words. */
export function waitText(seconds: number): string {
  if (seconds <= 90) return "a minute"
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`
  const hours = Math.ceil(seconds / HOUR)
  return hours === 1 ? "an hour" : `${hours} hours`
}

/** The limits a text for `input` is counted against, from the `texts` option. */
export function textLimits(
  texts: WalletPassOptions["texts"],
  input: { phone: string; customer_id: string; address: string | null }
): Limit[] {
  const limits: Limit[] = [
    {
      name: "account_minute",
      column: "customer_id",
      value: input.customer_id,
      seconds: 60,
      max: texts.perAccount.perMinute,
      message: (wait) => `A code was sent moments ago: wait ${wait} before asking again`,
    },
    {
      name: "account_day",
      column: "customer_id",
      value: input.customer_id,
      seconds: DAY,
      max: texts.perAccount.perDay,
      message: (wait) => `At most ${texts.perAccount.perDay} codes a day can be sent to you: try again in ${wait}`,
    },
    {
      name: "phone_hour",
      column: "phone",
      value: input.phone,
      seconds: HOUR,
      max: texts.perPhone.perHour,
      message: (wait) => `Too many codes were sent to this phone: try again in ${wait}`,
    },
    {
      name: "phone_day",
      column: "phone",
      value: input.phone,
      seconds: DAY,
      max: texts.perPhone.perDay,
      message: (wait) => `Too many codes were sent to this phone today: try again in ${wait}`,
    },
    {
      name: "store_hour",
      column: null,
      value: null,
      seconds: HOUR,
      max: texts.storePerHour,
      message: (wait) => `The store is sending too many codes right now: try again in ${wait}`,
    },
  ]
  if (input.address) {
    limits.push(
      {
        name: "address_hour",
        column: "address",
        value: input.address,
        seconds: HOUR,
        max: texts.perAddress.perHour,
        message: (wait) => `Too many codes were asked for from your network: try again in ${wait}`,
      },
      {
        name: "address_day",
        column: "address",
        value: input.address,
        seconds: DAY,
        max: texts.perAddress.perDay,
        message: (wait) => `Too many codes were asked for from your network today: try again in ${wait}`,
      }
    )
  }
  return limits
}

/** The SQL of this file, run on the caller's transaction (the active manager's knex). */
export class TextsRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Takes a text's place under every limit, or answers the first limit it is over (nothing
   * written). Must run in a transaction: the gate row's lock is held until it commits.
   */
  async takeTextSlot(
    texts: WalletPassOptions["texts"],
    input: { kind: "code"; phone: string; country: string | null; customer_id: string; address: string | null }
  ): Promise<TextSlot> {
    await this.knex.raw(
      `INSERT INTO wallet_pass_gate (id, created_at, updated_at) VALUES ('texts', now(), now()) ON CONFLICT DO NOTHING`
    )
    await this.knex.raw(`SELECT 1 FROM wallet_pass_gate WHERE id = 'texts' FOR UPDATE`)
    const limits = textLimits(texts, input)
    const selects: string[] = []
    const bindings: Knex.RawBinding[] = []
    for (const limit of limits) {
      const where = `${limit.column ? `${limit.column} = ? AND ` : ""}created_at > clock_timestamp() - make_interval(secs => ?)`
      selects.push(
        `count(*) FILTER (WHERE ${where}) AS "${limit.name}"`,
        `EXTRACT(EPOCH FROM (min(created_at) FILTER (WHERE ${where}) + make_interval(secs => ?) - clock_timestamp())) AS "${limit.name}_wait"`
      )
      const keyed = limit.column ? [limit.value, limit.seconds] : [limit.seconds]
      bindings.push(...keyed, ...keyed, limit.seconds)
    }
    const { rows } = await this.knex.raw<{ rows: Record<string, string | number | null>[] }>(
      `SELECT ${selects.join(", ")} FROM wallet_pass_text
        WHERE created_at > clock_timestamp() - interval '1 day' AND deleted_at IS NULL`,
      bindings
    )
    const counts = rows[0]
    for (const limit of limits) {
      if (Number(counts[limit.name]) < limit.max) continue
      const wait = Math.max(1, Math.ceil(Number(counts[`${limit.name}_wait`] ?? limit.seconds)))
      return { ok: false, limit: limit.name, message: limit.message(waitText(wait)), retry_after_seconds: wait }
    }
    const id = generateEntityId(undefined, "wptext")
    await this.knex.raw(
      `INSERT INTO wallet_pass_text (id, kind, phone, country, customer_id, address, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp())`,
      [id, input.kind, input.phone, input.country, input.customer_id, input.address]
    )
    return { ok: true, id }
  }

  /** Ties a counted text to the verification it carries. */
  async attachVerification(textId: string, verificationId: string): Promise<void> {
    await this.knex.raw(`UPDATE wallet_pass_text SET verification_id = ?, updated_at = now() WHERE id = ?`, [
      verificationId,
      textId,
    ])
  }
}
