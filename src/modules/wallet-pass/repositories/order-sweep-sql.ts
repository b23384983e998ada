import { PAID_COLLECTION_STATES, SWEEP_MAX_ATTEMPTS, SWEEP_PARTS, type SweepWork } from "../constants"
import { ledgerKeys, sweepItemKey } from "../keys"
import type { ACCRUAL_EVENTS } from "../options"
import { ratesInForceSql } from "./order-decisions"

/** What the order sweep's query is asked (repositories/order-sweep.ts). */
export type SweepQuery = {
  /** The balance currency: orders in others earn nothing and count toward no level. */
  currency: string
  /** The program rate, for holders without their own (basis points). */
  rate_bp: number
  accrual_on: (typeof ACCRUAL_EVENTS)[number]
  /** Orders placed from then on. */
  start: Date
  /** The placing's work (`placed`) of orders placed from then on only: earlier ones were settled (the sweep's row). */
  placed_from: Date
  /** The lowest order id made at `start` (lib/time-ordered-ids.ts): the primary key's range. */
  low_id: string
  /** Events after it are left to their subscribers (the grace); null: every event. */
  cutoff: Date | null
  /** Only these orders (a run's check of what it wrote). */
  order_ids?: string[]
  /** Leave out an event a run recorded (nothing due, or failed SWEEP_MAX_ATTEMPTS times). */
  exclude_recorded: boolean
  limit?: number
}

/**
 * A key of keys.ts as SQL over columns: the builder is called with placeholders, and its text
 * between them becomes bound literals, so the SQL and the code build the same key from one
 * definition.
 */
function keySql(
  bindings: Record<string, unknown>,
  name: string,
  build: (...ids: string[]) => string,
  columns: string[]
): string {
  const parts = build(...columns.map((_, i) => `\u0000${i}\u0000`)).split(/\u0000(\d+)\u0000/)
  const sql = parts.flatMap((part, i) => {
    if (i % 2) return [columns[Number(part)]]
    if (!part) return []
    bindings[`${name}_${i}`] = part
    return [`CAST(:${name}_${i} AS text)`]
  })
  return `(${sql.join(" || ")})`
}

/**
 * The order sweep's query (docs/operations.md, "The order sweep"): for every order placed in
 * the window (a range of the order's primary key, whose ULIDs sort by time, then its
 * `created_at`; a customer's, in the balance currency, not a draft), each event whose work is
 * missing, one row per event with a column per part (SWEEP_PARTS) saying what is missing:
 * - `placed`, a paid order (a payment collection authorized or captured, as the spend counts
 *   it) not canceled: its accrual when `accrual.on` is order.placed and its customer's holder
 *   earns a bonus (a phone, the holder there when the order was placed, a rate above 0 in force
 *   then) and no decision of nothing was recorded for the order; its spend record; its cart's
 *   bonus reservation not yet made its redemption;
 * - `accrual` (accrual.on order.completed or order.fulfillment_created): the accrual of a paid
 *   order completed, or fulfilled, by the time of that event;
 * - `canceled`: the reversal of an applied accrual (or of a pending bonus: its share not yet
 *   taken), the spend not yet taken back, the refund of the bonus the order was paid with;
 * - `returned`, a return received: its reversal (of an accrual or a pending bonus), its share
 *   taken off the spend.
 * Every probe is an index lookup (the ledger's unique key, the spend's order, the link tables'
 * order ids, the return's order id). Rows oldest event first, up to `limit`.
 */
export function sweepCandidatesSql(q: SweepQuery): { sql: string; bindings: Record<string, unknown> } {
  const b: Record<string, unknown> = {
    low_id: q.low_id,
    start: q.start,
    currency: q.currency.toLowerCase(),
    rate: q.rate_bp,
    paid: JSON.stringify(PAID_COLLECTION_STATES),
    cutoff: q.cutoff,
    placed_from: q.placed_from,
    max_attempts: SWEEP_MAX_ATTEMPTS,
  }
  const accrualKey = keySql(b, "k_accrual", ledgerKeys.orderAccrual, ["w.id"])
  const entryWith = (key: string, extra = "") =>
    `EXISTS (SELECT 1 FROM wallet_pass_ledger_entry e WHERE e.dedupe_key = ${key}${extra})`
  const paid = `EXISTS (SELECT 1 FROM order_payment_collection opc
                  JOIN payment_collection pc ON pc.id = opc.payment_collection_id AND pc.deleted_at IS NULL
                 WHERE opc.order_id = w.id AND opc.deleted_at IS NULL
                   AND pc.status IN (SELECT jsonb_array_elements_text(CAST(:paid AS jsonb))))`
  // The holder's rate in force when the order was placed (its rates' history), not today's; or
  // the program's default above 0, which an account that has not proven the phone earns whatever
  // the holder's own rate (rules/privileges.ts cartRates): the workflow decides the order by that
  // rule and records a decision of nothing once, so such an order is looked at once more at most.
  const earns = (at: string) => `EXISTS (SELECT 1 FROM wallet_pass_holder h
                 WHERE h.customer_id = w.customer_id AND h.deleted_at IS NULL AND h.phone IS NOT NULL
                   AND h.created_at <= ${at}
                   AND (CAST(:rate AS integer) > 0
                        OR COALESCE((${ratesInForceSql("bonus_percent_bp", "h.id", "w.created_at")}), CAST(:rate AS integer)) > 0))`
  // An order decided to earn nothing is never looked at again (docs/loyalty.md, "Decided once,
  // at placement"), nor one whose bonus was decided pending (the maturity job credits it, "Pending
  // bonus"); a run's check of what it wrote (`order_ids`) still sees it missing: nothing due.
  const decidedNothing = q.order_ids
    ? ""
    : `AND NOT EXISTS (SELECT 1 FROM wallet_pass_order_decision d
                        WHERE d.order_id = w.id AND d.deleted_at IS NULL
                          AND (d.outcome <> 'credited' OR d.pending_until IS NOT NULL))`
  // The key first: an order credited (most of them) costs one index-only probe.
  const accrualMissing = (at: string) => `(NOT ${entryWith(accrualKey)} ${decidedNothing} AND ${earns(at)})`
  const accrued = entryWith(accrualKey, " AND e.state = 'applied'")
  // A cancel's or return's reversal is missing from an accrued bonus (no entry by its key), or
  // from a bonus still pending (docs/loyalty.md, "Pending bonus": its key not among what was taken).
  const reversalMissing = (key: string) =>
    `((${accrued} AND NOT ${entryWith(key)})
      OR EXISTS (SELECT 1 FROM wallet_pass_order_decision pd
                  WHERE pd.order_id = w.id AND pd.deleted_at IS NULL AND pd.pending_until IS NOT NULL
                    AND pd.matured_at IS NULL AND NOT jsonb_exists(pd.pending_taken, ${key})))`
  // The order's cart's bonus reservation (docs/loyalty.md, "Paying with bonus"); `converted`:
  // made the order's redemption, or still held.
  const reservation = (converted: boolean | null) => `EXISTS (SELECT 1 FROM order_cart oc
                 JOIN wallet_pass_ledger_entry e ON e.dedupe_key = ${keySql(b, `k_cart_${converted}`, ledgerKeys.cartRedemption, ["oc.cart_id"])}
                 WHERE oc.order_id = w.id AND oc.deleted_at IS NULL AND e.state = 'applied'
                   ${converted === false ? "AND e.order_id IS NULL" : ""})`
  const spend = (extra = "") =>
    `EXISTS (SELECT 1 FROM wallet_pass_order_spend s WHERE s.order_id = w.id AND s.deleted_at IS NULL${extra})`
  const row = (
    work: SweepWork,
    parts: Partial<Record<(typeof SWEEP_PARTS)[number], string>>,
    at: string,
    ret = "NULL"
  ) => {
    b[`work_${work}`] = work
    const columns = SWEEP_PARTS.map((p) => `${parts[p] ?? "false"} AS ${p}`).join(", ")
    return `SELECT CAST(:work_${work} AS text) AS work, w.id AS order_id, CAST(${ret} AS text) AS return_id, ${at} AS at, ${columns}`
  }

  const branches = [
    `${row(
      "placed",
      {
        accrual: q.accrual_on === "order.placed" ? accrualMissing("w.created_at") : undefined,
        spend: `NOT ${spend()}`,
        // Written by a sibling subscriber of the same event: looked for when the spend is missing
        // (the settle job converts a reservation left alone 30 minutes on anyway).
        redemption: `(NOT ${spend()} AND ${reservation(false)})`,
      },
      "w.created_at"
    )}
       FROM win w WHERE w.created_at >= CAST(:placed_from AS timestamptz) AND w.status <> 'canceled' AND ${paid}`,
    `${row(
      "canceled",
      {
        spend: spend(" AND s.canceled_at IS NULL"),
        reversal: reversalMissing(keySql(b, "k_cancel", ledgerKeys.orderCanceled, ["w.id"])),
        refund: `(${reservation(null)} AND NOT ${entryWith(keySql(b, "k_refund", ledgerKeys.redemptionRefund, ["w.id"]))})`,
      },
      "COALESCE(w.canceled_at, w.updated_at)"
    )}
       FROM win w WHERE w.status = 'canceled'`,
    `${row(
      "returned",
      {
        spend: spend(" AND NOT jsonb_exists(s.returns, r.id)"),
        reversal: reversalMissing(keySql(b, "k_return", ledgerKeys.orderReturned, ["w.id", "r.id"])),
      },
      "r.received_at",
      "r.id"
    )}
       FROM win w JOIN "return" r ON r.order_id = w.id AND r.deleted_at IS NULL
      WHERE CAST(r.status AS text) IN ('received', 'partially_received') AND r.received_at IS NOT NULL`,
  ]
  if (q.accrual_on !== "order.placed") {
    const trigger =
      q.accrual_on === "order.completed"
        ? "CASE WHEN w.status = 'completed' THEN w.updated_at END"
        : `(SELECT min(f.created_at) FROM order_fulfillment ofl JOIN fulfillment f ON f.id = ofl.fulfillment_id
             WHERE ofl.order_id = w.id AND ofl.deleted_at IS NULL AND f.deleted_at IS NULL)`
    branches.push(
      `${row("accrual", { accrual: accrualMissing("t.at") }, "t.at")}
         FROM win w CROSS JOIN LATERAL (SELECT ${trigger} AS at) t
        WHERE t.at IS NOT NULL AND w.status <> 'canceled' AND ${paid}`
    )
  }

  let only = ""
  if (q.order_ids) {
    b.order_ids = JSON.stringify(q.order_ids)
    only = "AND o.id IN (SELECT jsonb_array_elements_text(CAST(:order_ids AS jsonb)))"
  }
  const itemKey = `CASE WHEN c.return_id IS NULL THEN ${keySql(b, "k_item", sweepItemKey, ["c.work", "c.order_id"])}
                   ELSE ${keySql(b, "k_item_ret", sweepItemKey, ["c.work", "c.order_id", "c.return_id"])} END`
  const recorded = q.exclude_recorded
    ? `AND NOT EXISTS (SELECT 1 FROM wallet_pass_order_sweep_item i
                        WHERE i.key = ${itemKey} AND i.deleted_at IS NULL
                          AND (i.outcome <> 'failed' OR i.attempts >= CAST(:max_attempts AS integer)))`
    : ""
  if (q.limit !== undefined) b.limit = q.limit
  const sql = `
    WITH win AS MATERIALIZED (
      SELECT o.id, o.customer_id, CAST(o.status AS text) AS status, o.created_at, o.updated_at, o.canceled_at
        FROM "order" o
       WHERE o.id >= :low_id AND o.created_at >= CAST(:start AS timestamptz)
         AND o.deleted_at IS NULL AND o.is_draft_order = false AND CAST(o.status AS text) <> 'draft'
         AND o.customer_id IS NOT NULL AND lower(o.currency_code) = :currency ${only}
    )
    SELECT c.* FROM (${branches.join("\n UNION ALL \n")}) c
     WHERE (${SWEEP_PARTS.map((p) => `c.${p}`).join(" OR ")})
       AND (CAST(:cutoff AS timestamptz) IS NULL OR c.at <= CAST(:cutoff AS timestamptz))
       ${recorded}
     ORDER BY c.at, c.order_id, c.return_id
     ${q.limit !== undefined ? "LIMIT CAST(:limit AS integer)" : ""}`
  return { sql, bindings: b }
}
