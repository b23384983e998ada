import fc from "fast-check"
import { createCollectionsWorkflow, updateProductsWorkflow } from "@medusajs/core-flows"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"
import { judge } from "../support/model-history-judge"
import {
  CARD_VARIABLES,
  commands,
  DEFAULT_RATE,
  earnTarget,
  earningSaved,
  ITEM,
  LEVELS,
  sweepLost,
  type Ctx,
  type World,
  historyEnv,
  newWorld,
  runSize,
} from "../support/model-history"

// Model-based tests (docs/development.md, "The model of the rules"): random histories of
// signups, phone proofs, orders, cancels, returns, service rate changes, service credits and
// write-offs with a lifetime, and orders whose order.placed was lost (the order sweep's case),
// played against the real store and the emulated service; after each history the store's
// ledger must be what the model of the rules (integration-tests/model, written from the docs)
// says, the service's balance the ledger's, no request left waiting, and the card's texts the model's.
// MODEL_SEED replays a run; MODEL_RUNS sets how many histories (default 6).
// `npm test` plays a fixed seed (its histories known to agree with the plugin on main), so a
// plugin bug the model found and its owner has not fixed yet cannot turn the suite red at random
// (the model's README lists them); MODEL_SEED=random explores, MODEL_SEED=<n> replays.
const { SEED, RUNS, MAX_COMMANDS } = runSize({ seed: 6, runs: 6, commands: 12 })

const { service, env, storeInFront } = externalCrmService("model-histories-key", {
  ...historyEnv(),
  // The sweep runs when a history asks for it, through the admin route.
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store } = storeInFront({ api, getContainer }, { seed: { itemPrice: ITEM / 100, countryCode: "ru" } })
    // The seeded product in a collection, for the histories' earn rules (SaveEarning).
    beforeAll(async () => {
      const { result } = await createCollectionsWorkflow(getContainer()).run({
        input: { collections: [{ title: "Model collection", handle: "model-collection" }] },
      })
      earnTarget.collection = result[0].id
      await updateProductsWorkflow(getContainer()).run({
        input: { selector: { id: store.productId }, update: { collection_id: earnTarget.collection } },
      })
    })

    /** Plays one history against the store and the model, then judges it. */
    async function play(cmds: Iterable<fc.AsyncCommand<World, World>>): Promise<World> {
      const world = newWorld()
      if (earningSaved.value) {
        // A history starts without earn rules, as its model does: a rule an earlier history saved goes.
        await api.post("/admin/wallet-pass/program", { earning: null }, ctxOf!.admin)
        earningSaved.value = false
      }
      await fc.asyncModelRun(() => ({ model: world, real: world }), cmds)
      await sweepLost(ctxOf!, world) // a history ends with its lost events caught
      await judge(ctxOf!, world)
      return world
    }

    let ctxOf: Ctx | undefined
    const context = async (): Promise<Ctx> =>
      (ctxOf = {
        api: api as never,
        container: getContainer,
        store,
        admin: await createAdminHeaders(getContainer()),
        service,
        seed: SEED,
      })

    it(`random histories (MODEL_SEED=${SEED} MODEL_RUNS=${RUNS}) end where the model of the rules says`, async () => {
      // eslint-disable-next-line no-console
      console.log(`model-histories: MODEL_SEED=${SEED} MODEL_RUNS=${RUNS} MODEL_COMMANDS=${MAX_COMMANDS}`)
      const ctx = await context()
      const history = commands(ctx, MAX_COMMANDS)
      let histories = 0
      let operations = 0
      const steps = new Map<string, number>()
      await fc.assert(
        fc.asyncProperty(history.arbitrary, async (cmds) => {
          histories++
          // Every history starts with a customer: the commands before one would be skipped.
          const { log } = await play([new history.SignUp(), ...cmds])
          operations += log.length
          for (const step of log) steps.set(step.split("(")[0], (steps.get(step.split("(")[0]) ?? 0) + 1)
        }),
        // Shrinking replays smaller histories against the store: minutes, so only when asked (MODEL_SHRINK=1).
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.MODEL_SHRINK !== "1", verbose: true }
      )
      // eslint-disable-next-line no-console
      console.log(
        `model-histories: ${histories} histories, ${operations} operations (${[...steps].map(([k, n]) => `${k} ${n}`).join(", ")}), 0 mismatches`
      )
    })

    // A fixed history through a campaign (random ones may not buy while one runs): an order on
    // the collection in a running ×1.5 campaign, then one after an ended campaign is saved.
    it("a campaign running on the collection multiplies an order's bonus as the model says; an ended one does not", async () => {
      const { SignUp, Prove, SaveEarning, Buy, Return } = commands(await context(), MAX_COMMANDS)
      await play([
        new SignUp(),
        new Prove(0),
        new SaveEarning("campaign"),
        new Buy(0, 2, false),
        new SaveEarning("campaignEnded"),
        new Buy(0, 1, false),
        new Return(0),
      ])
    })

    // REGRESSION (issue 39, item 1), found by the model: an order whose order.placed was lost
    // at 3 % was credited by the sweep at the 7 % set after it was placed (accrual 233, not 99).
    it("regression, issue 39 item 1: a lost order is decided by the sweep at the rate in force when it was placed", async () => {
      const { SignUp, Prove, SetRate, Buy, Sweep } = commands(await context(), MAX_COMMANDS)
      await play([new SignUp(), new Prove(0), new SetRate(0, 3), new Buy(0, 1, true), new SetRate(0, 7), new Sweep()])
    })

    // REGRESSION (the model's finding 4): an unproven account whose phone the service gives 0 %
    // earns the program's default, but the sweep passed over its lost order (it asked the
    // holder's own rate, 0, before the rule that decides the order was asked).
    it("regression, the model's finding 4: an unproven account's lost order is credited by the sweep at the program's default", async () => {
      const { SignUp, SetRate, Buy, Sweep } = commands(await context(), MAX_COMMANDS)
      await play([new SignUp(), new SetRate(0, 0), new Buy(0, 2, true), new Sweep()])
    })
  },
})
