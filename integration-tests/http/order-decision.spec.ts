import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor, waitForHolder } from "../support/hooks"
import { afterSubscribers, placeOrder } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"

// An order's bonus is decided once, from the rates in force when it was placed
// (docs/loyalty.md, "Decided once, at placement"; issue 39, item 1): the decision is recorded,
// "nothing" too, the order sweep never decides a decided order again, and an order whose event
// was lost is decided from the rates in force at its placement, not at the sweep's.
jest.setTimeout(240_000)

const APP_KEY = "order-decision-key"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  // The program's default rate is 0 %, as in the dev store of the issue.
  WALLET_PASS_BONUS_PERCENT: "0",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  // The scheduled job stays off: each test runs the sweep through the admin route (the job
  // runs the same function: restart.spec.ts).
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront(
      { api, getContainer },
      { seed: { itemPrice: 33.33 }, resetEachTest: true }
    )
    const admin = { headers: {} as Record<string, string> }
    beforeEach(async () => {
      admin.headers = (await createAdminHeaders(getContainer())).headers
    })

    const sweep = async () => (await api.post("/admin/wallet-pass/order-sweep", {}, admin)).data.order_sweep_run
    /** Runs the sweep until it has found something (an event's grace is a second). */
    const sweepUntilFound = () =>
      waitFor(
        async () => {
          const run = await sweep()
          return run.found > 0 && run
        },
        "a sweep that finds an order's event",
        30_000
      )
    const entries = async (orderId: string) =>
      (await walletPass().listWalletPassLedgerEntries({ order_id: orderId })).map((e) => [e.kind, e.amount])
    const decisionOf = async (orderId: string) =>
      (await walletPass().listWalletPassOrderDecisions({ order_id: orderId })).map((d) => ({
        outcome: d.outcome,
        rate_bp: d.rate_bp,
        amount: d.amount,
      }))

    /** A signed-up customer with a pass; `proven`: the account proved the phone (its own rates apply). */
    async function customer(phone: string, proven: boolean) {
      const signedUp = await signUpEnrolled(api, store, getContainer(), {
        email: `${phone.slice(-4)}@decision.example`,
        phone,
      })
      if (proven) {
        await walletPass().updateWalletPassHolders({
          id: signedUp.holder.id,
          verified_customer_id: signedUp.customer.id,
          verified_at: new Date(),
        })
      }
      return signedUp
    }

    /** The service sets the holder's bonus percent (its setPrivileges hook), and the store has taken it. */
    async function serviceSetsBonus(phone: string, customerId: string, percent: number) {
      const { hooks } = await service.emulator.setPrivileges({ phone, bonus: percent })
      expect(hooks.map((h) => h.status)).toEqual([200])
      await waitForHolder(getContainer(), customerId, (h) => h.bonus_percent_bp === percent * 100, "the new rate")
    }

    const placedWithEvents = async (headers: Record<string, string>) => {
      let order!: Awaited<ReturnType<typeof placeOrder>>
      await afterSubscribers(getContainer(), "order.placed", async () => {
        order = await placeOrder(api, store, headers)
      })
      return order
    }
    const placedEventLost = async (headers: Record<string, string>) => {
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()
      return order
    }

    it("an order placed at 0 % earns nothing, recorded as 'zero rate'; a rate the service sets afterwards is not applied to it by the sweep", async () => {
      const phone = "+79995570001"
      const { customer: c, headers } = await customer(phone, true)
      const first = await placedWithEvents(headers)
      expect(await entries(first.id)).toEqual([])

      // Minutes later the service sets the holder's bonus to 5 %; an order placed after it earns
      // 5 % (its event lost, so the sweep that runs next has something to find).
      await serviceSetsBonus(phone, c.id, 5)
      const second = await placedEventLost(headers)

      const run = await sweepUntilFound()
      // The sweep finds the second order only: the first was decided at placement.
      expect(run).toMatchObject({ found: 1, caught: 1, failed: 0 })
      expect(await entries(first.id)).toEqual([])
      // 5 % of 33.33 = 1.66, rounded down.
      expect(await entries(second.id)).toEqual([["accrual", 166]])
      expect(await decisionOf(first.id)).toEqual([{ outcome: "zero_rate", rate_bp: 0, amount: 0 }])
      expect(await decisionOf(second.id)).toEqual([{ outcome: "credited", rate_bp: 500, amount: 166 }])

      // Again, and the first order's event delivered once more: nothing changes.
      expect(await sweep()).toMatchObject({ found: 0, caught: 0 })
      await afterSubscribers(getContainer(), "order.placed", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.placed", data: { id: first.id } })
      )
      expect(await entries(first.id)).toEqual([])
      expect(await decisionOf(first.id)).toEqual([{ outcome: "zero_rate", rate_bp: 0, amount: 0 }])
    })

    it("an order whose event was lost is credited by the sweep at the rate in force at its placement, not at a rate raised since", async () => {
      const phone = "+79995570002"
      const { customer: c, headers, holder } = await customer(phone, true)
      await serviceSetsBonus(phone, c.id, 5)
      const order = await placedEventLost(headers)
      await serviceSetsBonus(phone, c.id, 10)

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1, failed: 0 })
      // 5 % of 33.33 (1.66), not 10 % (3.33).
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      expect(await decisionOf(order.id)).toEqual([{ outcome: "credited", rate_bp: 500, amount: 166 }])
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 30_000)
      expect(service.emulator.getCustomer(phone)?.balance).toBe(1.66)

      // The event delivered late finds the decision: the same credit, once.
      await afterSubscribers(getContainer(), "order.placed", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.placed", data: { id: order.id } })
      )
      expect(await entries(order.id)).toEqual([["accrual", 166]])
    })

    it("an order of an account that had not proven the phone earns the program's default (0 %), recorded as 'unproven'; proving the phone afterwards does not make the sweep credit it", async () => {
      const phone = "+79995570003"
      const { customer: c, headers, holder } = await customer(phone, false)
      await serviceSetsBonus(phone, c.id, 5)
      const first = await placedWithEvents(headers)
      expect(await entries(first.id)).toEqual([])

      // The account proves the phone: from now on its own 5 % applies (a later order, its event
      // lost, gives the sweep something to find).
      await walletPass().updateWalletPassHolders({ id: holder.id, verified_customer_id: c.id, verified_at: new Date() })
      const second = await placedEventLost(headers)

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1, failed: 0 })
      expect(await entries(first.id)).toEqual([])
      expect(await entries(second.id)).toEqual([["accrual", 166]])
      expect(await decisionOf(first.id)).toEqual([{ outcome: "unproven", rate_bp: 0, amount: 0 }])
      expect(await decisionOf(second.id)).toEqual([{ outcome: "credited", rate_bp: 500, amount: 166 }])
    })

    it("a decision stands: the database keeps one per order, a second changes nothing, and a credited decision whose entry a crash cut off is completed by the sweep at its recorded amount", async () => {
      const phone = "+79995570004"
      const { customer: c, headers, holder } = await customer(phone, true)
      await serviceSetsBonus(phone, c.id, 5)
      const order = await placedEventLost(headers)
      // As a process that died between recording the decision and writing its entry leaves it.
      const decisions = walletPass()
      const decided = {
        order_id: order.id,
        holder_id: holder.id,
        rate_bp: 500,
        base: 3333,
        currency_code: order.currency_code,
        placed_at: new Date(order.created_at),
        rates_from: null,
      }
      const first = await decisions.recordOrderDecision({ ...decided, outcome: "credited", amount: 166 })
      const again = await decisions.recordOrderDecision({ ...decided, outcome: "zero_rate", rate_bp: 0, amount: 0 })
      expect(again).toMatchObject({ id: first.id, outcome: "credited", amount: 166 })
      // Exactly once is the table's constraint, not the method's check.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const sneaked = await pg
        .raw(
          `INSERT INTO wallet_pass_order_decision (id, order_id, holder_id, outcome, rate_bp, base, amount, currency_code, placed_at)
           VALUES ('wpdec_sneaked', ?, ?, 'zero_rate', 0, 3333, 0, ?, now())`,
          [order.id, holder.id, order.currency_code]
        )
        .then(
          () => null,
          (e: { code?: string }) => e.code
        )
      expect(sneaked).toBe("23505")
      await serviceSetsBonus(phone, c.id, 10)

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1, failed: 0 })
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      expect(await decisionOf(order.id)).toEqual([{ outcome: "credited", rate_bp: 500, amount: 166 }])
    })
  },
})
