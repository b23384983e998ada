import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { OverviewDays, OverviewFlows, ProgramOverview } from "../rules/overview"

/**
 * What the overview counts, from rules/overview.ts (the service passes them): each ledger
 * kind's flow, the kinds that make a holder active, and the windows in days, hours and seconds.
 */
export type OverviewSettings = {
  flow_of_kind: Record<string, { credit: string | null; debit: string | null }>
  activity_kinds: readonly string[]
  active_days: number
  expiring_days: number
  request_hours: number
  slot_seconds: number
  seal_after_seconds: number
  slot_keep_days: number
}

/** Where the overview's windows begin and end, on the database clock, in its time zone. */
export type OverviewBounds = {
  timezone: string
  days: OverviewDays
  now: Date
  /** The first and the last day of the flows, `YYYY-MM-DD` in the time zone. */
  first_day: string
  last_day: string
  /** The first day's start and the first hour's start. */
  days_from: Date
  hours_from: Date
  /** The first slot a refresh checks: the earliest of the two and of the active window, on a slot's start. */
  slots_from: Date
  /** The end of the summed slots: what is later is read from the ledger every time. */
  sealed_until: Date
}

// The slot (its start) a timestamp falls in.
const SLOT_OF = (column: string) => `to_timestamp(floor(extract(epoch FROM ${column}) / :slot) * :slot)`

// Each ledger kind's flow for credits and debits (flow_of_kind, passed as :flows).
const FLOW_MAP = `flow_map AS (
  SELECT key AS kind, value ->> 'credit' AS credit, value ->> 'debit' AS debit FROM jsonb_each(CAST(:flows AS jsonb)))`

// The flows of applied entries `e` joined to `flow_map m`: credited as summed, the others negated.
const FLOW_SUMS = `
  COALESCE(sum(e.amount) FILTER (WHERE e.state = 'applied' AND f.flow = 'credited'), 0) AS credited,
  COALESCE(-sum(e.amount) FILTER (WHERE e.state = 'applied' AND f.flow = 'redeemed'), 0) AS redeemed,
  COALESCE(-sum(e.amount) FILTER (WHERE e.state = 'applied' AND f.flow = 'reversed'), 0) AS reversed,
  COALESCE(-sum(e.amount) FILTER (WHERE e.state = 'applied' AND f.flow = 'lapsed'), 0) AS lapsed`
const FLOW_OF_ENTRY = `LEFT JOIN flow_map m ON m.kind = e.kind
  CROSS JOIN LATERAL (SELECT CASE WHEN e.amount < 0 THEN m.debit ELSE m.credit END AS flow) f`

type FlowRow = Record<keyof OverviewFlows, string | number>
const flows = (row: FlowRow | undefined): OverviewFlows => ({
  credited: Number(row?.credited ?? 0),
  redeemed: Number(row?.redeemed ?? 0),
  reversed: Number(row?.reversed ?? 0),
  lapsed: Number(row?.lapsed ?? 0),
})

/**
 * The SQL of the admin's program overview (docs/overview.md). Counts and balances are read from
 * the holders and the ledger's partial indexes. The flows per day and the requests per hour are
 * kept per quarter hour in `wallet_pass_overview_slot` once a slot is sealed (an hour after it
 * ended), so a read sums a few thousand slots instead of a million entries; the last hour is
 * read from the ledger and the call log. A sealed slot changes only when one of its entries is
 * canceled: each slot keeps the count of canceled entries it was summed with, and a refresh sums
 * again the slots whose count differs. Runs in the caller's transaction.
 */
export class OverviewRepository {
  constructor(
    private readonly knex: Knex,
    private readonly settings: OverviewSettings
  ) {}

  /**
   * The windows of an overview, on the database clock. A time zone the database does not know
   * fails with Postgres's code 22023.
   */
  async bounds(input: { days: OverviewDays; timezone: string }): Promise<OverviewBounds> {
    const { slot_seconds } = this.settings
    const { rows } = await this.knex.raw<{ rows: Omit<OverviewBounds, "timezone" | "days">[] }>(
      `SELECT b.*, ${SLOT_OF("least(b.days_from, b.hours_from, now() - make_interval(days => CAST(:active AS integer)))")} AS slots_from
           FROM (SELECT now() AS now,
                        ((now() AT TIME ZONE :tz)::date - CAST(:days AS integer) + 1)::text AS first_day,
                        (now() AT TIME ZONE :tz)::date::text AS last_day,
                        ((now() AT TIME ZONE :tz)::date - CAST(:days AS integer) + 1)::timestamp AT TIME ZONE :tz AS days_from,
                        (date_trunc('hour', now() AT TIME ZONE :tz) - make_interval(hours => CAST(:hours AS integer) - 1))
                          AT TIME ZONE :tz AS hours_from,
                        to_timestamp((floor(extract(epoch FROM now()) / :slot) - CAST(:seal_slots AS integer)) * :slot)
                          AS sealed_until) b`,
      {
        tz: input.timezone,
        days: input.days,
        hours: this.settings.request_hours,
        slot: slot_seconds,
        seal_slots: Math.ceil(this.settings.seal_after_seconds / slot_seconds),
        active: this.settings.active_days,
      }
    )
    return { ...rows[0], timezone: input.timezone, days: input.days }
  }

  /**
   * Brings the summed slots of the windows up to date: slots whose canceled entries changed, and
   * slots older than slot_keep_days, are deleted; sealed slots not summed yet are summed (all of
   * the windows the first time). One refresh at a time (the others wait, then find it done).
   */
  async refreshSlots(b: OverviewBounds): Promise<{ summed: number; dropped: number }> {
    await this.knex.raw(`SELECT pg_advisory_xact_lock(hashtextextended('wallet_pass_overview_slot', 0))`)
    const dropped = await this.knex.raw<{ rowCount: number }>(
      `WITH canceled AS (
         SELECT ${SLOT_OF("e.created_at")} AS slot, count(*) AS n
           FROM wallet_pass_ledger_entry e
          WHERE e.state = 'canceled' AND e.deleted_at IS NULL AND e.created_at >= :from AND e.created_at < :until
          GROUP BY 1),
       stale AS (
         SELECT c.id FROM wallet_pass_overview_slot c LEFT JOIN canceled k ON k.slot = c.slot
          WHERE c.deleted_at IS NULL
            AND (c.slot < now() - make_interval(days => CAST(:keep AS integer))
                 OR (c.slot >= :from AND c.slot < :until AND c.canceled <> COALESCE(k.n, 0))))
       DELETE FROM wallet_pass_overview_slot s USING stale WHERE s.id = stale.id`,
      {
        from: b.slots_from,
        until: b.sealed_until,
        keep: this.settings.slot_keep_days,
        slot: this.settings.slot_seconds,
      }
    )
    // The range of sealed slots not summed yet, so the ledger is read over that range only.
    const { rows } = await this.knex.raw<{ rows: { lo: Date | null; hi: Date | null }[] }>(
      `SELECT min(g) AS lo, max(g) + make_interval(secs => :slot) AS hi
         FROM generate_series(CAST(:from AS timestamptz), CAST(:until AS timestamptz) - make_interval(secs => :slot),
                              make_interval(secs => :slot)) g
        WHERE NOT EXISTS (SELECT 1 FROM wallet_pass_overview_slot c WHERE c.slot = g AND c.deleted_at IS NULL)`,
      { from: b.slots_from, until: b.sealed_until, slot: this.settings.slot_seconds }
    )
    const { lo, hi } = rows[0]
    await this.knex.raw(
      `DELETE FROM wallet_pass_overview_activity WHERE last_at < now() - make_interval(days => CAST(:keep AS integer))`,
      { keep: this.settings.slot_keep_days }
    )
    if (!lo || !hi) return { summed: 0, dropped: dropped.rowCount }
    const summed = await this.knex.raw<{ rowCount: number }>(
      `WITH ${FLOW_MAP},
       missing AS (
         SELECT g AS slot FROM generate_series(CAST(:lo AS timestamptz), CAST(:hi AS timestamptz) - make_interval(secs => :slot),
                                               make_interval(secs => :slot)) g
          WHERE NOT EXISTS (SELECT 1 FROM wallet_pass_overview_slot c WHERE c.slot = g AND c.deleted_at IS NULL)),
       entries AS (
         SELECT ${SLOT_OF("e.created_at")} AS slot, ${FLOW_SUMS},
                count(*) FILTER (WHERE e.state = 'canceled') AS canceled
           FROM wallet_pass_ledger_entry e ${FLOW_OF_ENTRY}
          WHERE e.created_at >= :lo AND e.created_at < :hi AND (e.state = 'applied' OR e.state = 'canceled')
            AND e.deleted_at IS NULL
          GROUP BY 1),
       calls AS (
         SELECT ${SLOT_OF("a.started_at")} AS slot, count(*) AS n
           FROM wallet_pass_api_call a
          WHERE a.started_at >= :lo AND a.started_at < :hi AND a.deleted_at IS NULL
          GROUP BY 1)
       INSERT INTO wallet_pass_overview_slot (id, slot, flows, canceled, requests, created_at, updated_at)
       SELECT 'wpslot_' || extract(epoch FROM m.slot)::bigint, m.slot,
              jsonb_build_object('credited', COALESCE(e.credited, 0), 'redeemed', COALESCE(e.redeemed, 0),
                                 'reversed', COALESCE(e.reversed, 0), 'lapsed', COALESCE(e.lapsed, 0)),
              COALESCE(e.canceled, 0), COALESCE(c.n, 0), now(), now()
         FROM missing m LEFT JOIN entries e ON e.slot = m.slot LEFT JOIN calls c ON c.slot = m.slot
       ON CONFLICT (slot) WHERE deleted_at IS NULL DO NOTHING`,
      { flows: JSON.stringify(this.settings.flow_of_kind), lo, hi, slot: this.settings.slot_seconds }
    )
    // Each holder's latest activity in the range: entries of activity_kinds (canceled later or
    // not) and orders, by when they were recorded; an order counts from when it was placed.
    await this.knex.raw(
      `INSERT INTO wallet_pass_overview_activity (id, holder_id, last_at, created_at, updated_at)
       SELECT 'wpact_' || a.holder_id, a.holder_id, max(a.at), now(), now()
         FROM (SELECT e.holder_id, e.created_at AS at FROM wallet_pass_ledger_entry e
                WHERE e.created_at >= :lo AND e.created_at < :hi AND (e.state = 'applied' OR e.state = 'canceled')
                  AND e.kind = ANY(CAST(:activity AS text[])) AND e.deleted_at IS NULL
               UNION ALL
               SELECT h.id, s.placed_at FROM wallet_pass_order_spend s
                 JOIN wallet_pass_holder h ON h.customer_id = s.customer_id AND h.deleted_at IS NULL
                WHERE s.created_at >= :lo AND s.created_at < :hi AND s.deleted_at IS NULL) a
        GROUP BY a.holder_id
       ON CONFLICT (holder_id) WHERE deleted_at IS NULL
       DO UPDATE SET last_at = greatest(wallet_pass_overview_activity.last_at, excluded.last_at), updated_at = now()`,
      { lo, hi, activity: [...this.settings.activity_kinds] }
    )
    return { summed: summed.rowCount, dropped: dropped.rowCount }
  }

  /**
   * Holders (all, enrolled, with a card installed, active) and what the store owes: the sum of
   * every holder's balance exactly as wallet_pass_balance reads one (the running sum, less what
   * remains of lapsed credits whose expiry is not written yet), and what of it lapses soon; at
   * the transaction's time, as wallet_pass_balance reads it. Active holders: those whose latest
   * activity in the summed quarter hours is recent enough, and those active in the last hour.
   */
  async figures(b: OverviewBounds): Promise<Pick<ProgramOverview, "holders" | "balance">> {
    const { rows } = await this.knex.raw<{ rows: Record<string, string>[] }>(
      `SELECT
         (SELECT count(*) FROM wallet_pass_holder h WHERE h.deleted_at IS NULL) AS total,
         (SELECT count(*) FROM wallet_pass_holder h WHERE h.deleted_at IS NULL AND h.enrollment_state = 'enrolled') AS enrolled,
         (SELECT count(*) FROM wallet_pass_holder h
           WHERE h.deleted_at IS NULL AND h.enrollment_state = 'enrolled'
             AND EXISTS (SELECT 1 FROM wallet_pass_card c WHERE c.holder_id = h.id AND c.installed AND c.deleted_at IS NULL)) AS installed,
         (SELECT count(*) FROM wallet_pass_holder h
           WHERE h.deleted_at IS NULL
             AND h.id IN (SELECT a.holder_id FROM wallet_pass_overview_activity a
                           WHERE a.last_at >= now() - make_interval(days => CAST(:active AS integer)) AND a.deleted_at IS NULL
                          UNION ALL
                          SELECT e.holder_id FROM wallet_pass_ledger_entry e
                           WHERE e.created_at >= :until AND (e.state = 'applied' OR e.state = 'canceled')
                             AND e.kind = ANY(CAST(:activity AS text[])) AND e.deleted_at IS NULL
                          UNION ALL
                          SELECT o.id FROM wallet_pass_order_spend s JOIN wallet_pass_holder o ON o.customer_id = s.customer_id
                           WHERE s.created_at >= :until AND s.deleted_at IS NULL
                             AND s.placed_at >= now() - make_interval(days => CAST(:active AS integer)))) AS active,
         (SELECT COALESCE(sum(h.ledger_sum), 0) FROM wallet_pass_holder h WHERE h.deleted_at IS NULL)
           - (SELECT COALESCE(sum(e.remaining), 0)
                FROM wallet_pass_ledger_entry e JOIN wallet_pass_holder h ON h.id = e.holder_id AND h.deleted_at IS NULL
               WHERE e.expires_at <= now() AND e.expired_at IS NULL AND e.state = 'applied' AND e.deleted_at IS NULL) AS outstanding,
         (SELECT COALESCE(sum(e.remaining), 0)
            FROM wallet_pass_ledger_entry e JOIN wallet_pass_holder h ON h.id = e.holder_id AND h.deleted_at IS NULL
           WHERE e.expires_at > now() AND e.expires_at <= now() + make_interval(days => CAST(:expiring AS integer))
             AND e.expired_at IS NULL AND e.state = 'applied' AND e.deleted_at IS NULL) AS expiring`,
      {
        active: this.settings.active_days,
        activity: [...this.settings.activity_kinds],
        until: b.sealed_until,
        expiring: this.settings.expiring_days,
      }
    )
    const r = rows[0]
    return {
      holders: {
        total: Number(r.total),
        enrolled: Number(r.enrolled),
        installed: Number(r.installed),
        active: Number(r.active),
      },
      balance: { outstanding: Number(r.outstanding), expiring: Number(r.expiring) },
    }
  }

  /**
   * The flows of each day of the window: the summed slots up to `sealed_until`, the ledger's
   * applied entries since, and lapsed credits whose expiry is not written yet (on the day they
   * lapsed: the balance left them then).
   */
  async flowsPerDay(b: OverviewBounds): Promise<ProgramOverview["flows"]["per_day"]> {
    const { rows } = await this.knex.raw<{ rows: (FlowRow & { day: string })[] }>(
      `WITH ${FLOW_MAP},
       days AS (SELECT d::date AS day FROM generate_series(CAST(:first_day AS date), CAST(:last_day AS date), interval '1 day') d),
       summed AS (
         SELECT (c.slot AT TIME ZONE :tz)::date AS day,
                sum((c.flows ->> 'credited')::numeric) AS credited, sum((c.flows ->> 'redeemed')::numeric) AS redeemed,
                sum((c.flows ->> 'reversed')::numeric) AS reversed, sum((c.flows ->> 'lapsed')::numeric) AS lapsed
           FROM wallet_pass_overview_slot c
          WHERE c.slot >= :days_from AND c.slot < :until AND c.deleted_at IS NULL
          GROUP BY 1),
       recent AS (
         SELECT (e.created_at AT TIME ZONE :tz)::date AS day, ${FLOW_SUMS}
           FROM wallet_pass_ledger_entry e ${FLOW_OF_ENTRY}
          WHERE e.created_at >= greatest(CAST(:until AS timestamptz), CAST(:days_from AS timestamptz))
            AND e.state = 'applied' AND e.deleted_at IS NULL
          GROUP BY 1),
       unwritten AS (
         SELECT (e.expires_at AT TIME ZONE :tz)::date AS day, sum(e.remaining) AS lapsed
           FROM wallet_pass_ledger_entry e
          WHERE e.expires_at >= :days_from AND e.expires_at <= now() AND e.expired_at IS NULL
            AND e.state = 'applied' AND e.deleted_at IS NULL
          GROUP BY 1)
       SELECT d.day::text AS day,
              COALESCE(s.credited, 0) + COALESCE(r.credited, 0) AS credited,
              COALESCE(s.redeemed, 0) + COALESCE(r.redeemed, 0) AS redeemed,
              COALESCE(s.reversed, 0) + COALESCE(r.reversed, 0) AS reversed,
              COALESCE(s.lapsed, 0) + COALESCE(r.lapsed, 0) + COALESCE(u.lapsed, 0) AS lapsed
         FROM days d LEFT JOIN summed s USING (day) LEFT JOIN recent r USING (day) LEFT JOIN unwritten u USING (day)
        ORDER BY d.day`,
      {
        flows: JSON.stringify(this.settings.flow_of_kind),
        tz: b.timezone,
        first_day: b.first_day,
        last_day: b.last_day,
        days_from: b.days_from,
        until: b.sealed_until,
      }
    )
    return rows.map((row) => ({ day: row.day, ...flows(row) }))
  }

  /** Requests to the service started in each hour of the last request_hours, in the time zone. */
  async requestsPerHour(b: OverviewBounds): Promise<ProgramOverview["requests"]["per_hour"]> {
    const { rows } = await this.knex.raw<{ rows: { hour: Date; used: string }[] }>(
      `WITH hours AS (
         SELECT h AS local_hour
           FROM generate_series((CAST(:hours_from AS timestamptz) AT TIME ZONE :tz), date_trunc('hour', now() AT TIME ZONE :tz),
                                interval '1 hour') h),
       summed AS (
         SELECT date_trunc('hour', c.slot AT TIME ZONE :tz) AS local_hour, sum(c.requests) AS n
           FROM wallet_pass_overview_slot c
          WHERE c.slot >= :hours_from AND c.slot < :until AND c.deleted_at IS NULL
          GROUP BY 1),
       recent AS (
         SELECT date_trunc('hour', a.started_at AT TIME ZONE :tz) AS local_hour, count(*) AS n
           FROM wallet_pass_api_call a
          WHERE a.started_at >= greatest(CAST(:until AS timestamptz), CAST(:hours_from AS timestamptz)) AND a.deleted_at IS NULL
          GROUP BY 1)
       SELECT h.local_hour AT TIME ZONE :tz AS hour, COALESCE(s.n, 0) + COALESCE(r.n, 0) AS used
         FROM hours h LEFT JOIN summed s USING (local_hour) LEFT JOIN recent r USING (local_hour)
        ORDER BY h.local_hour`,
      { tz: b.timezone, hours_from: b.hours_from, until: b.sealed_until }
    )
    return rows.map((row) => ({ hour: row.hour, used: Number(row.used) }))
  }
}
