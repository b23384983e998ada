// The texts phase of `npm run bench` (BENCH_PHASES=texts, or with abuse): bots asking codes to use
// up the store's texts while real shoppers, with a stake or new, ask theirs (docs/security.md,
// "Texts"; docs/performance.md).
//
// A store with the plugin's `texts` defaults (120 an hour, half for accounts with a stake, a
// quarter of a class's hour per address prefix and per phone range), reading the client's
// address from X-Forwarded-For (`trustProxy`) so one process plays many clients; localhost only.
// Before the run, STAKE shoppers sign up and place an order each (a stake). Then, for at most
// SECONDS:
// - bots sign up with new phones of BOT_RANGES ranges and ask a code each, from six addresses
//   of BOT_PREFIXES /24s (BENCH_TEXTS_BOT_PREFIXES, 2), BOT_CONCURRENCY at a time, at most
//   BOT_CODES codes;
// - every SHOPPER_EVERY_MS a real shopper asks a code: in turn one of the STAKE shoppers and a
//   new signup from an address prefix and a phone range of its own (NEW of them).
// The report: per kind of caller, codes asked, accepted (202), refused by which limit, and the
// texts the service received for the real shoppers (each must get one), with the time from the
// ask to the text.
import {
  completeCart,
  freePort,
  http,
  MedusaProcess,
  percentile,
  readyCart,
  registerCustomer,
  sleep,
  table,
  until,
} from "./lib/common.mjs"

const env = process.env
const SECONDS = Number(env.BENCH_TEXTS_SECONDS ?? 90)
const BOT_CODES = Number(env.BENCH_TEXTS_BOT_CODES ?? 200)
const BOT_CONCURRENCY = Number(env.BENCH_TEXTS_CONCURRENCY ?? 3)
/** The bots' six addresses, spread over BOT_PREFIXES /24s (1 to 6). */
const BOT_PREFIXES = Math.min(6, Math.max(1, Number(env.BENCH_TEXTS_BOT_PREFIXES ?? 2)))
const BOT_ADDRESSES = Array.from({ length: 6 }, (_, i) => `203.0.${113 + (i % BOT_PREFIXES)}.${10 + i}`)
const BOT_RANGES = ["1511", "1512", "1514", "1515", "1516", "1517"]
const STAKE = Number(env.BENCH_TEXTS_STAKE ?? 5)
const NEW = Number(env.BENCH_TEXTS_NEW ?? 5)
const SHOPPER_EVERY_MS = Number(env.BENCH_TEXTS_SHOPPER_EVERY_MS ?? 6000)
const VERIFY = "/store/customers/me/wallet-pass/verification"
/** German mobile ranges (first four digits) the real new shoppers' phones are of, one each. */
const SHOPPER_RANGES = ["1520", "1521", "1522", "1523", "1525", "1526", "1570", "1573", "1575", "1577"]

/** Runs the phase; answers the rows of the report. */
export async function benchTexts({ emulator, sql, app, baseEnv, pluginOptions, seed, stopOthers, step, cleanups }) {
  await stopOthers()
  const texts = { trustProxy: true }
  const store = new MedusaProcess("store T (texts)", app, await freePort(), {
    ...baseEnv,
    BENCH_PLUGIN_OPTIONS: JSON.stringify({ ...pluginOptions, texts }),
  })
  cleanups.push(() => store.kill())
  step(`texts: starting ${store.name} on ${store.port}`)
  await store.start()
  emulator.setWebhook({ url: `${store.url}/hooks/wallet-pass`, ...pluginOptions.hooks })
  const base = store.url
  const tag = Date.now().toString(36)
  let phones = 0
  const mobile = (range) => `+49${range}${String(++phones).padStart(7, "0")}`

  step(`texts: ${STAKE} shoppers sign up and order (a stake)`)
  const stake = []
  for (let i = 0; i < STAKE; i++) {
    const phone = mobile("1590")
    const shopper = await registerCustomer(base, seed, { email: `stake-${tag}-${i}@bench.example`, phone })
    await completeCart(base, shopper.headers, await readyCart(base, seed, shopper.headers))
    stake.push({ ...shopper, phone, address: `192.0.2.${10 + i}` })
  }

  step(`texts: bots for at most ${SECONDS} s (${BOT_CODES} codes), a real shopper every ${SHOPPER_EVERY_MS} ms`)
  const stop = { at: performance.now() + SECONDS * 1000 }
  const bots = { asked: 0, sent: 0, refused: {}, errors: 0 }
  const running = Array.from({ length: BOT_CONCURRENCY }, (_, w) =>
    botWorker({ base, seed, stop, bots, tag, w, mobile })
  )
  // The shoppers come once the bots have met their limits (bounded: or after 30 s).
  await until(() => refusals(bots) >= 10 || performance.now() > stop.at, "the bots refused", 30_000, 100).catch(
    () => undefined
  )
  const asks = []
  for (let i = 0; i < STAKE + NEW && performance.now() < stop.at; i++) {
    const next = performance.now() + SHOPPER_EVERY_MS
    const kind = i % 2 === 0 && i / 2 < STAKE ? "stake" : "new"
    const shopper =
      kind === "stake"
        ? stake[i / 2]
        : await newShopper({ base, seed, sql, tag, i, phone: mobile(SHOPPER_RANGES[i % SHOPPER_RANGES.length]) })
    asks.push({ kind, ...(await askCode(base, shopper)) })
    await sleep(Math.max(0, next - performance.now()))
  }
  stop.at = 0
  await Promise.all(running)

  // Every accepted real code's text at the service (bounded).
  const accepted = asks.filter((a) => a.status === 202)
  await until(
    () => accepted.every((a) => textedAt(emulator, a.phone) !== null),
    "the real shoppers' texts at the service",
    120_000,
    100
  ).catch(() => undefined)
  for (const a of asks)
    a.texted_ms = textedAt(emulator, a.phone) === null ? null : textedAt(emulator, a.phone) - a.at_wall
  await store.kill()
  return {
    seconds: SECONDS,
    store_per_hour: 120,
    bots: { ...bots, addresses: BOT_ADDRESSES.length, prefixes: BOT_PREFIXES, ranges: BOT_RANGES.length },
    shoppers: ["stake", "new"].map((kind) =>
      summary(
        kind,
        asks.filter((a) => a.kind === kind)
      )
    ),
  }
}

/** A new signup from an address prefix of its own, once its pass exists (a shopper asks seconds after signing up). */
async function newShopper({ base, seed, sql, tag, i, phone }) {
  const shopper = await registerCustomer(base, seed, { email: `new-${tag}-${i}@bench.example`, phone })
  await until(
    async () =>
      (await sql.query(`SELECT 1 FROM wallet_pass_holder WHERE customer_id = $1`, [shopper.customer.id])).rowCount > 0,
    "the new shopper's pass",
    30_000,
    50
  )
  return { ...shopper, phone, address: `100.64.${i}.1` }
}

const refusals = (bots) => Object.values(bots.refused).reduce((a, b) => a + b, 0)

/** Asks a code as `shopper` from its address: the answer's status, the limit's message, when. */
async function askCode(base, shopper) {
  const at_wall = Date.now()
  const { status, data } = await http("POST", `${base}${VERIFY}`, {
    headers: { ...shopper.headers, "x-forwarded-for": shopper.address },
    body: {},
  })
  return { phone: shopper.phone, status, message: status === 202 ? null : (data?.message ?? String(data)), at_wall }
}

async function botWorker({ base, seed, stop, bots, tag, w, mobile }) {
  for (let i = w; bots.asked < BOT_CODES && performance.now() < stop.at; i += BOT_CONCURRENCY) {
    try {
      const phone = mobile(BOT_RANGES[i % BOT_RANGES.length])
      const bot = await registerCustomer(base, seed, { email: `bot-${tag}-${i}@bench.example`, phone })
      bots.asked++
      const answer = await askCode(base, { ...bot, phone, address: BOT_ADDRESSES[i % BOT_ADDRESSES.length] })
      if (answer.status === 202) bots.sent++
      else {
        const limit = limitOf(answer.message)
        bots.refused[limit] = (bots.refused[limit] ?? 0) + 1
      }
    } catch {
      bots.errors++
    }
  }
}

/** Which limit a refusal's message names (rules/text-limits.ts). */
function limitOf(message) {
  if (/^The store is sending/.test(message)) return "class budget"
  if (/from your network/.test(message)) return "address or prefix"
  if (/phones like this one/.test(message)) return "phone range"
  if (/to this phone/.test(message)) return "phone"
  return message.slice(0, 60)
}

/** When the service received the phone's first text (the emulator's clock, ms), null before. */
function textedAt(emulator, phone) {
  const sms = (emulator.snapshot().sms ?? []).find((s) => s.phone === phone)
  return sms ? Date.parse(sms.at) : null
}

function summary(kind, asks) {
  const ms = asks.filter((a) => a.texted_ms !== null).map((a) => a.texted_ms)
  return {
    kind,
    asked: asks.length,
    accepted: asks.filter((a) => a.status === 202).length,
    refused: asks.filter((a) => a.status !== 202).map((a) => `${a.status} ${limitOf(a.message ?? "")}`),
    texted: ms.length,
    text_p50_ms: ms.length ? Math.round(percentile(ms, 50)) : null,
    text_max_ms: ms.length ? Math.round(Math.max(...ms)) : null,
  }
}

export function textsReport(r) {
  const b = r.bots
  return [
    `Texts (texts defaults: ${r.store_per_hour} an hour, half per class; bots for ${r.seconds} s at most)`,
    `bots: ${b.asked} codes asked from ${b.addresses} addresses of ${b.prefixes} /24s, phones of ${b.ranges} ranges: ${b.sent} accepted, refused ${JSON.stringify(b.refused)}, errors ${b.errors}`,
    table(
      ["real shoppers", "asked", "accepted", "texted", "ask to text p50 ms", "max ms", "refused"],
      r.shoppers.map((s) => [
        s.kind,
        s.asked,
        s.accepted,
        s.texted,
        s.text_p50_ms,
        s.text_max_ms,
        s.refused.join("; ") || "none",
      ])
    ),
  ].join("\n")
}
