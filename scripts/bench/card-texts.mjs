// The `cards` phase of `npm run bench` (scripts/bench/run.mjs): what the card's texts cost
// (docs/program.md, "On the card"). BENCH_CARDS_HOLDERS holders (10,000) with one to five orders
// each and a lifetime credit each (lapsing over the next 40 days), a program of three levels that
// owns the rates, straight into the tables as the other phases seed. Then one simulated day
// without card variables and one with them, each on its own share of the holders: 5% of the
// holders order (the order's level pass, the workflow an order runs), the credits of 3% lapse
// (the expiry job), and the daily level job runs. Counted: the requests queued for the holders
// during the day, by kind, and per holder; with variables, also whose card texts changed. Between
// the two days the program gains its variables and a design per level, and the first rollout to
// every card is counted; its requests are then recorded as applied without being sent (what
// their answers would record), since the figure of interest is what a day costs afterwards.
import path from "node:path"
import { ok, table } from "./lib/common.mjs"

const env = process.env
const HOLDERS = Number(env.BENCH_CARDS_HOLDERS ?? 10_000)
const ORDER_SHARE = 0.05
const LAPSE_SHARE = 0.03
// The plans' hourly budgets (src/lib/constants.ts PLAN_LIMITS).
const PLANS = { basic: 60, advanced: 600, expert: 3600, exclusive: 3600 }

const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 250, bonusPercent: 5, discountPercent: 5 },
  { name: "Gold", threshold: 600, bonusPercent: 10, discountPercent: 10 },
]
const PASS = {
  variables: {
    tier: "level",
    next_tier: "nextLevel",
    to_next: "toNextLevel",
    lapsing: "expiringAmount",
    lapsing_on: "expiringDate",
  },
  levelTemplates: {
    Base: "5b1c1f0e-0000-4a3b-9c55-6a1f0e2d3c41",
    Silver: "5b1c1f0e-0000-4a3b-9c55-6a1f0e2d3c42",
    Gold: "5b1c1f0e-0000-4a3b-9c55-6a1f0e2d3c43",
  },
}

/**
 * POST /admin/bench/cards: the plugin's own functions from the installed build. `orders`: the
 * level pass an order's workflow runs, for each customer; `expire`: the credit expiry job;
 * `daily`: the daily level job's work; `record`: what the answers of applied requests record
 * for each holder (their texts and design); `texts`: each holder's card texts now.
 */
export const cardsRoute = (plugin) => {
  const built = (file) => JSON.stringify(path.join(plugin, ".medusa/server/src", file))
  return `const { updateLevelsWorkflow } = require(${built("workflows/program/update-levels.js")})
const { updateAllLevels } = require(${built("workflows/program/update-all-levels.js")})
const expireCredits = require(${built("jobs/expire-wallet-pass-credits.js")}).default
const { cardFormat } = require(${built("utils/card-format.js")})
exports.POST = async (req, res) => {
  const { action, customer_ids = [], holder_ids = [] } = req.body
  const walletPass = req.scope.resolve("walletPass")
  const t0 = performance.now()
  let out = {}
  if (action === "orders") {
    for (const id of customer_ids) await updateLevelsWorkflow(req.scope).run({ input: { customer_ids: [id] } })
  } else if (action === "expire") {
    await expireCredits(req.scope)
  } else if (action === "daily") {
    out = await updateAllLevels(req.scope)
  } else {
    const { program } = await walletPass.getProgram()
    const format = await cardFormat(req.scope, program.timeZone)
    const texts = {}
    for (let i = 0; i < holder_ids.length; i += 500) {
      const cards = await walletPass.getHolderCards({ holder_ids: holder_ids.slice(i, i + 500), program, format })
      for (const card of cards.values()) {
        if (action === "record") {
          await walletPass.recordCardSent({ holder_id: card.holder_id, texts: card.texts, design_level: card.level })
        } else texts[card.holder_id] = card.texts
      }
    }
    out = { texts }
  }
  res.status(200).json({ ...out, ms: performance.now() - t0 })
}
`
}

export async function benchCards({ sql, store, seed, step, openOps, until }) {
  step(`cards: ${HOLDERS} holders with orders and a lifetime credit each`)
  await until(async () => (await openOps(sql)) === 0, "an empty queue before the cards", 120_000, 250)
  await sql.query(
    `INSERT INTO wallet_pass_holder (id, phone, customer_id, enrollment_state, adoption_state, level, rates_source)
     SELECT 'wph_card_' || g, '+799950' || lpad(g::text, 5, '0'), 'cus_card_' || g, 'enrolled', 'adopted', NULL, 'service'
       FROM generate_series(1, $1::int) g`,
    [HOLDERS]
  )
  await sql.query(
    `INSERT INTO wallet_pass_order_spend (id, order_id, customer_id, amount, returns, placed_at)
     SELECT 'wpspend_card_' || g || '_' || k, 'order_card_' || g || '_' || k, 'cus_card_' || g, 11000 * (1 + g % 3), '{}'::jsonb,
            now() - make_interval(days => (g * 7 + k * 13) % 300)
       FROM generate_series(1, $1::int) g CROSS JOIN LATERAL generate_series(1, 1 + g % 5) k`,
    [HOLDERS]
  )
  // One credit each (50.00 with a lifetime), lapsing over the next 40 days.
  await sql.query(
    `INSERT INTO wallet_pass_ledger_entry (id, holder_id, amount, kind, state, dedupe_key, expires_at, remaining,
                                           overdraft, balance_after)
     SELECT 'wple_card_' || g, 'wph_card_' || g, 5000, 'program_bonus', 'applied', 'bench:card:' || g,
            now() + make_interval(hours => 1 + (g * 37) % 960), 5000, false, 5000
       FROM generate_series(1, $1::int) g`,
    [HOLDERS]
  )
  await sql.query("VACUUM ANALYZE wallet_pass_holder, wallet_pass_order_spend, wallet_pass_ledger_entry")
  const orders = Number(
    (await sql.query(`SELECT count(*) FROM wallet_pass_order_spend WHERE customer_id LIKE 'cus_card_%'`)).rows[0].count
  )
  const admin = { authorization: seed.adminAuthorization }
  const call = (body) => ok("POST", `${store.url}/admin/bench/cards`, { headers: admin, body, timeoutMs: 1_800_000 })
  const saveProgram = (pass) =>
    sql.query(
      `INSERT INTO wallet_pass_program_version (id, version, program, actor, moved)
       SELECT 'wpprog_bench_card_' || (COALESCE(max(version), 0) + 1), COALESCE(max(version), 0) + 1, $1::jsonb, 'bench', NULL
         FROM wallet_pass_program_version`,
      [JSON.stringify({ ratesOwner: "program", tiers: { windowDays: 365, levels: LEVELS }, pass })]
    )
  // Requests still waiting for the bench's holders are taken as sent (the drain would take hours).
  const settle = () =>
    sql.query(
      `UPDATE wallet_pass_operation SET state = 'resolved', completed_at = now(), updated_at = now()
        WHERE holder_id LIKE 'wph_card_%' AND state IN ('pending', 'held')`
    )
  const ids = (every, from) => {
    const out = []
    for (let g = from; g <= HOLDERS; g += every) out.push(g)
    return out
  }

  /** The requests queued for the bench's holders since `since`, by kind and per holder. */
  const counted = async (since) => {
    const { rows } = await sql.query(
      `SELECT holder_id, method, payload->>'type' AS type, count(*)::int AS n
         FROM wallet_pass_operation WHERE holder_id LIKE 'wph_card_%' AND created_at >= $1
        GROUP BY 1, 2, 3`,
      [since]
    )
    const perHolder = new Map()
    const byKind = {}
    for (const r of rows) {
      const kind = r.type ? `${r.method}:${r.type}` : r.method
      byKind[kind] = (byKind[kind] ?? 0) + r.n
      perHolder.set(r.holder_id, (perHolder.get(r.holder_id) ?? 0) + r.n)
    }
    return { byKind, perHolder, total: rows.reduce((s, r) => s + r.n, 0) }
  }

  /** One day: orders of ORDER_SHARE of the holders, lapses of LAPSE_SHARE, the daily pass. */
  const day = async (label, offset, withTexts) => {
    const orderers = ids(Math.round(1 / ORDER_SHARE), offset)
    const lapsing = ids(Math.round(1 / LAPSE_SHARE), offset + 1)
    // What the cards were given before the day (the drain may apply the day's requests meanwhile).
    const before = new Map(
      (await sql.query(`SELECT id, card_texts FROM wallet_pass_holder WHERE id LIKE 'wph_card_%'`)).rows.map((r) => [
        r.id,
        r.card_texts ?? {},
      ])
    )
    const since = (await sql.query(`SELECT clock_timestamp() AS t`)).rows[0].t
    const t0 = performance.now()
    await sql.query(
      `INSERT INTO wallet_pass_order_spend (id, order_id, customer_id, amount, returns, placed_at)
       SELECT 'wpspend_card_day_' || $2 || '_' || g, 'order_card_day_' || $2 || '_' || g, 'cus_card_' || g, 7000, '{}'::jsonb, now()
         FROM unnest($1::int[]) g`,
      [orderers, label.replace(/\W+/g, "_")]
    )
    await call({ action: "orders", customer_ids: orderers.map((g) => `cus_card_${g}`) })
    await sql.query(
      `UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '1 second'
        WHERE holder_id = ANY($1::text[]) AND expires_at IS NOT NULL AND expired_at IS NULL`,
      [lapsing.map((g) => `wph_card_${g}`)]
    )
    for (let i = 0; i < Math.ceil(lapsing.length / 500) + 1; i++) await call({ action: "expire" })
    await call({ action: "daily" })
    const seconds = (performance.now() - t0) / 1000
    const c = await counted(since)
    const active = new Set([...orderers, ...lapsing].map((g) => `wph_card_${g}`))
    let changed = null
    if (withTexts) {
      const { texts } = await call({ action: "texts", holder_ids: [...active] })
      changed = new Set(
        Object.entries(texts)
          .filter(([id, t]) => Object.entries(t).some(([k, v]) => before.get(id)?.[k] !== v))
          .map(([id]) => id)
      )
    }
    const profileFor = async (holders) =>
      Number(
        (
          await sql.query(
            `SELECT count(*) FROM wallet_pass_operation WHERE holder_id = ANY($1::text[]) AND created_at >= $2
                AND method = 'user_create_or_update' AND payload->>'type' = 'profile'`,
            [[...holders], since]
          )
        ).rows[0].count
      )
    const unchangedActive = changed ? [...active].filter((h) => !changed.has(h)) : []
    const row = {
      label,
      holders: HOLDERS,
      ordered: orderers.length,
      lapsed: lapsing.length,
      requests: c.total,
      by_kind: c.byKind,
      per_holder_per_day: c.total / HOLDERS,
      max_per_holder: Math.max(0, ...c.perHolder.values()),
      quiet_holders_with_requests: [...c.perHolder.keys()].filter((h) => !active.has(h)).length,
      texts_changed: changed ? changed.size : null,
      profile_updates_for_changed: changed ? await profileFor(changed) : null,
      profile_updates_for_unchanged: changed ? await profileFor(unchangedActive) : null,
      seconds,
    }
    step(
      `cards, ${label}: ${row.requests} requests queued for ${HOLDERS} holders (${JSON.stringify(row.by_kind)}), ` +
        `${row.per_holder_per_day.toFixed(4)} per holder per day, at most ${row.max_per_holder} per holder, ` +
        `${row.quiet_holders_with_requests} for holders with nothing that day` +
        (changed
          ? `; texts changed for ${changed.size}: ${row.profile_updates_for_changed} profile updates for them, ` +
            `${row.profile_updates_for_unchanged} for active holders whose texts did not change`
          : "")
    )
    await settle()
    return row
  }

  // The program without card settings; its first pass places every holder (rates to every card).
  await saveProgram({})
  await call({ action: "daily" })
  await settle()
  const off = await day("variables off", 1, false)

  // The program gains its variables and designs: the first rollout, then its answers recorded.
  await saveProgram(PASS)
  const since = (await sql.query(`SELECT clock_timestamp() AS t`)).rows[0].t
  const t0 = performance.now()
  await call({ action: "daily" })
  const rolloutSeconds = (performance.now() - t0) / 1000
  const rollout = await counted(since)
  step(
    `cards, first rollout: ${rollout.total} requests queued for ${HOLDERS} holders in ${rolloutSeconds.toFixed(1)} s`
  )
  await settle()
  const all = ids(1, 1).map((g) => `wph_card_${g}`)
  // In slices: a request body holds at most 100 kB.
  for (let i = 0; i < all.length; i += 1000) await call({ action: "record", holder_ids: all.slice(i, i + 1000) })
  const on = await day("variables on", 2, true)
  await sql.query(`UPDATE wallet_pass_program_version SET deleted_at = now() WHERE id LIKE 'wpprog_bench_card_%'`)
  return {
    holders: HOLDERS,
    orders,
    off,
    on,
    rollout: {
      requests: rollout.total,
      by_kind: rollout.byKind,
      seconds: rolloutSeconds,
      hours_by_plan: Object.fromEntries(
        Object.entries(PLANS).map(([plan, perHour]) => [plan, rollout.total / perHour])
      ),
    },
  }
}

export function cardsReport(r) {
  const f = (n, d = 1) => (typeof n === "number" ? n.toFixed(d) : String(n))
  const out = [
    `\n3d. Card texts (docs/program.md, "On the card"): ${r.holders} holders with ${r.orders} orders; a day = 5% order, 3% of credits lapse, the daily level job`,
    table(
      [
        "day",
        "ordered",
        "lapsed",
        "requests",
        "by kind",
        "per holder per day",
        "max per holder",
        "quiet holders with requests",
        "texts changed",
        "profile updates for them",
        "for unchanged texts",
      ],
      [r.off, r.on].map((x) => [
        x.label,
        x.ordered,
        x.lapsed,
        x.requests,
        JSON.stringify(x.by_kind),
        f(x.per_holder_per_day, 4),
        x.max_per_holder,
        x.quiet_holders_with_requests,
        x.texts_changed ?? "-",
        x.profile_updates_for_changed ?? "-",
        x.profile_updates_for_unchanged ?? "-",
      ])
    ),
    `First rollout: ${r.rollout.requests} requests (${JSON.stringify(r.rollout.by_kind)}), queued in ${f(r.rollout.seconds)} s; ` +
      `to every card at the whole hourly budget: ` +
      Object.entries(r.rollout.hours_by_plan)
        .map(([plan, h]) => `${plan} ${f(h)} h`)
        .join(", ") +
      " (divide by the share of the budget their queue class gets)",
  ]
  return out.join("\n")
}
