// The freshness phase of `npm run bench` (BENCH_PHASES=freshness): how long after a store
// event the service's balance is right, and what each balance change costs in requests, with
// and without coalescing (docs/architecture.md, "Coalescing"; docs/performance.md).
//
// A store with raised limits (PLAN) drains one database alone. The store event is an admin's
// credit of 1.00 to a customer (POST /admin/customers/:id/wallet-pass/adjust: a workflow, a
// ledger entry and its queued request, committed before the answer). For each change:
// - event → sent: from the answer to the first request for that phone the emulator receives;
// - event → right: until the emulator's balance for the phone reaches the ledger's balance
//   after that change (credits only, so the balance only grows);
// measured on an idle queue (one change at a time), then under a seeded stream of changes at
// 50%, 90% and 150% of the plan's rate for SECONDS, where a share of the changes come from
// customers who had one in the last REPEAT_WINDOW_S seconds (they order again). The emulator
// runs in this process, on the same clock.
import { freePort, MedusaProcess, ok, percentile, prng, sleep, table, until } from "./lib/common.mjs"

const env = process.env
const PLAN = { perSecond: 4, perHour: 14_400 }
const SECONDS = Number(env.BENCH_FRESHNESS_SECONDS ?? 60)
const IDLE_N = Number(env.BENCH_FRESHNESS_IDLE_N ?? 40)
const LOADS = (env.BENCH_FRESHNESS_LOADS ?? "0.5,0.9,1.5").split(",").map(Number)
/** Share of the stream's changes made by a customer new to the run; the others order again. */
const NEW_SHARE = Number(env.BENCH_FRESHNESS_NEW_SHARE ?? 0.65)
const REPEAT_WINDOW_S = 20
/** With coalescing on, then off (BENCH_FRESHNESS_MODES=on,off). */
const MODES = (env.BENCH_FRESHNESS_MODES ?? "on,off").split(",").map((m) => m.trim() === "on")
const SEED = Number(env.BENCH_FRESHNESS_SEED ?? 20261125)
const HOLDERS = Number(env.BENCH_FRESHNESS_HOLDERS ?? 3000)
const IN_FLIGHT = 32
const AMOUNT = 1
const POLL_MS = 20
const BALANCE_PATHS = ["/crm/balance/add", "/crm/balance/deduct", "/crm/user_create_or_update"]

/**
 * Runs the phase. `stopOthers` stops every other store draining the database (the phase's
 * store must be alone: its plan is not theirs). Answers the rows of the report.
 */
export async function benchFreshness({ emulator, sql, app, baseEnv, pluginOptions, seed, stopOthers, step, cleanups }) {
  await stopOthers()
  await until(async () => (await waiting(sql)) === 0, "an empty queue before the freshness runs", 300_000, 500)
  step(`freshness: ${HOLDERS} customers with a pass at the service`)
  const holders = await seedHolders(sql, emulator)
  emulator.setLimits(PLAN)
  const admin = { authorization: seed.adminAuthorization }
  const rand = prng(SEED)
  let next = 0
  const take = () => {
    if (next >= holders.length) throw new Error(`freshness: more than ${HOLDERS} customers needed`)
    return holders[next++]
  }
  const rows = []
  for (const coalesce of MODES) {
    const options = { ...pluginOptions, plan: PLAN, dispatcher: { ...pluginOptions.dispatcher, coalesce } }
    const store = new MedusaProcess(`store F (coalesce ${coalesce})`, app, await freePort(), {
      ...baseEnv,
      BENCH_PLUGIN_OPTIONS: JSON.stringify(options),
    })
    cleanups.push(() => store.kill())
    step(`freshness: starting ${store.name} on ${store.port}`)
    await store.start()
    emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...pluginOptions.hooks })
    const ctx = { emulator, sql, store, admin, rand, take, step, coalesce }
    if (coalesce) rows.push(await idleRun(ctx))
    for (const load of LOADS) rows.push(await streamRun(ctx, load))
    await store.kill()
  }
  return { plan: PLAN, seconds: SECONDS, new_share: NEW_SHARE, seed: SEED, rows }
}

async function seedHolders(sql, emulator) {
  const { rows } = await sql.query(
    `WITH c AS (
       INSERT INTO customer (id, email, phone, first_name, has_account, created_at, updated_at)
       SELECT 'cus_fresh_' || g, 'fresh' || g || '@bench.example', '+7999800' || lpad(g::text, 4, '0'), 'Fresh', false, now(), now()
         FROM generate_series(1, $1::int) g
       RETURNING id, phone)
     INSERT INTO wallet_pass_holder (id, phone, customer_id, source, enrollment_state, adoption_state, adopted_at, created_at, updated_at)
     SELECT 'wph_fresh_' || substr(c.id, 11), c.phone, c.id, 'admin', 'enrolled', 'adopted', now(), now(), now() FROM c
     RETURNING customer_id, phone`,
    [HOLDERS]
  )
  for (const r of rows) emulator.seedCustomer({ phone: r.phone, name: "Fresh", balance: 0 })
  return rows.map((r) => ({ customerId: r.customer_id, phone: r.phone, changes: 0 }))
}

/** Live requests not yet sent (held redemptions and background work aside). */
async function waiting(sql) {
  const { rows } = await sql.query(
    `SELECT count(*)::int AS n FROM wallet_pass_operation
      WHERE state IN ('pending', 'sending', 'unknown') AND priority < 40 AND next_attempt_at IS DISTINCT FROM '2999-01-01T00:00:00Z'`
  )
  return rows[0].n
}

/**
 * One change: the admin's credit, timed from its answer. The change's target is the balance
 * the service must reach for it; `right` is set by the watcher.
 */
async function credit(ctx, holder, changes) {
  holder.changes++
  const change = { phone: holder.phone, target: holder.changes * AMOUNT, event: null, right: null }
  changes.push(change)
  await ok("POST", `${ctx.store.url}/admin/customers/${holder.customerId}/wallet-pass/adjust`, {
    headers: ctx.admin,
    body: { amount: AMOUNT, reason: "bench" },
  })
  change.event = performance.now()
  return change
}

/** Watches the emulator's balances (in this process) and marks each change once its balance is there. */
function watch(emulator, changes) {
  let stopped = false
  const done = (async () => {
    while (!stopped) {
      const now = performance.now()
      for (const c of changes) {
        if (c.right !== null || c.event === null) continue
        if ((emulator.getCustomer(c.phone)?.balance ?? 0) >= c.target) c.right = now
      }
      await sleep(POLL_MS)
    }
  })()
  return async () => {
    stopped = true
    await done
  }
}

/** What a run's changes cost and how fresh the service was. */
function measure(ctx, changes, label, extra = {}) {
  const requests = ctx.emulator
    .requests()
    .filter((r) => r.appKey === "valid" && BALANCE_PATHS.some((p) => r.endpoint.endsWith(p)))
  const byPhone = new Map()
  for (const r of requests) {
    const phone = r.body?.phone
    if (!byPhone.has(phone)) byPhone.set(phone, [])
    byPhone.get(phone).push(r)
  }
  const sent = changes.map((c) => {
    const first = (byPhone.get(c.phone) ?? []).find((r) => r.receivedAtMonotonic >= c.event)
    return first ? first.receivedAtMonotonic - c.event : NaN
  })
  const right = changes.map((c) => c.right - c.event)
  const ok = requests.filter((r) => r.status !== 429)
  const distinct = new Set(changes.map((c) => c.phone)).size
  const s = (values, p) => percentile(values, p) / 1000
  return {
    run: label,
    coalesce: ctx.coalesce,
    changes: changes.length,
    distinct_share: distinct / changes.length,
    requests: ok.length,
    requests_per_change: ok.length / changes.length,
    over_limit_429: requests.length - ok.length,
    sent_p50_s: s(sent, 50),
    sent_p99_s: s(sent, 99),
    right_p50_s: s(right, 50),
    right_p99_s: s(right, 99),
    ...extra,
  }
}

async function idleRun(ctx) {
  ctx.step(`freshness: idle queue, ${IDLE_N} changes one at a time`)
  ctx.emulator.clearRequests()
  const changes = []
  const stop = watch(ctx.emulator, changes)
  try {
    for (let i = 0; i < IDLE_N; i++) {
      const change = await credit(ctx, ctx.take(), changes)
      await until(async () => change.right !== null, "the service's balance", 30_000, POLL_MS)
      await until(async () => (await waiting(ctx.sql)) === 0, "an idle queue", 30_000, 50)
      // The dispatcher is idle between changes, at a random point of its poll.
      await sleep(200 + ctx.rand() * 800)
    }
  } finally {
    await stop()
  }
  const row = measure(ctx, changes, "idle")
  ctx.step(
    `freshness: idle: event→sent p99 ${row.sent_p99_s.toFixed(3)} s, event→right p99 ${row.right_p99_s.toFixed(3)} s`
  )
  return row
}

async function streamRun(ctx, load) {
  const rate = load * PLAN.perSecond
  ctx.step(
    `freshness: ${Math.round(load * 100)}% of the plan (${rate} changes/s) for ${SECONDS} s, coalesce ${ctx.coalesce}`
  )
  ctx.emulator.clearRequests()
  const changes = []
  const recent = [] // [time, holder] of this run's changes, for the customers who order again
  const backlog = []
  const stop = watch(ctx.emulator, changes)
  const t0 = performance.now()
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      backlog.push([(performance.now() - t0) / 1000, await waiting(ctx.sql)])
      await sleep(1000)
    }
  })()
  const inFlight = new Set()
  try {
    let at = 0
    for (;;) {
      at += -Math.log(1 - ctx.rand()) / rate // Poisson arrivals
      if (at >= SECONDS) break
      const wait = t0 + at * 1000 - performance.now()
      if (wait > 0) await sleep(wait)
      while (recent.length && recent[0][0] < at - REPEAT_WINDOW_S) recent.shift()
      const again = recent.length && ctx.rand() >= NEW_SHARE
      const holder = again ? recent[Math.floor(ctx.rand() * recent.length)][1] : ctx.take()
      recent.push([at, holder])
      const p = credit(ctx, holder, changes).finally(() => inFlight.delete(p))
      inFlight.add(p)
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight)
    }
    await Promise.all(inFlight)
    const arrivalsEnd = (performance.now() - t0) / 1000
    await until(async () => changes.every((c) => c.right !== null), "every change at the service", 300_000, 250)
    await until(async () => (await waiting(ctx.sql)) === 0, "an empty queue", 60_000, 250)
    sampling = false
    await sampler
    const during = backlog.filter(([t]) => t <= arrivalsEnd)
    const backlogAt = (share) => during.filter(([t]) => t <= arrivalsEnd * share).at(-1)?.[1] ?? 0
    // The second half of the stream, once the queue has settled into its pace: the changes
    // made then and the requests the service received meanwhile. With a backlog, coalescing
    // carries more of a customer's repeats the longer they wait, so a run's start costs more.
    const half = t0 + (arrivalsEnd * 1000) / 2
    const end = t0 + arrivalsEnd * 1000
    const late = changes.filter((c) => c.event >= half)
    const lateRequests = ctx.emulator
      .requests()
      .filter(
        (r) =>
          r.appKey === "valid" &&
          r.status !== 429 &&
          BALANCE_PATHS.some((p) => r.endpoint.endsWith(p)) &&
          r.receivedAtMonotonic >= half &&
          r.receivedAtMonotonic < end
      )
    const row = measure(ctx, changes, `${Math.round(load * 100)}%`, {
      late_requests_per_change: lateRequests.length / Math.max(1, late.length),
      late_distinct_share: new Set(late.map((c) => c.phone)).size / Math.max(1, late.length),
      backlog_max: Math.max(0, ...during.map(([, n]) => n)),
      backlog_half: backlogAt(0.5),
      backlog_end: backlogAt(1),
    })
    ctx.step(
      `freshness: ${row.run}: ${row.requests} requests for ${row.changes} changes (${row.requests_per_change.toFixed(3)}; distinct ${row.distinct_share.toFixed(3)}), ` +
        `backlog ${row.backlog_half} at half time, ${row.backlog_end} at the end; right p99 ${row.right_p99_s.toFixed(2)} s`
    )
    return row
  } finally {
    sampling = false
    await sampler
    await stop()
  }
}

/** The phase's part of the bench report. */
export function freshnessReport(r) {
  const f = (x, d = 2) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(d) : "-")
  return [
    `\nFreshness of the service's balance (plan ${r.plan.perSecond}/s, ${r.plan.perHour}/h; streams of ${r.seconds} s, ` +
      `${Math.round(r.new_share * 100)}% of changes by a customer new to the run, the rest by one who had a change in the last ${REPEAT_WINDOW_S} s; seed ${r.seed})`,
    table(
      [
        "coalesce",
        "load",
        "changes",
        "distinct",
        "requests",
        "req/change",
        "< distinct+5%",
        "2nd half req/change (distinct)",
        "sent p50 s",
        "sent p99 s",
        "right p50 s",
        "right p99 s",
        "backlog half/end/max",
        "429s",
      ],
      r.rows.map((x) => [
        x.coalesce ? "on" : "off",
        x.run,
        x.changes,
        f(x.distinct_share, 3),
        x.requests,
        f(x.requests_per_change, 3),
        x.run === "idle" ? "-" : x.requests_per_change < x.distinct_share + 0.05 ? "yes" : "no",
        x.run === "idle" ? "-" : `${f(x.late_requests_per_change, 3)} (${f(x.late_distinct_share, 3)})`,
        f(x.sent_p50_s, 3),
        f(x.sent_p99_s, 3),
        f(x.right_p50_s),
        f(x.right_p99_s),
        x.run === "idle" ? "-" : `${x.backlog_half}/${x.backlog_end}/${x.backlog_max}`,
        x.over_limit_429,
      ])
    ),
    `Target: idle event→sent p99 <= 1.2 s (${r.rows.find((x) => x.run === "idle")?.sent_p99_s <= 1.2 ? "met" : "NOT met"}).`,
  ].join("\n")
}
