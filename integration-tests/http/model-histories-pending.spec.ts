import fc from "fast-check"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { maturePendingBonuses } from "../../src/workflows/ledger/mature-pending-bonus"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"
import { judge } from "../support/model-history-judge"
import {
  CARD_VARIABLES,
  commands,
  DAY_MS,
  DEFAULT_RATE,
  LEVELS,
  type Ctx,
  type World,
  historyEnv,
  newWorld,
  runSize,
} from "../support/model-history"

// Model-based tests with a pending bonus (docs/loyalty.md, "Pending bonus"; docs/development.md,
// "The model of the rules"): the store runs with `accrual.pendingDays: 14` and the model of the
// rules with the same days; random histories of signups, phone proofs, rate changes, orders,
// cancels and returns (inside the days or after them), service credits and write-offs, and
// "the days pass" for one of the history's orders: a test-only SQL update sets the pending
// until of it and of every order placed before it into the past, then the maturity runs as its
// job does (maturePendingBonuses); the model gets its `mature` event at that order's placement
// plus the days. After each history the judge of model-histories.spec.ts holds, and the store's
// pending (the shopper's route and the admin's) is the model's `pending(holder)`.
// MODEL_SEED replays a run (MODEL_SEED=random explores); MODEL_RUNS and MODEL_COMMANDS size it.
const { SEED, RUNS, MAX_COMMANDS } = runSize({ seed: 44, runs: 4, commands: 10 })
const PENDING_DAYS = 14

const { service, env, storeInFront } = externalCrmService("model-histories-pending-key", {
  ...historyEnv(),
  WALLET_PASS_PENDING_DAYS: String(PENDING_DAYS),
  // No sweep: a pending order is the maturity's (pending-bonus.spec.ts), and no order event is lost here.
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

/** "The days pass" for an order of the history not matured yet, and for every order placed before it. */
function daysPass(ctx: Ctx) {
  return class DaysPass implements fc.AsyncCommand<World, World> {
    constructor(readonly j: number) {}
    check = (w: Readonly<World>) => w.orders.some((o) => !o.matured)
    async run(w: World) {
      w.log.push(this.toString())
      const waiting = w.orders.filter((o) => !o.matured)
      const o = waiting[this.j % waiting.length]
      const due = w.orders.filter((x) => x.at <= o.at)
      // Test-only: their pending days over, as if they had passed (the maturity reads the database's clock).
      await ctx
        .container()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `UPDATE wallet_pass_order_decision SET pending_until = now() - interval '1 second'
            WHERE order_id IN (${due.map(() => "?").join(", ")}) AND pending_until IS NOT NULL`,
          due.map((x) => x.id)
        )
      await maturePendingBonuses(ctx.container())
      for (const x of due) x.matured = true
      w.model.apply({ type: "mature", at: o.at + PENDING_DAYS * DAY_MS })
    }
    toString = () => `daysPass(${this.j})`
  }
}

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store } = storeInFront({ api, getContainer }, { seed: { itemPrice: 33.33, countryCode: "ru" } })

    let ctx: Ctx
    beforeAll(async () => {
      ctx = {
        api: api as never,
        container: getContainer,
        store,
        admin: await createAdminHeaders(getContainer()),
        service,
        seed: SEED,
      }
    })

    /** How many holders the judge found with a bonus still pending, and with a matured one (the run's summary). */
    const seen = { pending: 0, matured: 0, closedWaiting: 0 }
    /** Counts the cancels and returns of an order whose bonus still waited (the run's summary). */
    const countingWaiting = <C extends fc.AsyncCommand<World, World>>(cmd: C): C => {
      const run = cmd.run.bind(cmd)
      cmd.run = async (w: World) => {
        const waiting = w.orders.filter((o) => o.state === "open" && !o.matured)
        await run(w)
        seen.closedWaiting += waiting.filter((o) => o.state !== "open").length
      }
      return cmd
    }
    /** The store's pending bonus of each holder, as the shopper and the merchant see it, is the model's. */
    async function judgePending(w: World) {
      for (const h of w.holders) {
        const shopper = (await api.get("/store/customers/me/wallet-pass", { headers: h.headers })).data.wallet_pass
        const merchant = (await api.get(`/admin/customers/${h.customerId}/wallet-pass`, ctx.admin)).data
        const expected = w.model.pending(h.key) / 100
        if (expected) seen.pending++
        if (w.model.ledger(h.key).some((e) => e.kind === "accrual")) seen.matured++
        expect({ holder: h.key, shopper: shopper.pending ?? 0, merchant: merchant.pending?.amount ?? 0 }).toEqual({
          holder: h.key,
          shopper: expected,
          merchant: expected,
        })
      }
    }

    /** Plays one history against the store and the model, then judges it. */
    async function play(cmds: Iterable<fc.AsyncCommand<World, World>>): Promise<World> {
      const world = newWorld(PENDING_DAYS)
      await fc.asyncModelRun(() => ({ model: world, real: world }), cmds)
      await judge(ctx, world)
      await judgePending(world)
      return world
    }

    it(`random histories with a pending bonus (MODEL_SEED=${SEED} MODEL_RUNS=${RUNS}) end where the model says`, async () => {
      // eslint-disable-next-line no-console
      console.log(`model-histories-pending: MODEL_SEED=${SEED} MODEL_RUNS=${RUNS} MODEL_COMMANDS=${MAX_COMMANDS}`)
      const { SignUp, Prove, SetRate, Buy, Cancel, Return, ServiceBalance } = commands(ctx, MAX_COMMANDS)
      const DaysPass = daysPass(ctx)
      const i = fc.nat({ max: 5 })
      const arbitrary = fc.commands(
        [
          fc.constant(new SignUp()),
          i.map((x) => new Prove(x)),
          fc.tuple(i, fc.constantFrom(0, 3, 7)).map(([x, b]) => new SetRate(x, b)),
          fc.tuple(i, fc.integer({ min: 1, max: 2 })).map(([x, q]) => new Buy(x, q, false)),
          fc.tuple(i, fc.integer({ min: 1, max: 2 })).map(([x, q]) => new Buy(x, q, false)),
          fc.tuple(i, fc.integer({ min: 1, max: 2 })).map(([x, q]) => new Buy(x, q, false)),
          i.map((x) => countingWaiting(new Cancel(x))),
          i.map((x) => countingWaiting(new Return(x))),
          i.map((x) => countingWaiting(new Return(x))),
          i.map((x) => new DaysPass(x)),
          fc
            .tuple(i, fc.constantFrom(250, -300), fc.constantFrom(null, 30))
            .map(([x, s, l]) => new ServiceBalance(x, s, l)),
        ],
        { maxCommands: MAX_COMMANDS, size: "large" }
      )
      let histories = 0
      let operations = 0
      const steps = new Map<string, number>()
      await fc.assert(
        fc.asyncProperty(arbitrary, async (cmds) => {
          histories++
          // Every history starts with a customer and an order: the commands before them would be skipped.
          const world = await play([new SignUp(), new Buy(0, 1, false), ...cmds])
          operations += world.log.length
          for (const step of world.log) steps.set(step.split("(")[0], (steps.get(step.split("(")[0]) ?? 0) + 1)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.MODEL_SHRINK !== "1", verbose: true }
      )
      // eslint-disable-next-line no-console
      console.log(
        `model-histories-pending: ${histories} histories, ${operations} operations (${[...steps].map(([k, n]) => `${k} ${n}`).join(", ")}), holders judged with a bonus pending ${seen.pending}, with one matured ${seen.matured}, cancels and returns of a waiting bonus ${seen.closedWaiting}, 0 mismatches`
      )
    })

    // A fixed history with each case (random ones may miss some): a cancel and a return while the
    // bonus waits, an order matured alone, a return after its bonus matured, one still waiting.
    it("a fixed history: cancel and return inside the days, maturity, a return after it, one still pending", async () => {
      const { SignUp, Prove, Buy, Cancel, Return } = commands(ctx, MAX_COMMANDS)
      const DaysPass = daysPass(ctx)
      const world = await play([
        new SignUp(),
        new Prove(0),
        new Buy(0, 2, false), // o0
        new Buy(0, 2, false), // o1
        new Buy(0, 1, false), // o2
        new Cancel(1), // o1, waiting
        new Return(0), // o0, one item, waiting
        new DaysPass(0), // o0 alone
        new Buy(0, 2, false), // o3
        new DaysPass(2), // o3 and every order before it
        new Return(1), // o3, after its bonus matured
        new Buy(0, 1, false), // o4, still waiting
      ])
      // Every step ran (none skipped by its check), and a bonus still waits at the end.
      expect(world.log).toHaveLength(12)
      expect(world.model.pending("h0")).toBeGreaterThan(0)
    })
  },
})
