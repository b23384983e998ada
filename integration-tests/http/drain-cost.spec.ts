import { AsyncLocalStorage } from "node:async_hooks"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { OPERATION_PRIORITY, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { emulatedServiceBeforeStore, storeEnv, waitFor } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// What the drain costs the database per request it sends: calls into the walletPass module
// and SQL statements, counted over a queue of balance/add requests (the busiest request).
// docs/architecture.md ("The drain") states the protocol: prepare under the send lock,
// claim, record: at most 3 module calls per request. The figures are printed for the
// performance notes; the test fails when the protocol is not kept.

const APP_KEY = "drain-cost-key"
const REQUESTS = 30
const HOLDERS = 3

const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: "unlimited" })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify({ perSecond: 1000, perHour: 1_000_000 }),
    WALLET_PASS_HOOK_LOGIN: "svc",
    WALLET_PASS_HOOK_PASSWORD: "hook-pw-drain",
    // The scheduled drain would race the measured one: a call joins a drain already running
    // (outside this test's async context), and then nothing is counted.
    WALLET_PASS_DISPATCHER_ENABLED: "false",
    // Each change its own request: the protocol's cost per request is what is measured here
    // (coalesced, the 30 would go as 3 balance sets: integration-tests/http/coalesce.spec.ts).
    WALLET_PASS_COALESCE: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    it(`sends ${REQUESTS} balance/add requests with at most 3 module calls each`, async () => {
      const container = getContainer()
      // The emulator's external-CRM mode answers a balance change only with a hook to echo it to.
      service.emulator.setWebhook({
        url: `${api.defaults.baseURL}/hooks/wallet-pass`,
        login: "svc",
        password: "hook-pw-drain",
      })
      const walletPass = container.resolve(WALLET_PASS_MODULE)
      const holders: string[] = []
      for (let i = 0; i < HOLDERS; i++) {
        const phone = `+7999740000${i}`
        service.emulator.seedCustomer({ phone, name: "Drain", balance: 0 })
        const holder = await walletPass.createWalletPassHolders({
          phone,
          source: "admin",
          enrollment_state: "enrolled",
          adoption_state: "adopted",
        })
        holders.push(holder.id)
      }
      for (let i = 0; i < REQUESTS; i++) {
        await walletPass.applyLedgerEntryAndEnqueue(
          { holder_id: holders[i % HOLDERS], amount: 100 + i, kind: "manual", dedupe_key: `drain-cost:${i}` },
          { method: "balance_add", payload: {}, dedupe_key: `op:drain-cost:${i}`, priority: OPERATION_PRIORITY.money }
        )
      }

      // Count the drain's own calls into the module that return a promise (the ones that
      // reach the database; reading the options is not one) and its SQL statements: the
      // echo hooks the service sends back meanwhile run outside the drain's async context.
      const calls = new Map<string, number>()
      const inDrain = new AsyncLocalStorage<true>()
      const counting = () => inDrain.getStore() === true
      const restore: (() => void)[] = []
      let proto = Object.getPrototypeOf(walletPass)
      const wrapped = new Set<string>()
      while (proto && proto !== Object.prototype) {
        for (const name of Object.getOwnPropertyNames(proto)) {
          const original = (walletPass as unknown as Record<string, unknown>)[name]
          if (name === "constructor" || wrapped.has(name) || typeof original !== "function") continue
          wrapped.add(name)
          const target = walletPass as unknown as Record<string, unknown>
          target[name] = (...args: unknown[]) => {
            const result = (original as (...a: unknown[]) => unknown).apply(walletPass, args)
            if (counting() && result instanceof Promise) calls.set(name, (calls.get(name) ?? 0) + 1)
            return result
          }
          restore.push(() => delete target[name])
        }
        proto = Object.getPrototypeOf(proto)
      }
      const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      let statements = 0
      const onQuery = () => {
        if (counting()) statements++
      }
      knex.on("query", onQuery)
      // Each run of the drain also pays a fixed part (its queue maintenance, the look at a queue
      // gone empty), however many requests it sends: how many runs it takes depends on the
      // machine's speed, so that part is counted per run, the rest per request.
      let runs = 0
      try {
        await waitFor(
          async () => {
            runs++
            await inDrain.run(true, () => drainQueue(container, { budgetMs: 5_000 }))
            const sent = await walletPass.listWalletPassOperations(
              { method: "balance_add", state: ["done"] },
              { select: ["id"] }
            )
            return sent.length === REQUESTS
          },
          `${REQUESTS} balance/add requests done`,
          60_000
        )
      } finally {
        knex.off("query", onQuery)
        restore.forEach((undo) => undo())
      }

      const total = [...calls.values()].reduce((a, b) => a + b, 0)
      const perRequest = { module_calls: total / REQUESTS, sql_statements: statements / REQUESTS }
      console.log(
        `[drain-cost] ${REQUESTS} balance/add in ${runs} drain runs: ${perRequest.module_calls.toFixed(2)} module calls and ` +
          `${perRequest.sql_statements.toFixed(2)} SQL statements per request; calls: ${JSON.stringify(Object.fromEntries(calls))}`
      )
      expect(statements).toBeGreaterThan(0)
      // One maintenance a run, at most one look at an empty queue a run and one read of the
      // program (the card's catch-up after a balance change: docs/program.md); three calls a request.
      expect(calls.get("runQueueMaintenance")).toBe(runs)
      expect(calls.get("getProgram") ?? 0).toBeLessThanOrEqual(runs)
      expect(total).toBeLessThanOrEqual(3 * REQUESTS + 3 * runs)
      // 18.3 before the three-call drain (a peek, two ORM reads, a lock of its own), 15.3 with it.
      expect(perRequest.sql_statements).toBeLessThanOrEqual(16)
    })
  },
})
