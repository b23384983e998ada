import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { basicAuth, postHook, storeEnv, waitFor, writtenCounts } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(600_000)

// Generated hook bodies against the real store over HTTP: control characters, unpaired
// surrogates, deep and wide values, huge and tiny numbers, wrong types, broken JSON. Every
// answer must be a 2xx or a 4xx (never a 500), a refused body must write nothing, and every
// refusal must be on record (the delivery log, or the per-minute count of unauthenticated
// ones). FUZZ_SEED=<n> replays a run; FUZZ_CASES sets how many bodies (at least 200).

const HOOKS = { login: "fuzz-service", password: "fuzz-hook-password" }
const GOOD = { authorization: basicAuth(HOOKS.login, HOOKS.password) }
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const CASES = Math.max(200, Number(process.env.FUZZ_CASES ?? 250))
const PHONES = ["+79996660001", "+79996660002"]
const CARDS = ["880001", "880002"]

/** mulberry32: a small seeded PRNG, so a failing run can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]
  return { next, int, pick, chance: (p: number) => next() < p }
}
type Rng = ReturnType<typeof prng>

const NASTY_CHARS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u200e",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\uffff",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "😀",
  "й",
  "\\",
  '"',
]
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.1,
  0.29,
  10.5,
  -10.5,
  0.001,
  1e-7,
  5e-324,
  10.000000001,
  0.30000000000000004,
  2 ** 31,
  2 ** 53 + 1,
  19_999_999.99,
  20_000_000,
  20_000_000.01,
  21_474_836.47,
  1e20,
  -1e20,
  1e308,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
]
const NUMERIC_TEXT = [
  "10",
  " 10 ",
  "10.5",
  "1e3",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1_000",
  "10,50",
  "",
  " ",
  "+5",
  ".5",
  "5.",
  "--5",
]

function nastyText(rng: Rng): string {
  const base = rng.pick(["Anna", "tx", "+79996660001", "880001", "", "x".repeat(rng.int(600))])
  let text = base
  for (let i = 0, n = 1 + rng.int(3); i < n; i++) {
    const at = rng.int(text.length + 1)
    text = text.slice(0, at) + rng.pick(NASTY_CHARS) + text.slice(at)
  }
  return text
}

function wrongType(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () => null,
    () => true,
    () => false,
    () => [],
    () => ({}),
    () => [rng.pick(NUMBERS)],
    () => ({ value: nastyText(rng) }),
    () => rng.pick(NUMBERS),
    () => rng.pick(NUMERIC_TEXT),
    () => nastyText(rng),
  ])()
}

function nested(rng: Rng, depth: number): unknown {
  let value: unknown = rng.chance(0.5) ? nastyText(rng) : rng.pick(NUMBERS)
  for (let i = 0; i < depth; i++) value = rng.chance(0.5) ? { k: value } : [value]
  return value
}

function wide(rng: Rng, keys: number): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: keys }, (_, i) => [
      rng.chance(0.05) ? nastyText(rng) : `k${i}`,
      rng.chance(0.1) ? nastyText(rng) : i,
    ])
  )
}

/** A well-formed body of a method, for the mutations to start from. */
function validBody(rng: Rng, n: number): Record<string, any> {
  const holder = rng.int(PHONES.length)
  switch (rng.pick(["createCustomer", "readBalance", "addBalance", "setPrivileges"] as const)) {
    case "createCustomer":
      return {
        method: "createCustomer",
        customer: {
          phone: `+7999667${String(n).padStart(4, "0")}`,
          name: "Fuzz",
          surname: "Case",
          email: `fuzz${n}@example.com`,
          birthday: "1990-05-17",
          cardNumbers: [`89${String(n).padStart(4, "0")}`],
          extra: { gender: "f", promo: "P1" },
          bonus: 0,
          discount: 0,
        },
      }
    case "readBalance":
      return { method: "readBalance", customer: { phone: PHONES[holder], cardNumbers: [CARDS[holder]] } }
    case "addBalance":
      return {
        method: "addBalance",
        customer: { phone: PHONES[holder], cardNumbers: [CARDS[holder]], sum: 1.5, transactionId: `fuzz-tx-${n}` },
      }
    default:
      return { method: "setPrivileges", customer: { phone: PHONES[holder], cardNumbers: [CARDS[holder]], bonus: 3 } }
  }
}

const FIELDS = [
  "phone",
  "name",
  "surname",
  "email",
  "birthday",
  "cardNumbers",
  "cardTracks",
  "extra",
  "sum",
  "transactionId",
  "lifetime",
  "bonus",
  "discount",
  "promo",
  "user_hash",
  "referCustomerPhone",
]

/** One generated body: a raw string (sent as is) or a value (sent as JSON). */
function generate(rng: Rng, n: number): { body: unknown; what: string } {
  const body = validBody(rng, n)
  const kind = rng.pick([
    "text",
    "text",
    "number",
    "number",
    "type",
    "type",
    "deep",
    "wide",
    "method",
    "drop",
    "raw",
    "huge",
    "valid",
  ] as const)
  const field = rng.pick(FIELDS)
  switch (kind) {
    case "text":
      body.customer[field] = nastyText(rng)
      break
    case "number":
      body.customer[rng.pick(["sum", "bonus", "discount", "lifetime"])] = rng.chance(0.7)
        ? rng.pick(NUMBERS)
        : rng.pick(NUMERIC_TEXT)
      break
    case "type":
      if (rng.chance(0.2)) body.customer = wrongType(rng)
      else body.customer[field] = wrongType(rng)
      break
    case "deep": {
      const depth = rng.pick([5, 20, 29, 30, 31, 40, 200, 2000])
      if (rng.chance(0.3)) {
        // Written out by hand: JSON.stringify itself would recurse through a value this deep.
        const open = '{"a":'.repeat(depth)
        return {
          body: `{"method":"${body.method}","customer":{"phone":"${PHONES[0]}","extra":${open}1${"}".repeat(depth)}}}`,
          what: `deep raw ${depth}`,
        }
      }
      body.customer[rng.chance(0.7) ? "extra" : field] = nested(rng, Math.min(depth, 200))
      return { body, what: `deep ${Math.min(depth, 200)} in ${field}` }
    }
    case "wide":
      body.customer.extra = wide(rng, rng.pick([10, 500, 999, 1001, 3000]))
      break
    case "method":
      body.method = rng.pick([
        wrongType(rng),
        "deleteCustomer",
        "readbalance",
        nastyText(rng),
        body.method.toUpperCase(),
      ])
      break
    case "drop":
      if (rng.chance(0.5)) delete body.customer
      else delete body.customer[rng.pick(["phone", "sum", "transactionId", "bonus"])]
      break
    case "raw":
      return {
        body: rng.pick([
          "",
          " ",
          "null",
          "[]",
          '"text"',
          "42",
          '{"method":',
          "{'method':'readBalance'}",
          '{"method":"readBalance","customer":{"phone":"+79996660001"}}x',
          '{"method":"readBalance","customer":{"phone":"\\ud800"}}',
          '{"method":"readBalance","customer":{"phone":"\\u0000"}}',
          '{"a":' + "[".repeat(rng.int(100)),
          "\u0000",
          "\ufeff{}",
        ]),
        what: "raw",
      }
    case "huge":
      body.customer.name = "x".repeat(rng.pick([1000, 70_000]))
      break
    case "valid":
      break
  }
  return { body, what: `${kind} ${field}` }
}

storeTestRunner({
  env: storeEnv({ WALLET_PASS_HOOK_LOGIN: HOOKS.login, WALLET_PASS_HOOK_PASSWORD: HOOKS.password }),
  testSuite: ({ api, getContainer }) => {
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    it(`${CASES} generated hook bodies: no 500, nothing written for a refused one, every refusal on record`, async () => {
      console.log(`[hooks-fuzz] seed ${SEED}, ${CASES} bodies (replay: FUZZ_SEED=${SEED})`)
      const rng = prng(SEED)
      const baseUrl = api.defaults.baseURL
      for (const [i, phone] of PHONES.entries()) {
        const res = await postHook(
          baseUrl,
          { method: "createCustomer", customer: { phone, name: "Holder", cardNumbers: [CARDS[i]] } },
          GOOD
        )
        expect(res.status).toBe(200)
      }
      const logged = await waitFor(
        async () => (await walletPass().listWalletPassHookDeliveries({})).length === PHONES.length,
        "setup logged"
      )
      expect(logged).toBe(true)

      const problems: string[] = []
      const refusedAnswers: { status: number; error: string }[] = []
      let unauthenticated = 0
      let accepted = 0
      for (let n = 0; n < CASES; n++) {
        const { body, what } = generate(rng, n)
        const anonymous = rng.chance(0.08)
        const headers = anonymous
          ? { authorization: rng.pick(["", basicAuth(HOOKS.login, "guess"), "Bearer x", "Basic \u00ff"]) }
          : GOOD
        const before = await writtenCounts(getContainer())
        const res = await postHook(baseUrl, body, headers).catch((e: Error) => ({ status: 0, data: e.message }))
        const label = `#${n} (${what}${anonymous ? ", unauthenticated" : ""}): ${res.status} ${JSON.stringify(res.data).slice(0, 160)}`
        if (res.status >= 500 || res.status === 0) problems.push(`server failed ${label}`)
        if (res.status === 200) {
          accepted++
          continue
        }
        if (res.status < 400 || typeof res.data?.error !== "string" || !res.data.error)
          problems.push(`no { error } in ${label}`)
        if (JSON.stringify(await writtenCounts(getContainer())) !== JSON.stringify(before))
          problems.push(`a refused body wrote: ${label}`)
        if (res.status === 401 || res.status === 403) unauthenticated++
        else refusedAnswers.push({ status: res.status, error: res.data.error })
      }
      console.log(
        `[hooks-fuzz] ${accepted} accepted, ${refusedAnswers.length} refused, ${unauthenticated} unauthenticated`
      )
      expect(problems).toEqual([])

      // Every authenticated delivery has its line (written just after its answer), refusals
      // with their error; unauthenticated ones are counted per minute.
      const authenticated = PHONES.length + accepted + refusedAnswers.length
      const rows = await waitFor(
        async () => {
          const all = await walletPass().listWalletPassHookDeliveries({}, { take: 10_000 })
          return all.length >= authenticated && all
        },
        `${authenticated} delivery log lines`,
        30_000
      )
      expect(rows).toHaveLength(authenticated)
      const tally = (items: { status: number; error: string | null }[]) =>
        items.reduce(
          (m, r) => m.set(`${r.status} ${r.error}`, (m.get(`${r.status} ${r.error}`) ?? 0) + 1),
          new Map<string, number>()
        )
      const onRecord = tally(
        rows.filter((r) => r.status_code !== 200).map((r) => ({ status: r.status_code, error: r.error }))
      )
      expect(onRecord).toEqual(tally(refusedAnswers))
      await waitFor(
        async () => {
          const minutes = await walletPass().listWalletPassHookRefusals({})
          return minutes.reduce((sum, m) => sum + m.refused, 0) === unauthenticated
        },
        `${unauthenticated} unauthenticated deliveries counted`,
        10_000
      )
    })
  },
})
