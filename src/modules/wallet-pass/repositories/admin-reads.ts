import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { HOOK_METHODS } from "../../../lib/constants"
import type {
  AdminHookDeliveriesQuery,
  AdminListOrder,
  AdminOperationListRow,
  AdminOperationsQuery,
  CampaignAudience,
  LatestServiceAnswer,
} from "../types/admin"
import type { HookDeliveryRow } from "../types"

/** A list's sort in SQL, newest first by default, ties broken by id the same way. */
const sortOf = (alias: string, order: AdminListOrder<string> = { field: "created_at", desc: true }) => {
  const direction = order.desc ? ("desc" as const) : ("asc" as const)
  return [
    { column: `${alias}.${order.field}`, order: direction },
    { column: `${alias}.id`, order: direction },
  ]
}

/**
 * The admin's lists and figures that need more than the generated list methods: the request
 * log and the hook log filtered by method, state and phone and paged in SQL, the latest answer
 * of the service, the cards a campaign would reach. Reads only.
 */
export class AdminReadsRepository {
  constructor(private readonly knex: Knex) {}

  /**
   * Requests to the service, newest first (or as `order` says), with what the admin shows of each: the holder's
   * phone and customer, the amount of its ledger entry, its campaign, and the balance a
   * balance set last sent (from its call log row).
   */
  async listOperations(query: AdminOperationsQuery): Promise<{ rows: AdminOperationListRow[]; count: number }> {
    const where = (q: Knex.QueryBuilder) => {
      q.whereNull("o.deleted_at")
      if (query.states?.length) q.whereIn("o.state", query.states)
      if (query.methods?.length) q.whereIn("o.method", query.methods)
      // An array binding reaches Postgres as an array.
      if (query.types?.length) q.whereRaw("o.payload->>'type' = ANY(?::text[])", [query.types])
      if (query.customer_id) q.where("h.customer_id", query.customer_id)
      if (query.phone_digits) q.whereRaw("h.phone LIKE ?", [`%${likeEscape(query.phone_digits)}%`])
    }
    const base = () =>
      this.knex("wallet_pass_operation as o").leftJoin("wallet_pass_holder as h", function () {
        this.on("h.id", "=", "o.holder_id").andOnNull("h.deleted_at")
      })
    const [rows, [{ n }]] = await Promise.all([
      base()
        .modify(where)
        .leftJoin("wallet_pass_ledger_entry as e", "e.id", "o.ledger_entry_id")
        .leftJoin("wallet_pass_campaign as c", this.knex.raw("c.id = o.payload->>'campaign_id'"))
        .select(
          "o.*",
          "h.phone as holder_phone",
          "h.customer_id as customer_id",
          "h.name as holder_name",
          "h.surname as holder_surname",
          "h.email as holder_email",
          "e.amount as entry_amount",
          "c.name as campaign_name",
          "c.message as campaign_message",
          // The balance a balance set sent last time (the request is built when it is sent).
          this.knex.raw(
            `CASE WHEN o.payload->>'type' = 'balance_sync' THEN (
               SELECT a.request->>'balance' FROM wallet_pass_api_call a
                WHERE a.operation_id = o.id AND a.deleted_at IS NULL ORDER BY a.started_at DESC LIMIT 1
             ) END AS sent_balance`
          )
        )
        .orderBy(sortOf("o", query.order))
        .limit(query.limit)
        .offset(query.offset),
      base().modify(where).count<{ n: string }[]>({ n: "*" }),
    ])
    return { rows: rows as AdminOperationListRow[], count: Number(n) }
  }

  /** Hooks the service delivered, newest first (or oldest), by method (`unknown`: none of the service's), outcome and phone. */
  async listHookDeliveries(query: AdminHookDeliveriesQuery): Promise<{ rows: HookDeliveryRow[]; count: number }> {
    const where = (q: Knex.QueryBuilder) => {
      q.whereNull("d.deleted_at")
      if (query.methods?.length) {
        const known = query.methods.filter((m) => m !== "unknown")
        const unknown = query.methods.includes("unknown")
        q.where((w) => {
          if (known.length) w.orWhereIn("d.method", known)
          if (unknown) w.orWhereNull("d.method").orWhereNotIn("d.method", [...HOOK_METHODS])
        })
      }
      if (query.outcomes?.length) q.whereIn("d.outcome", query.outcomes)
      if (query.phone_digits) {
        q.whereRaw("regexp_replace(d.phone, '\\D', '', 'g') LIKE ?", [`%${likeEscape(query.phone_digits)}%`])
      }
    }
    const base = () => this.knex("wallet_pass_hook_delivery as d")
    const [rows, [{ n }]] = await Promise.all([
      base().modify(where).select("d.*").orderBy(sortOf("d", query.order)).limit(query.limit).offset(query.offset),
      base().modify(where).count<{ n: string }[]>({ n: "*" }),
    ])
    return { rows: rows as HookDeliveryRow[], count: Number(n) }
  }

  /** The latest request the service answered (any kind; a timeout or reset is no answer), null before the first. */
  async latestAnswer(): Promise<LatestServiceAnswer | null> {
    const { rows } = await this.knex.raw<{ rows: LatestServiceAnswer[] }>(
      `SELECT c.started_at AS at, c.status, c.outcome, c.path, o.method, o.payload->>'type' AS type
         FROM wallet_pass_api_call c LEFT JOIN wallet_pass_operation o ON o.id = c.operation_id
        WHERE c.status IS NOT NULL AND c.deleted_at IS NULL
        ORDER BY c.started_at DESC LIMIT 1`
    )
    return rows[0] ?? null
  }

  /**
   * The cards a campaign for the whole base would reach: those of the holders the service
   * knows (a phone), installed in a wallet, and those whose install state was never checked.
   */
  async campaignAudience(): Promise<CampaignAudience> {
    const { rows } = await this.knex.raw<{ rows: { installed: string; unchecked: string; holders: string }[] }>(
      `SELECT count(*) FILTER (WHERE c.installed IS TRUE) AS installed,
              count(*) FILTER (WHERE c.installed IS NULL) AS unchecked,
              count(DISTINCT c.holder_id) FILTER (WHERE c.installed IS TRUE) AS holders
         FROM wallet_pass_card c
         JOIN wallet_pass_holder h ON h.id = c.holder_id AND h.deleted_at IS NULL AND h.phone IS NOT NULL
        WHERE c.deleted_at IS NULL`
    )
    const [row] = rows
    return { installed: Number(row.installed), unchecked: Number(row.unchecked), holders: Number(row.holders) }
  }
}

/** A LIKE pattern's own text: `%`, `_` and `\` match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
