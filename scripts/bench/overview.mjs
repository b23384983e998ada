// The `overview` phase of `npm run bench` (scripts/bench/run.mjs): the admin's program overview
// (docs/overview.md) on a ledger of a million entries. Seeds BENCH_OVERVIEW_HOLDERS holders
// (10,000) and BENCH_OVERVIEW_ENTRIES ledger entries (1,000,000) spread over the last 100 days in
// every kind, a few canceled, lifetime credits lapsed, lapsing and later, a week of the call log
// (older than an hour, so the rate gate is not touched), straight into the tables in bulk SQL as
// the other phases seed; then times the overview's module reads (the installed plugin's own
// repository, in one transaction as its service runs them) and the route end to end, and prints
// the figures.
import { createRequire } from "node:module"
import path from "node:path"
import { ok, percentile, table } from "./lib/common.mjs"

const env = process.env
const HOLDERS = Number(env.BENCH_OVERVIEW_HOLDERS ?? 10_000)
const ENTRIES = Number(env.BENCH_OVERVIEW_ENTRIES ?? 1_000_000)
const RUNS = Number(env.BENCH_OVERVIEW_RUNS ?? 20)
const TIMEZONE = "Europe/Moscow"
// The entries span this many days: more than the longest window.
const SPAN_DAYS = 100

/**
 * One statement per table. Entry g belongs to holder g/7 (seven in a row: a visit), its age
 * grows with g across SPAN_DAYS, and the last 30% of holders only have entries older than 90
 * days (customers gone quiet). Kinds by (31 g mod 100): 40% accruals, 15% redemptions, 5%
 * reversals, 1% redemption refunds, 15% service credits (a third with a 60-day lifetime), 5%
 * service write-offs, 2% admin changes, 5% program bonuses (with a lifetime), 7% expiries, 1%
 * import corrections, 4% opening balances; 1 in 97 canceled. The running sums (the trigger
 * wallet_pass_ledger_sum) are written once at the end rather than per row.
 */
const SEED = {
  holders: `INSERT INTO wallet_pass_holder (id, phone, customer_id, enrollment_state, adoption_state, source)
    SELECT 'wph_ov_' || g, '+7999700' || lpad(g::text, 5, '0'), 'cus_ov_' || g,
           CASE WHEN g % 50 = 0 THEN 'failed' WHEN g % 25 = 1 THEN 'pending' ELSE 'enrolled' END, 'adopted', 'signup'
      FROM generate_series(1, $1::int) g`,
  cards: `INSERT INTO wallet_pass_card (id, holder_id, number, installed)
    SELECT 'wpcard_ov_' || g, 'wph_ov_' || g, 'ov-' || g, g % 5 <> 0
      FROM generate_series(1, $1::int) g WHERE g % 25 <> 1 AND g % 50 <> 0`,
  entries: `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, dedupe_key, order_id, expires_at,
                                                remaining, expired_at, overdraft, balance_after, created_at, updated_at)
    SELECT 'wple_ov_' || g,
           'wph_ov_' || (1 + (g / 7) % CASE WHEN at > now() - interval '90 days' THEN ($2::int * 7 / 10) ELSE $2::int END),
           CASE WHEN k IN ('accrual', 'service_credit', 'program_bonus', 'redemption_refund', 'opening_balance') THEN 100 + g % 4900
                WHEN k = 'manual' THEN CASE WHEN g % 2 = 0 THEN 1000 ELSE -500 END
                WHEN k = 'sync_adjustment' THEN CASE WHEN g % 2 = 0 THEN 300 ELSE -200 END
                ELSE -(50 + g % 1500) END,
           k, CASE WHEN g % 97 = 0 THEN 'canceled' ELSE 'applied' END, 'bench:ov:' || g,
           CASE WHEN k IN ('accrual', 'accrual_reversal', 'redemption', 'redemption_refund') THEN 'order_ov_' || (g / 3) END,
           CASE WHEN lifetime THEN at + interval '60 days' END,
           CASE WHEN lifetime THEN CASE WHEN at + interval '60 days' <= now() THEN 0 ELSE (100 + g % 4900) / 2 END END,
           CASE WHEN lifetime AND at + interval '60 days' <= now() THEN at + interval '60 days' END,
           false, 0, at, at
      FROM (SELECT g,
                   CASE WHEN b < 40 THEN 'accrual' WHEN b < 55 THEN 'redemption' WHEN b < 60 THEN 'accrual_reversal'
                        WHEN b < 61 THEN 'redemption_refund' WHEN b < 76 THEN 'service_credit' WHEN b < 81 THEN 'service_debit'
                        WHEN b < 83 THEN 'manual' WHEN b < 88 THEN 'program_bonus' WHEN b < 95 THEN 'expiry'
                        WHEN b < 96 THEN 'sync_adjustment' ELSE 'opening_balance' END AS k,
                   (b BETWEEN 61 AND 75 AND g % 3 = 0) OR b BETWEEN 83 AND 87 AS lifetime,
                   now() - make_interval(secs => g::double precision * ${SPAN_DAYS} * 86400 / $1::int) AS at
              FROM (SELECT g, (g * 31) % 100 AS b FROM generate_series(1, $1::int) g) s) x`,
  sums: `UPDATE wallet_pass_holder h SET ledger_sum = s.total
      FROM (SELECT holder_id, sum(amount) AS total FROM wallet_pass_ledger_entry
             WHERE state = 'applied' AND deleted_at IS NULL AND id LIKE 'wple_ov_%' GROUP BY holder_id) s
     WHERE s.holder_id = h.id`,
  // A week of requests, one every 2 s (1,800 an hour), all older than the rate gate's hour.
  calls: `INSERT INTO wallet_pass_api_call (id, path, status, outcome, duration_ms, started_at)
    SELECT 'wpcall_ov_' || g, '/crm/balance/add', 200, 'applied', 40, now() - interval '1 hour' - make_interval(secs => g)
      FROM generate_series(0, 6 * 86400 + 82800, 2) g`,
}

const ms = (t0) => performance.now() - t0
const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) })

/** The `overview` phase: `{ seeded, first, reads, route, naive, figures, check }`. */
export async function benchOverview({ sql, store, seed, app, step }) {
  step(`overview: seeding ${HOLDERS} holders and ${ENTRIES} ledger entries over ${SPAN_DAYS} days`)
  const seeded = {}
  let t0 = performance.now()
  await sql.query(SEED.holders, [HOLDERS])
  await sql.query(SEED.cards, [HOLDERS])
  await sql.query("ALTER TABLE wallet_pass_ledger_entry DISABLE TRIGGER wallet_pass_ledger_sum")
  try {
    await sql.query(SEED.entries, [ENTRIES, HOLDERS])
  } finally {
    await sql.query("ALTER TABLE wallet_pass_ledger_entry ENABLE TRIGGER wallet_pass_ledger_sum")
  }
  await sql.query(SEED.sums)
  await sql.query(SEED.calls)
  seeded.seconds = ms(t0) / 1000
  step(`overview: seeded in ${seeded.seconds.toFixed(1)} s; VACUUM ANALYZE`)
  await sql.query("VACUUM ANALYZE wallet_pass_holder, wallet_pass_card, wallet_pass_ledger_entry, wallet_pass_api_call")
  const count = async (table) => Number((await sql.query(`SELECT count(*) FROM ${table}`)).rows[0].count)
  Object.assign(seeded, {
    holders: await count("wallet_pass_holder"),
    entries: await count("wallet_pass_ledger_entry"),
    calls: await count("wallet_pass_api_call"),
  })

  // The installed plugin's repository, on a knex of the store app's, as services/overview.ts runs it.
  const appRequire = createRequire(path.join(app, "package.json"))
  const { host, port, user, password, database } = sql.connectionParameters
  const knex = appRequire("knex")({ client: "pg", connection: { host, port, user, password, database } })
  // By its path: the package's exports map does not open its build's inner files.
  const { OverviewRepository } = appRequire(
    path.join(
      app,
      "node_modules/medusa-plugin-wallet-pass/.medusa/server/src/modules/wallet-pass/repositories/overview.js"
    )
  )
  // `check`: also readBalance summed over every holder, in the same transaction (the same now()).
  const overview = (days, { check = false } = {}) =>
    knex.transaction(async (trx) => {
      const repo = new OverviewRepository(trx)
      const steps = {}
      const timed = async (name, fn) => {
        const t = performance.now()
        const out = await fn()
        steps[name] = ms(t)
        return out
      }
      const t = performance.now()
      const bounds = await timed("bounds", () => repo.bounds({ days, timezone: TIMEZONE }))
      const refreshed = await timed("refresh", () => repo.refreshSlots(bounds))
      const figures = await timed("figures", () => repo.figures(bounds))
      const perDay = await timed("per_day", () => repo.flowsPerDay(bounds))
      const perHour = await timed("per_hour", () => repo.requestsPerHour(bounds))
      const total = ms(t)
      const balances = check
        ? Number(
            (
              await trx.raw(
                `SELECT sum(wallet_pass_balance(id))::bigint AS total FROM wallet_pass_holder WHERE deleted_at IS NULL`
              )
            ).rows[0].total
          )
        : null
      return { total, steps, refreshed, figures, perDay, perHour, balances }
    })
  try {
    step("overview: the first overview (every slot of 90 days summed)")
    const firstRun = await overview(90)
    const first = { ms: firstRun.total, steps: firstRun.steps, summed: firstRun.refreshed.summed }

    const reads = {}
    for (const days of [30, 90]) {
      step(`overview: ${RUNS} module reads of ${days} days`)
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await overview(days))
      reads[days] = {
        total: stats(runs.map((r) => r.total)),
        steps: Object.fromEntries(Object.keys(runs[0].steps).map((s) => [s, stats(runs.map((r) => r.steps[s]))])),
        last: runs.at(-1),
      }
    }

    const route = {}
    for (const days of [30, 90]) {
      step(`overview: ${RUNS} GET /admin/wallet-pass/overview?days=${days}`)
      const times = []
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        await ok(
          "GET",
          `${store.url}/admin/wallet-pass/overview?days=${days}&timezone=${encodeURIComponent(TIMEZONE)}`,
          {
            headers: { authorization: seed.adminAuthorization },
          }
        )
        times.push(ms(t))
      }
      route[days] = stats(times)
    }

    // For comparison: the 90 days summed per day from the ledger itself, as without the slots.
    step("overview: 3 runs of the 90 days summed straight from the ledger (for comparison)")
    const naiveTimes = []
    for (let i = 0; i < 3; i++) {
      const t = performance.now()
      await sql.query(
        `SELECT (created_at AT TIME ZONE $1)::date AS day, kind, sign(amount), sum(amount)
           FROM wallet_pass_ledger_entry WHERE state = 'applied' AND deleted_at IS NULL
            AND created_at >= now() - interval '90 days' GROUP BY 1, 2, 3`,
        [TIMEZONE]
      )
      naiveTimes.push(ms(t))
    }

    // The outstanding balance is readBalance summed over every holder.
    const checked = await overview(90, { check: true })
    const check = { outstanding: checked.figures.balance.outstanding, sum_of_balances: checked.balances }
    const last = reads[90].last
    const totals = (perDay) =>
      Object.fromEntries(
        ["credited", "redeemed", "reversed", "lapsed"].map((f) => [f, perDay.reduce((s, d) => s + d[f], 0) / 100])
      )
    const figures = {
      holders: last.figures.holders,
      outstanding: last.figures.balance.outstanding / 100,
      expiring_30d: last.figures.balance.expiring / 100,
      totals_30d: totals(reads[30].last.perDay),
      totals_90d: totals(last.perDay),
      requests_peak_hour: Math.max(...last.perHour.map((h) => h.used)),
    }
    for (const days of [30, 90]) delete reads[days].last
    step(
      `overview: module reads p50 ${reads[30].total.p50.toFixed(1)} / ${reads[90].total.p50.toFixed(1)} ms (30 / 90 days), ` +
        `route p50 ${route[30].p50.toFixed(1)} / ${route[90].p50.toFixed(1)} ms; first overview ${first.ms.toFixed(0)} ms`
    )
    return { seeded, first, reads, route, naive: stats(naiveTimes), figures, check, timezone: TIMEZONE, runs: RUNS }
  } finally {
    await knex.destroy()
  }
}

/** The phase's lines of the bench report. */
export function overviewReport(o) {
  const f = (x, d = 1) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(d) : String(x))
  const out = [
    `\n5. Program overview (docs/overview.md): ${o.seeded.holders} holders, ${o.seeded.entries} ledger entries, ` +
      `${o.seeded.calls} logged requests (seeded in ${f(o.seeded.seconds)} s); ${o.runs} runs each, ms; time zone ${o.timezone}`,
    table(
      ["what", "p50", "p99", "max"],
      [
        ["first overview (90 days of slots summed)", f(o.first.ms), "-", "-"],
        ...[30, 90].flatMap((days) => [
          [
            `module reads, ${days} days`,
            f(o.reads[days].total.p50),
            f(o.reads[days].total.p99),
            f(o.reads[days].total.max),
          ],
          ...Object.entries(o.reads[days].steps).map(([s, v]) => [`  ${s}`, f(v.p50), f(v.p99), f(v.max)]),
          [
            `GET /admin/wallet-pass/overview?days=${days}`,
            f(o.route[days].p50),
            f(o.route[days].p99),
            f(o.route[days].max),
          ],
        ]),
        ["90 days summed from the ledger itself (no slots)", f(o.naive.p50), f(o.naive.p99), f(o.naive.max)],
      ]
    ),
    `Figures: ${JSON.stringify(o.figures)}`,
    `Outstanding = the sum of every holder's wallet_pass_balance: ${o.check.outstanding === o.check.sum_of_balances ? "yes" : "NO"} (${o.check.outstanding})`,
  ]
  return out.join("\n")
}
