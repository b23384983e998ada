import fc from "fast-check"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import expireWalletPassCredits from "../../src/jobs/expire-wallet-pass-credits"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { LoyaltyModel, type ModelProgram } from "../model/loyalty-model"
import type { ModelCampaign, ModelEarnRule } from "../model/earning-model"
import { externalCrmService, signUpEnrolled, waitFor } from "./hooks"
import { afterSubscribers, createCart, placeOrder, shipAndReturn, type StoreHeaders } from "./store"

// The random histories' world, commands and judge (docs/development.md, "The model of the rules"),
// shared by http/model-histories.spec.ts and http/model-histories-pending.spec.ts (the judge:
// model-history-judge.ts).

/** The emulated service a history plays against. */
export type CrmService = ReturnType<typeof externalCrmService>["service"]

export const DEFAULT_RATE = 5
export const ITEM = 3333 // hundredths: 33.33, so every rate rounds
export const SHIPPING = 1000
/** Base from 0, Silver from 50, Gold from 150 (hundredths): a few orders of 33.33 + 10 climb them. */
export const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 0, discountPercent: 0 },
  { name: "Silver", threshold: 5000, bonusPercent: 0, discountPercent: 0 },
  { name: "Gold", threshold: 15000, bonusPercent: 0, discountPercent: 0 },
]
export const CARD_VARIABLES = {
  tier: "level",
  next_tier: "nextLevel",
  to_next: "toNextLevel",
  spent: "spend",
  lapsing: "expiringAmount",
}

/**
 * A run's size from the environment: MODEL_SEED replays (MODEL_SEED=random explores),
 * MODEL_RUNS histories of at most MODEL_COMMANDS steps; the spec's defaults otherwise. Sets the
 * test's timeout: at most 10 s a step (a step takes 1–4 s on a loaded machine), never under 10 minutes.
 */
export function runSize(defaults: { seed: number; runs: number; commands: number }) {
  const env = process.env
  const seed =
    env.MODEL_SEED === "random" ? Date.now() % 2 ** 31 : env.MODEL_SEED ? Number(env.MODEL_SEED) : defaults.seed
  const runs = env.MODEL_RUNS ? Number(env.MODEL_RUNS) : defaults.runs
  const commands = env.MODEL_COMMANDS ? Number(env.MODEL_COMMANDS) : defaults.commands
  jest.setTimeout(Math.max(600_000, runs * (commands + 1) * 10_000))
  return { SEED: seed, RUNS: runs, MAX_COMMANDS: commands }
}

/** The store's settings the histories play under (the spec adds its own). */
export const historyEnv = (): Record<string, string> => ({
  WALLET_PASS_BONUS_PERCENT: String(DEFAULT_RATE),
  WALLET_PASS_CURRENCY_CODE: "eur",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "1",
  // Every code a history asks for goes (all from loopback): the limits are not what it judges.
  WALLET_PASS_TEXTS: JSON.stringify({
    perAddress: { perHour: 10_000, perDay: 10_000 },
    storePerHour: 10_000,
    networkShare: 1,
    rangeShare: 1,
    freshShare: 0,
  }),
  // Levels by spend (shown on the card; the service owns the rates, so they change none).
  WALLET_PASS_PROGRAM: JSON.stringify({
    ratesOwner: "service",
    tiers: { levels: LEVELS.map((l) => ({ ...l, threshold: l.threshold / 100 })) },
  }),
  WALLET_PASS_PASS: JSON.stringify({ variables: CARD_VARIABLES, locale: "en-US" }),
})

export type Holder = { key: string; phone: string; customerId: string; holderId: string; headers: StoreHeaders }
/**
 * `lost`: its order.placed never reached the subscribers and no sweep has run since.
 * `at`: when the history placed it (its model time); `matured`: its pending days made to pass.
 */
export type Order = {
  id: string
  holder: string
  quantity: number
  state: "open" | "canceled" | "returned"
  lost: boolean
  at: number
  matured?: boolean
}

/** One history's world: the model beside what the real store gave each name. */
export type World = {
  model: LoyaltyModel
  holders: Holder[]
  proven: Set<string>
  orders: Order[]
  log: string[]
  /** The history's clock: the wall clock, but strictly increasing (two steps in one millisecond stay in order). */
  clock: number
}

/** A history's empty world, its model configured as the store (`pendingDays`: the store's `accrual.pendingDays`). */
export const newWorld = (pendingDays?: number): World => ({
  model: new LoyaltyModel({
    defaultBonusPercent: DEFAULT_RATE,
    maxOrderPercent: 0,
    ...(pendingDays && { pendingDays }),
    program: { ratesOwner: "service", levels: LEVELS, windowDays: null },
  }),
  holders: [],
  proven: new Set(),
  orders: [],
  log: [],
  clock: 0,
})

export const tick = (w: World) => (w.clock = Math.max(Date.now(), w.clock + 1))

export type Api = { post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any }> }
export type Ctx = {
  api: Api & Parameters<typeof placeOrder>[0]
  container: () => MedusaContainer
  store: any
  admin: { headers: Record<string, string> }
  service: CrmService
  /** The run's seed: part of its phones and transaction ids. */
  seed: number
}

/** The seeded product's collection (made in beforeAll): what the histories' earn rules target. */
export const earnTarget = { collection: "" }
/** The earn rules a history may save on that collection (docs/program.md, "Earn rules"). */
const EARN_CHOICES: Record<string, ModelEarnRule["earn"] | null> = {
  none: { none: true },
  double: { multiplier: 2 },
  percent10: { percent: 10 },
  cleared: null,
  // A campaign on the collection ×1.5, running now (a day before to a day after), or one that
  // ended yesterday (docs/program.md, "Campaigns"); no rule beside it.
  campaign: null,
  campaignEnded: null,
}
export const DAY_MS = 24 * 3600_000
/** A local date-time of the program's zone (UTC here), as campaigns are written: "YYYY-MM-DDTHH:mm". */
const utcLocal = (ms: number) => new Date(ms).toISOString().slice(0, 16)
/** The campaigns a choice saves, with times from now. */
export function campaignsOf(choice: string): ModelCampaign[] {
  const now = Date.now()
  if (choice === "campaign") {
    return [
      {
        id: "ec_run",
        multiplier: 1.5,
        start: utcLocal(now - DAY_MS),
        end: utcLocal(now + DAY_MS),
        collections: [earnTarget.collection],
      },
    ]
  }
  if (choice === "campaignEnded") {
    return [
      {
        id: "ec_ended",
        multiplier: 3,
        start: utcLocal(now - 2 * DAY_MS),
        end: utcLocal(now - DAY_MS),
        collections: [],
      },
    ]
  }
  return []
}
/** The program the histories start from, as the model reads it. */
export const modelProgram = (earn: ModelEarnRule["earn"] | null, campaigns: ModelCampaign[] = []): ModelProgram => ({
  ratesOwner: "service",
  levels: LEVELS,
  windowDays: null,
  earning: {
    rules: earn ? [{ id: "r", kind: "collection", target: earnTarget.collection, earn }] : [],
    giftCards: { earn: false, redeem: false },
    campaigns,
    timeZone: "UTC",
  },
})

/** Whether a history saved earn rules (the next one starts by clearing them). */
export const earningSaved = { value: false }
let phoneSerial = 0
let transactionSerial = 0
/** Each history its own phones, so histories share the store but no holder. */
const nextPhone = (seed: number) =>
  `+7999${String(seed % 1000).padStart(3, "0")}${String(++phoneSerial).padStart(4, "0")}`

/** Drops order.placed from Medusa's event bus until restored (as order-sweep.spec.ts does). */
export function dropPlaced(container: MedusaContainer): () => void {
  const bus = container.resolve(Modules.EVENT_BUS) as unknown as { emit: (e: unknown, o?: unknown) => unknown }
  const emit = bus.emit
  bus.emit = async function (events: unknown, options?: unknown) {
    const kept = ((Array.isArray(events) ? events : [events]) as { name: string }[]).filter(
      (e) => e.name !== "order.placed"
    )
    return kept.length ? emit.call(this, kept, options) : undefined
  }
  return () => {
    bus.emit = emit
  }
}

export function commands(ctx: Ctx, maxCommands: number) {
  const holderAt = (w: World, i: number) => w.holders[i % w.holders.length]
  // A cancel or return of an order the sweep has not caught yet is order-sweep.spec's case, not this one's.
  const openOrders = (w: World) => w.orders.filter((o) => o.state === "open" && !o.lost)

  class SignUp implements fc.AsyncCommand<World, World> {
    check = (w: Readonly<World>) => w.holders.length < 3
    async run(w: World) {
      w.log.push(this.toString())
      const phone = nextPhone(ctx.seed)
      const key = `h${w.holders.length}`
      const { customer, headers, holder } = await signUpEnrolled(ctx.api, ctx.store, ctx.container(), {
        email: `${phone.slice(1)}@model.example`,
        phone,
      })
      w.holders.push({ key, phone, customerId: customer.id, holderId: holder.id, headers })
      w.model.apply({ type: "signup", at: tick(w), holder: key })
    }
    toString = () => "signUp"
  }

  class Prove implements fc.AsyncCommand<World, World> {
    constructor(readonly i: number) {}
    check = (w: Readonly<World>) => w.holders.length > 0 && !w.proven.has(holderAt(w as World, this.i).key)
    async run(w: World) {
      w.log.push(this.toString())
      const h = holderAt(w, this.i)
      const asked = await ctx.api.post("/store/customers/me/wallet-pass/verification", {}, { headers: h.headers })
      expect(asked.data).toBeDefined()
      const sms = await waitFor(
        async () => ctx.service.emulator.snapshot().sms.find((s) => s.phone === h.phone),
        "the code's text",
        30_000
      )
      const confirmed = await ctx.api.post(
        "/store/customers/me/wallet-pass/verification/confirm",
        { code: /(\d{6})/.exec(sms.text)![1] },
        { headers: h.headers }
      )
      expect(confirmed.data).toMatchObject({ verified: true })
      w.proven.add(h.key)
      w.model.apply({ type: "prove", at: tick(w), holder: h.key })
    }
    toString = () => `prove(${this.i})`
  }

  class SetRate implements fc.AsyncCommand<World, World> {
    constructor(
      readonly i: number,
      readonly bonus: number
    ) {}
    check = (w: Readonly<World>) => w.holders.length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const h = holderAt(w, this.i)
      const applied = waitForEvent(ctx.container(), "wallet_pass.privileges_changed")
      const { hooks } = await ctx.service.emulator.setPrivileges({ phone: h.phone, bonus: this.bonus })
      expect(hooks.map((x) => x.status)).toEqual([200])
      await applied.catch(() => undefined) // an unchanged rate announces nothing
      w.model.apply({ type: "setPrivileges", at: tick(w), holder: h.key, bonus: this.bonus })
    }
    toString = () => `setPrivileges(${this.i}, bonus ${this.bonus})`
  }

  class Buy implements fc.AsyncCommand<World, World> {
    constructor(
      readonly i: number,
      readonly quantity: number,
      readonly dropped: boolean
    ) {}
    check = (w: Readonly<World>) => w.holders.length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const h = holderAt(w, this.i)
      const cart = await createCart(ctx.api, ctx.store, h.headers, { quantity: this.quantity })
      let orderId: string
      const at = tick(w)
      if (this.dropped) {
        const restore = dropPlaced(ctx.container())
        try {
          orderId = (await placeOrder(ctx.api, ctx.store, h.headers, cart.id)).id
        } finally {
          restore()
        }
      } else {
        const placed = waitForEvent(ctx.container(), "order.placed")
        orderId = (await placeOrder(ctx.api, ctx.store, h.headers, cart.id)).id
        await placed
      }
      w.orders.push({ id: orderId, holder: h.key, quantity: this.quantity, state: "open", lost: this.dropped, at })
      const base = ITEM * this.quantity
      const lines = [{ base, quantity: this.quantity, collection: earnTarget.collection }]
      w.model.apply({
        type: "order",
        at,
        holder: h.key,
        order: orderId,
        base,
        total: base + SHIPPING,
        items: base,
        lines,
      })
    }
    toString = () => `order(${this.i}, ×${this.quantity}${this.dropped ? ", order.placed lost" : ""})`
  }

  class Sweep implements fc.AsyncCommand<World, World> {
    check = (w: Readonly<World>) => w.orders.some((o) => o.lost)
    async run(w: World) {
      w.log.push(this.toString())
      await sweepLost(ctx, w)
    }
    toString = () => "sweep"
  }

  /**
   * Time moves on for the holder's credits: as card-texts.spec does, every credit with a
   * lifetime gets a lapse time just past, then the expiry job runs.
   */
  class Lapse implements fc.AsyncCommand<World, World> {
    constructor(readonly i: number) {}
    check = (w: Readonly<World>) => w.holders.length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const h = holderAt(w, this.i)
      const at = tick(w)
      await ctx
        .container()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '1 second'
            WHERE holder_id = ? AND expires_at IS NOT NULL AND expired_at IS NULL`,
          [h.holderId]
        )
      await expireWalletPassCredits(ctx.container())
      w.model.apply({ type: "lapseAll", at, holder: h.key })
    }
    toString = () => `lapse(${this.i})`
  }

  class Cancel implements fc.AsyncCommand<World, World> {
    constructor(readonly j: number) {}
    check = (w: Readonly<World>) => openOrders(w as World).length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const o = openOrders(w)[this.j % openOrders(w).length]
      await afterSubscribers(ctx.container(), "order.canceled", () =>
        ctx.api.post(`/admin/orders/${o.id}/cancel`, {}, ctx.admin)
      )
      o.state = "canceled"
      w.model.apply({ type: "cancel", at: tick(w), order: o.id })
    }
    toString = () => `cancel(${this.j})`
  }

  class Return implements fc.AsyncCommand<World, World> {
    constructor(readonly j: number) {}
    check = (w: Readonly<World>) => openOrders(w as World).length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const o = openOrders(w)[this.j % openOrders(w).length]
      const { data } = await (ctx.api as any).get(`/admin/orders/${o.id}`, ctx.admin)
      await shipAndReturn(ctx.api as never, ctx.container(), ctx.store, ctx.admin, data.order, 1)
      o.state = "returned"
      // One item of the order's one line comes back: its share of the line's bonus (docs/program.md, "Returns").
      w.model.apply({ type: "return", at: tick(w), order: o.id, share: ITEM, lines: [{ line: 0, quantity: 1 }] })
    }
    toString = () => `return(${this.j}, one item)`
  }

  class ServiceBalance implements fc.AsyncCommand<World, World> {
    constructor(
      readonly i: number,
      readonly sum: number,
      readonly lifetimeDays: number | null
    ) {}
    check = (w: Readonly<World>) => w.holders.length > 0
    async run(w: World) {
      w.log.push(this.toString())
      const h = holderAt(w, this.i)
      const transactionId = `model-${ctx.seed}-${++transactionSerial}`
      const taken = waitForEvent(ctx.container(), "wallet_pass.balance_changed")
      const { hooks } = await ctx.service.emulator.adjustBalance({
        phone: h.phone,
        sum: this.sum / 100,
        transactionId,
        ...(this.sum > 0 && this.lifetimeDays !== null && { lifetime: this.lifetimeDays }),
      })
      expect(hooks[0]?.status).toBe(200)
      await taken
      w.model.apply({
        type: "serviceBalance",
        at: tick(w),
        holder: h.key,
        key: transactionId,
        amount: this.sum,
        lifetimeDays: this.lifetimeDays,
      })
    }
    toString = () =>
      `service ${this.sum > 0 ? "credit" : "write-off"}(${this.i}, ${this.sum}${this.lifetimeDays ? `, ${this.lifetimeDays} days` : ""})`
  }

  /** The admin saves an earn rule on the seeded product's collection (or clears the rules): later orders follow it. */
  class SaveEarning implements fc.AsyncCommand<World, World> {
    constructor(readonly choice: keyof typeof EARN_CHOICES) {}
    check = () => true
    async run(w: World) {
      w.log.push(this.toString())
      const earn = EARN_CHOICES[this.choice]
      const rules = earn ? [{ target: { kind: "collection", id: earnTarget.collection }, earn }] : []
      const campaigns = campaignsOf(this.choice)
      await ctx.api.post(
        "/admin/wallet-pass/program",
        { earning: { rules, campaigns: campaigns.map((c) => ({ ...c, name: c.id })) } },
        ctx.admin
      )
      earningSaved.value = true
      w.model.apply({ type: "programSave", at: tick(w), program: modelProgram(earn, campaigns) })
    }
    toString = () => `saveEarning(${this.choice})`
  }

  const i = fc.nat({ max: 5 })
  const arbitrary = fc.commands(
    [
      fc.constant(new SignUp()),
      fc.constant(new SignUp()),
      i.map((x) => new Prove(x)),
      fc.tuple(i, fc.constantFrom(0, 3, 7)).map(([x, b]) => new SetRate(x, b)),
      fc.tuple(i, fc.integer({ min: 1, max: 2 }), fc.boolean()).map(([x, q, d]) => new Buy(x, q, d)),
      fc.tuple(i, fc.integer({ min: 1, max: 2 }), fc.constant(false)).map(([x, q, d]) => new Buy(x, q, d)),
      fc.constant(new Sweep()),
      i.map((x) => new Lapse(x)),
      i.map((x) => new Cancel(x)),
      i.map((x) => new Return(x)),
      fc
        .tuple(i, fc.constantFrom(250, 1000, -300), fc.constantFrom(null, 30))
        .map(([x, s, l]) => new ServiceBalance(x, s, l)),
      fc.constantFrom(...(Object.keys(EARN_CHOICES) as (keyof typeof EARN_CHOICES)[])).map((c) => new SaveEarning(c)),
    ],
    { maxCommands, size: "large" }
  )
  return { arbitrary, SignUp, Prove, SetRate, Buy, Sweep, Lapse, Cancel, Return, ServiceBalance, SaveEarning }
}

/**
 * Runs the order sweep (admin route) until every lost order event of the history is decided
 * (docs/loyalty.md, "Decided once, at placement": the decision is recorded, nothing included).
 * One run may find only some: an order is the sweep's only once its event's grace has passed.
 */
export async function sweepLost(ctx: Ctx, w: World) {
  const lost = w.orders.filter((o) => o.lost).map((o) => o.id)
  if (!lost.length) return
  const walletPass = ctx.container().resolve(WALLET_PASS_MODULE)
  await waitFor(
    async () => {
      await ctx.api.post("/admin/wallet-pass/order-sweep", {}, ctx.admin)
      const decided = await walletPass.listWalletPassOrderDecisions({ order_id: lost }, { select: ["order_id"] })
      return new Set(decided.map((d) => d.order_id)).size === lost.length
    },
    "sweeps that decide every lost order.placed",
    30_000
  )
  for (const o of w.orders) o.lost = false
}

export function waitForEvent(container: MedusaContainer, name: string, timeoutMs = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs)
  })
  const done = TestEventUtils.waitSubscribersExecution(name, container.resolve(Modules.EVENT_BUS) as never)
  return Promise.race([done, timeout]).finally(() => clearTimeout(timer))
}
