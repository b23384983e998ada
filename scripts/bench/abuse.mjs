// The abuse phase of `npm run bench` (BENCH_PHASES=abuse): a real customer's credits while
// bots use what anyone can use (docs/architecture.md, "The queue"; docs/performance.md).
//
// A store on the expert plan (1 a second, 3,600 an hour; the emulator enforces the same)
// drains the database alone, with the plugin's defaults for the queue's classes
// (dispatcher.openShare 0.5, profileSpacingSeconds 300, abandoned carts once per customer and
// day under the default daily cap). A real customer, enrolled before the run, orders every
// ORDER_EVERY_MS through the store's checkout; the credit latency is from the checkout's answer
// (the order placed) to the first request for the customer's phone the emulator receives.
// Twice: on an idle store, then while bots run for SECONDS:
// - signups with new phones (up to BENCH_ABUSE_SIGNUPS, 2,000), SIGNUP_CONCURRENCY at a time;
// - accounts that register one phone (the victim's) and ask for a code (up to BENCH_ABUSE_CODES, 500);
// - one account renaming itself every second;
// - one account making a cart with an item every second (cart.abandoned mapped, 6 s idle).
// The counts are bounded by the time: the report says how many ran. The emulator runs in this
// process, on the same clock.
import {
  freePort,
  MedusaProcess,
  ok,
  percentile,
  readyCart,
  completeCart,
  registerCustomer,
  sleep,
  table,
  until,
} from "./lib/common.mjs"

const env = process.env
const PLAN = { perSecond: 1, perHour: 3600 }
const SECONDS = Number(env.BENCH_ABUSE_SECONDS ?? 120)
const ORDER_EVERY_MS = Number(env.BENCH_ABUSE_ORDER_EVERY_MS ?? 4000)
const SIGNUPS = Number(env.BENCH_ABUSE_SIGNUPS ?? 2000)
const CODES = Number(env.BENCH_ABUSE_CODES ?? 500)
const SIGNUP_CONCURRENCY = Number(env.BENCH_ABUSE_CONCURRENCY ?? 4)
const VICTIM = "+79990009999"
const POLL_MS = 20

/** Runs the phase; answers the rows of the report. */
export async function benchAbuse({ emulator, sql, app, baseEnv, pluginOptions, seed, stopOthers, step, cleanups }) {
  await stopOthers()
  emulator.setLimits(PLAN)
  const options = {
    ...pluginOptions,
    plan: PLAN,
    events: { "cart.abandoned": { key: "cart_left", afterMinutes: 0.1 } },
    // The phones here are Russian and the bench store serves no Russian region: served, so
    // the code bots meet the limits per phone, account, address and store (docs/security.md),
    // not the country rule alone.
    texts: { countries: ["RU"] },
  }
  const store = new MedusaProcess("store X (abuse)", app, await freePort(), {
    ...baseEnv,
    BENCH_PLUGIN_OPTIONS: JSON.stringify(options),
  })
  cleanups.push(() => store.kill())
  step(`abuse: starting ${store.name} on ${store.port}`)
  await store.start()
  emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...pluginOptions.hooks })
  const base = store.url
  const tag = Date.now().toString(36)
  // The victim's pass: a customer of the store, enrolled.
  const victim = await registerCustomer(base, seed, { email: `victim-${tag}@bench.example`, phone: VICTIM })
  const real = await registerCustomer(base, seed, { email: `real-${tag}@bench.example`, phone: "+79990001111" })
  await until(
    async () => (await enrolled(sql, [victim.customer.id, real.customer.id])) === 2,
    "the real customers enrolled",
    120_000,
    200
  )

  step(`abuse: idle store, an order every ${ORDER_EVERY_MS} ms for ${SECONDS} s`)
  const idle = await orders({ base, seed, emulator, real, phone: "+79990001111", seconds: SECONDS })
  const smsBefore = smsTo(emulator, VICTIM)
  const t0 = Date.now()
  const callsAt0 = await callCount(sql)
  step(`abuse: the same orders while bots run for ${SECONDS} s`)
  const stop = { at: performance.now() + SECONDS * 1000 }
  const bots = { signups: 0, codes: 0, code_refused: 0, renames: 0, carts: 0, errors: 0 }
  const running = [
    ...Array.from({ length: SIGNUP_CONCURRENCY }, (_, w) => signups({ base, seed, stop, bots, tag, w })),
    codeSeekers({ base, seed, stop, bots, tag }),
    renamer({ base, seed, stop, bots, tag }),
    cartMaker({ base, seed, stop, bots, tag }),
  ]
  const abused = await orders({ base, seed, emulator, real, phone: "+79990001111", seconds: SECONDS })
  stop.at = 0
  await Promise.all(running)
  const elapsed = (Date.now() - t0) / 1000
  // Every real credit at the service: the ledger's balance reached.
  const ledger = await balanceOf(sql, real.customer.id)
  await until(
    async () => (emulator.getCustomer("+79990001111")?.balance ?? 0) >= ledger,
    "every real credit at the service",
    120_000,
    200
  )
  const figures = await botFigures(sql, [victim.customer.id, real.customer.id], t0, callsAt0)
  await store.kill()
  return {
    plan: PLAN,
    seconds: SECONDS,
    order_every_ms: ORDER_EVERY_MS,
    open_share: 0.5,
    idle: stats(idle),
    abuse: stats(abused),
    bots,
    elapsed_s: Math.round(elapsed),
    real_orders: idle.length + abused.length,
    real_credits_lost: idle.concat(abused).filter((o) => o.sent === null).length,
    real_balance_at_service: emulator.getCustomer("+79990001111")?.balance,
    real_balance_ledger: ledger,
    texts_to_victim: smsTo(emulator, VICTIM) - smsBefore,
    ...figures,
  }
}

/** The real customer orders every ORDER_EVERY_MS for `seconds`; each order's credit latency. */
async function orders({ base, seed, emulator, real, phone, seconds }) {
  const out = []
  const end = performance.now() + seconds * 1000
  while (performance.now() < end) {
    const next = performance.now() + ORDER_EVERY_MS
    const cart = await readyCart(base, seed, real.headers)
    const seen = emulator.requests().length
    await completeCart(base, real.headers, cart)
    const placed = performance.now()
    const order = { placed, sent: null }
    out.push(order)
    // The first request for the phone after the order: the credit (alone, or carried by a set).
    const deadline = placed + 60_000
    while (performance.now() < deadline) {
      const hit = emulator
        .requests()
        .slice(seen)
        .find(
          (r) =>
            r.body?.phone === phone &&
            r.status === 200 &&
            (/balance\/add/.test(r.endpoint) || r.body?.balance !== undefined)
        )
      if (hit) {
        order.sent = hit.receivedAtMonotonic ?? performance.now()
        break
      }
      await sleep(POLL_MS)
    }
    await sleep(Math.max(0, next - performance.now()))
  }
  return out
}

const stats = (list) => {
  const ms = list.filter((o) => o.sent !== null).map((o) => o.sent - o.placed)
  if (!ms.length) return { orders: list.length, p50_ms: null, p99_ms: null, max_ms: null }
  return {
    orders: list.length,
    p50_ms: Math.round(percentile(ms, 50)),
    p99_ms: Math.round(percentile(ms, 99)),
    max_ms: Math.round(Math.max(...ms)),
  }
}

async function signups({ base, seed, stop, bots, tag, w }) {
  for (let i = w; bots.signups < SIGNUPS && performance.now() < stop.at; i += SIGNUP_CONCURRENCY) {
    const phone = `+7998${String(i).padStart(7, "0")}`
    await registerCustomer(base, seed, { email: `bot-${tag}-${i}@bench.example`, phone }).then(
      () => bots.signups++,
      () => bots.errors++
    )
  }
}

async function codeSeekers({ base, seed, stop, bots, tag }) {
  for (let i = 0; bots.codes < CODES && performance.now() < stop.at; i++) {
    try {
      const { headers } = await registerCustomer(base, seed, { email: `code-${tag}-${i}@bench.example`, phone: VICTIM })
      bots.codes++
      await ok("POST", `${base}/store/customers/me/wallet-pass/verification`, { headers, body: {} }).catch(
        () => bots.code_refused++
      )
    } catch {
      bots.errors++
    }
  }
}

async function renamer({ base, seed, stop, bots, tag }) {
  const { headers } = await registerCustomer(base, seed, {
    email: `renamer-${tag}@bench.example`,
    phone: "+79990002222",
  })
  for (let i = 0; performance.now() < stop.at; i++) {
    const next = performance.now() + 1000
    await ok("POST", `${base}/store/customers/me`, { headers, body: { first_name: `Name ${i}` } }).then(
      () => bots.renames++,
      () => bots.errors++
    )
    await sleep(Math.max(0, next - performance.now()))
  }
}

async function cartMaker({ base, seed, stop, bots, tag }) {
  const { headers } = await registerCustomer(base, seed, { email: `carts-${tag}@bench.example`, phone: "+79990003333" })
  while (performance.now() < stop.at) {
    const next = performance.now() + 1000
    await ok("POST", `${base}/store/carts`, {
      headers,
      body: {
        region_id: seed.regionId,
        sales_channel_id: seed.salesChannelId,
        items: [{ variant_id: seed.variantId, quantity: 1 }],
      },
    }).then(
      () => bots.carts++,
      () => bots.errors++
    )
    await sleep(Math.max(0, next - performance.now()))
  }
}

const smsTo = (emulator, phone) => (emulator.snapshot().sms ?? []).filter((s) => s.phone === phone).length

async function enrolled(sql, customerIds) {
  const { rows } = await sql.query(
    `SELECT count(*)::int AS n FROM wallet_pass_holder WHERE customer_id = ANY($1) AND enrollment_state = 'enrolled'`,
    [customerIds]
  )
  return rows[0].n
}

async function balanceOf(sql, customerId) {
  const { rows } = await sql.query(
    `SELECT COALESCE(sum(e.amount), 0)::int AS minor FROM wallet_pass_ledger_entry e JOIN wallet_pass_holder h ON h.id = e.holder_id
      WHERE h.customer_id = $1 AND e.state = 'applied' AND e.deleted_at IS NULL`,
    [customerId]
  )
  return rows[0].minor / 100
}

async function callCount(sql) {
  const { rows } = await sql.query(`SELECT count(*)::int AS n FROM wallet_pass_api_call`)
  return rows[0].n
}

/** What the bots cost: requests for holders other than the real customers', their class, the holders' states. */
async function botFigures(sql, realCustomers, t0, callsAt0) {
  const { rows } = await sql.query(
    `SELECT count(*)::int AS calls,
            count(*) FILTER (WHERE o.priority >= 20)::int AS open_calls,
            count(*) FILTER (WHERE h.customer_id IS NULL OR NOT (h.customer_id = ANY($1)))::int AS bot_calls
       FROM wallet_pass_api_call c JOIN wallet_pass_operation o ON o.id = c.operation_id
       LEFT JOIN wallet_pass_holder h ON h.id = o.holder_id
      WHERE c.started_at >= to_timestamp($2 / 1000.0)`,
    [realCustomers, t0]
  )
  const { rows: holders } = await sql.query(
    `SELECT h.enrollment_state AS state, count(*)::int AS n FROM wallet_pass_holder h
      WHERE h.created_at >= to_timestamp($1 / 1000.0) GROUP BY 1`,
    [t0]
  )
  const { rows: ops } = await sql.query(
    `SELECT count(*) FILTER (WHERE method = 'user_create_or_update' AND payload->>'type' = 'enroll' AND state = 'pending')::int AS enrolments_held,
            count(*) FILTER (WHERE method = 'user_create_or_update' AND payload->>'type' = 'profile')::int AS profile_ops,
            count(*) FILTER (WHERE method = 'event_send')::int AS events_queued
       FROM wallet_pass_operation WHERE created_at >= to_timestamp($1 / 1000.0)`,
    [t0]
  )
  const { rows: events } = await sql.query(
    `SELECT state || ' (' || count(DISTINCT customer_id) || ' customers)' AS state, count(*)::int AS n
       FROM wallet_pass_store_event WHERE created_at >= to_timestamp($1 / 1000.0) GROUP BY state`,
    [t0]
  )
  const seconds = Math.max(1, (Date.now() - t0) / 1000)
  return {
    calls_in_run: rows[0].calls,
    calls_since_start: (await callCount(sql)) - callsAt0,
    bot_calls: rows[0].bot_calls,
    open_calls: rows[0].open_calls,
    bot_calls_per_hour_pace: Math.round((rows[0].bot_calls / seconds) * 3600),
    bot_holders: Object.fromEntries(holders.map((r) => [r.state, r.n])),
    ...ops[0],
    store_events: Object.fromEntries(events.map((r) => [r.state, r.n])),
  }
}

export function abuseReport(r) {
  const lines = [
    `Abuse (plan ${r.plan.perSecond}/s, ${r.plan.perHour}/h; class c share ${r.open_share}; ${r.seconds} s each; an order every ${r.order_every_ms} ms)`,
    table(
      ["store", "orders", "credit p50 ms", "credit p99 ms", "max ms"],
      [
        ["idle", r.idle.orders, r.idle.p50_ms, r.idle.p99_ms, r.idle.max_ms],
        ["bots running", r.abuse.orders, r.abuse.p50_ms, r.abuse.p99_ms, r.abuse.max_ms],
      ]
    ),
    `bots ran: ${JSON.stringify(r.bots)}`,
    `requests in the run: ${r.calls_in_run}; the bots': ${r.bot_calls} (pace ${r.bot_calls_per_hour_pace}/h; class c cap ${r.plan.perHour * r.open_share}/h); class c: ${r.open_calls}`,
    `texts to the one phone: ${r.texts_to_victim}; real credits lost: ${r.real_credits_lost} of ${r.real_orders} (service ${r.real_balance_at_service}, ledger ${r.real_balance_ledger})`,
    `bots' holders: ${JSON.stringify(r.bot_holders)}; enrolments held: ${r.enrolments_held}; profile requests queued: ${r.profile_ops}; store events: ${JSON.stringify(r.store_events)}`,
  ]
  return lines.join("\n")
}
