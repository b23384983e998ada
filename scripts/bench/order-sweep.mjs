// The `sweep` phase of `npm run bench` (scripts/bench/run.mjs): the order sweep's query
// (docs/operations.md, "The order sweep") over a store with history. Seeds
// BENCH_SWEEP_ORDERS orders (200,000) over BENCH_SWEEP_DAYS days (200), one every so often,
// each with its payment collection, spend record and accrual, straight into Medusa's order
// tables and the plugin's in bulk SQL (ids made as Medusa makes them: a ULID of the order's
// time); 1 in 100 canceled and reversed, 1 in 50 with a received return reversed, 1 in 10,000
// whose order.placed was lost (no accrual, no spend). Then times the installed plugin's own
// query, on a knex of the store app's: a run's search before the placing of orders is marked
// settled (a store's first run), a run's search after, and the overview's count; and the
// admin route end to end. The events found must be the lost ones in the window.
import { createRequire } from "node:module"
import path from "node:path"
import { ok, percentile, table } from "./lib/common.mjs"

const env = process.env
const ORDERS = Number(env.BENCH_SWEEP_ORDERS ?? 200_000)
const DAYS = Number(env.BENCH_SWEEP_DAYS ?? 200)
const RUNS = Number(env.BENCH_SWEEP_RUNS ?? 20)
const HOLDERS = 20_000
/** The plugin's defaults (options.ts): look back 30 days, a grace of 120 s. */
const LOOK_BACK_DAYS = 30
const GRACE_MS = 120_000

/** A ULID's time part in SQL (Crockford's base 32), so the seeded ids sort as Medusa's do. */
const ULID_TIME = `CREATE OR REPLACE FUNCTION pg_temp.ulid_time(ms bigint) RETURNS text AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((ms >> (5 * (9 - i))) & 31)::int + 1, 1), '' ORDER BY i)
    FROM generate_series(0, 9) i $$ LANGUAGE sql IMMUTABLE`

const SEED = [
  `INSERT INTO wallet_pass_holder (id, phone, customer_id, enrollment_state, adoption_state, source, created_at)
     SELECT 'wph_sw_' || g, '+7999800' || lpad(g::text, 5, '0'), 'cus_sw_' || g, 'enrolled', 'adopted', 'signup',
            now() - make_interval(days => $1::int + 1)
       FROM generate_series(1, ${HOLDERS}) g`,
  `CREATE TEMP TABLE sw AS
     SELECT g, 'order_' || pg_temp.ulid_time((extract(epoch FROM at) * 1000)::bigint) || lpad(g::text, 16, '0') AS id,
            at, 'cus_sw_' || (1 + g % ${HOLDERS}) AS customer_id
       FROM (SELECT g, now() - make_interval(secs => ($1::int - g) * 86400.0 * $2::int / $1::int + 300) AS at
               FROM generate_series(1, $1::int) g) x`,
  `INSERT INTO "order" (id, customer_id, currency_code, status, created_at, updated_at, canceled_at)
     SELECT id, customer_id, 'eur', CASE WHEN g % 100 = 0 THEN 'canceled' ELSE 'pending' END::order_status_enum, at, at,
            CASE WHEN g % 100 = 0 THEN at + interval '1 hour' END FROM sw`,
  `INSERT INTO payment_collection (id, currency_code, amount, raw_amount, status, created_at)
     SELECT 'pay_col_sw_' || g, 'eur', 100, '{"value":"100","precision":20}',
            CASE WHEN g % 100 = 0 THEN 'canceled' ELSE 'authorized' END, at FROM sw`,
  `INSERT INTO order_payment_collection (id, order_id, payment_collection_id) SELECT 'ordpc_sw_' || g, id, 'pay_col_sw_' || g FROM sw`,
  `INSERT INTO wallet_pass_order_spend (id, order_id, customer_id, amount, returns, placed_at, canceled_at, created_at)
     SELECT 'wpspend_sw_' || g, id, customer_id, 10000, '{}', at, CASE WHEN g % 100 = 0 THEN at + interval '1 hour' END, at
       FROM sw WHERE g % 10000 <> 3`,
  `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, dedupe_key, order_id, overdraft, balance_after, created_at, updated_at)
     SELECT 'wple_sw_' || g, 'wph_sw_' || (1 + g % ${HOLDERS}), 500, 'accrual', 'applied', 'order:' || id || ':accrual', id, false, 0, at, at
       FROM sw WHERE g % 10000 <> 3
     UNION ALL
     SELECT 'wple_swc_' || g, 'wph_sw_' || (1 + g % ${HOLDERS}), -500, 'accrual_reversal', 'applied', 'order:' || id || ':reversal:cancel', id, false, 0, at, at
       FROM sw WHERE g % 100 = 0
     UNION ALL
     SELECT 'wple_swr_' || g, 'wph_sw_' || (1 + g % ${HOLDERS}), -100, 'accrual_reversal', 'applied',
            'order:' || id || ':reversal:return:return_sw_' || g, id, false, 0, at, at
       FROM sw WHERE g % 50 = 7`,
  `INSERT INTO "return" (id, order_id, order_version, status, created_at, received_at)
     SELECT 'return_sw_' || g, id, 1, 'received', at + interval '1 day', at + interval '2 days' FROM sw WHERE g % 50 = 7`,
  `UPDATE wallet_pass_order_spend s SET returns = jsonb_build_object('return_sw_' || sw.g, 2000)
     FROM sw WHERE sw.id = s.order_id AND sw.g % 50 = 7`,
]

const ms = (t0) => performance.now() - t0
const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) })

/** The `sweep` phase: `{ seeded, lost_in_window, first, marked, waiting, route }`. */
export async function benchSweep({ sql, store, seed, app, step }) {
  step(`sweep: seeding ${ORDERS} orders over ${DAYS} days`)
  const t0 = performance.now()
  await sql.query(ULID_TIME)
  const params = (statement) => (statement.includes("$2") ? [ORDERS, DAYS] : statement.includes("$1") ? [DAYS] : [])
  for (const statement of SEED) await sql.query(statement, params(statement))
  const seconds = ms(t0) / 1000
  await sql.query(`VACUUM ANALYZE "order", payment_collection, order_payment_collection, "return",
                   wallet_pass_order_spend, wallet_pass_ledger_entry, wallet_pass_holder`)
  const inWindow = Number(
    (
      await sql.query(`SELECT count(*) FROM "order" WHERE created_at >= now() - make_interval(days => $1::int)`, [
        LOOK_BACK_DAYS,
      ])
    ).rows[0].count
  )
  const lostInWindow = Number(
    (
      await sql.query(
        `SELECT count(*) FROM sw WHERE g % 10000 = 3 AND at >= now() - make_interval(days => $1::int)
            AND at <= now() - make_interval(secs => $2::int) AND g % 100 <> 0`,
        [LOOK_BACK_DAYS, GRACE_MS / 1000]
      )
    ).rows[0].count
  )
  step(
    `sweep: seeded in ${seconds.toFixed(1)} s; ${inWindow} orders in the ${LOOK_BACK_DAYS}-day window, ${lostInWindow} lost`
  )

  // The installed plugin's repository and the id bound, by path (the exports map does not open them).
  const appRequire = createRequire(path.join(app, "package.json"))
  const built = (file) => path.join(app, "node_modules/medusa-plugin-wallet-pass/.medusa/server/src", file)
  const { OrderSweepRepository } = appRequire(built("modules/wallet-pass/repositories/order-sweep.js"))
  const { lowestIdSince } = appRequire(built("lib/time-ordered-ids.js"))
  const { host, port, user, password, database } = sql.connectionParameters
  const knex = appRequire("knex")({ client: "pg", connection: { host, port, user, password, database } })
  const query = (marked) => {
    const now = Date.now()
    const start = new Date(now - LOOK_BACK_DAYS * 86_400_000)
    return {
      currency: seed.currencyCode,
      rate_bp: 500,
      accrual_on: "order.placed",
      start,
      // A store's mark: the placing of orders settled up to the last run's grace, read again from an hour before.
      placed_from: marked ? new Date(now - GRACE_MS - 3_600_000) : start,
      low_id: lowestIdSince("order", new Date(start.getTime() - 3_600_000)),
      cutoff: new Date(now - GRACE_MS),
      // The store's own job may have recorded the seeded lost orders meanwhile: the search
      // reads them anyway (one probe fewer per event found, none per order).
      exclude_recorded: false,
      limit: 101,
    }
  }
  const timed = async (n, fn) => {
    const times = []
    let last
    for (let i = 0; i < n; i++) {
      const t = performance.now()
      last = await fn()
      times.push(ms(t))
    }
    return { ...stats(times), last }
  }
  try {
    const repo = new OrderSweepRepository(knex)
    step(`sweep: ${Math.min(RUNS, 5)} searches before the placing of orders is marked settled (a store's first run)`)
    const first = await timed(Math.min(RUNS, 5), () => repo.candidates(query(false)))
    step(`sweep: ${RUNS} searches after (every later run)`)
    const marked = await timed(RUNS, () => repo.candidates(query(true)))
    step(`sweep: ${RUNS} counts of what waits (the overview's)`)
    const waiting = await timed(RUNS, () => repo.waiting({ ...query(true), cutoff: null, limit: undefined }))
    step(`sweep: ${RUNS} GET /admin/wallet-pass/order-sweep`)
    const route = await timed(RUNS, () =>
      ok("GET", `${store.url}/admin/wallet-pass/order-sweep?limit=1`, {
        headers: { authorization: seed.adminAuthorization },
      })
    )
    const found = first.last.filter((c) => c.work === "placed").length
    step(
      `sweep: first run ${first.p50.toFixed(0)} ms, later runs ${marked.p50.toFixed(0)} ms, count ${waiting.p50.toFixed(0)} ms (p50); ` +
        `found ${found} lost placings (${lostInWindow} seeded in the window)`
    )
    return {
      seeded: { orders: ORDERS, days: DAYS, seconds, in_window: inWindow },
      lost_in_window: lostInWindow,
      found_first: found,
      found_marked: marked.last.length,
      first: { ...first, last: undefined },
      marked: { ...marked, last: undefined },
      waiting: { ...waiting, last: waiting.last },
      route: { ...route, last: undefined },
      runs: RUNS,
    }
  } finally {
    await knex.destroy()
  }
}

/** The phase's lines of the bench report. */
export function sweepReport(s) {
  const f = (x, d = 1) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(d) : String(x))
  return [
    `\nOrder sweep (docs/operations.md): ${s.seeded.orders} orders over ${s.seeded.days} days, ${s.seeded.in_window} in the ` +
      `${LOOK_BACK_DAYS}-day window (seeded in ${f(s.seeded.seconds)} s); ms`,
    table(
      ["what", "p50", "p99", "max"],
      [
        [
          "a run's search, before the placing is marked settled (first run)",
          f(s.first.p50),
          f(s.first.p99),
          f(s.first.max),
        ],
        ["a run's search, after (every later run)", f(s.marked.p50), f(s.marked.p99), f(s.marked.max)],
        ["the overview's count of what waits", f(s.waiting.p50), f(s.waiting.p99), f(s.waiting.max)],
        ["GET /admin/wallet-pass/order-sweep, end to end", f(s.route.p50), f(s.route.p99), f(s.route.max)],
      ]
    ),
    `Lost placings in the window: ${s.lost_in_window} seeded, ${s.found_first} found by the first search` +
      `${s.found_first === s.lost_in_window ? "" : " (MISMATCH)"}`,
  ].join("\n")
}
