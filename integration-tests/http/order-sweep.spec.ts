import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { lowestIdSince } from "../../src/lib/time-ordered-ids"
import { OrderSweepRepository } from "../../src/modules/wallet-pass/repositories/order-sweep"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { afterSubscribers, createCart, placeOrder, registerCustomer, shipAndReturn } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"

// The order sweep (docs/operations.md, "The order sweep"): an order event that never reached
// its subscribers — dropped here from Medusa's event bus before any subscriber saw it — has
// its work done by the sweep, from the database alone, once.
jest.setTimeout(180_000)

const APP_KEY = "order-sweep-key"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  // The scheduled job stays off: each test runs the sweep through the admin route, so a run's
  // answer is the test's to read (the job runs the same function: restart.spec.ts).
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

    const sweep = async (body: Record<string, unknown> = {}) =>
      (await api.post("/admin/wallet-pass/order-sweep", body, admin)).data.order_sweep_run
    /** Runs the sweep until it has found something (the event's grace is a second). */
    const sweepUntilFound = (body: Record<string, unknown> = {}) =>
      waitFor(
        async () => {
          const run = await sweep(body)
          return run.found > 0 && run
        },
        "a sweep that finds the order's event",
        15_000
      )
    const entries = async (orderId: string) =>
      (await walletPass().listWalletPassLedgerEntries({ order_id: orderId }, { order: { created_at: "ASC" } })).map(
        (e) => [e.kind, e.amount]
      )
    const spendOf = async (orderId: string) => (await walletPass().listWalletPassOrderSpends({ order_id: orderId }))[0]
    const waiting = async () => (await api.get("/admin/wallet-pass/overview", admin)).data.overview.orders_waiting

    /** A customer with a pass and an order whose placing reached its subscribers (credited 5%). */
    async function creditedOrder(phone: string, quantity = 1) {
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: `${phone.slice(-4)}@sweep.example`,
        phone,
      })
      const cart = await createCart(api, store, headers, { quantity })
      const order = await afterSubscribers(getContainer(), "order.placed", () =>
        placeOrder(api, store, headers, cart.id)
      ).then(() => walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "accrual" }))
      return { headers, holder, orderId: order[0].order_id! }
    }

    it("an order whose order.placed never reached its subscribers is credited by the sweep once; a second sweep changes nothing", async () => {
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "dropped@sweep.example",
        phone: "+79995560001",
      })
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()

      expect(await entries(order.id)).toEqual([])
      expect(await spendOf(order.id)).toBeUndefined()
      // The overview counts it from the database, whatever the event bus holds.
      expect(await waiting()).toMatchObject({ bonus: 1, bonus_since: expect.any(String) })

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1, nothing_due: 0, failed: 0, more: false, since: null })
      // 5% of 33.33 = 1.66, as the subscriber would have credited it; its spend toward a level too.
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      expect(await spendOf(order.id)).toMatchObject({ amount: 4333, canceled_at: null })
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 15_000)
      expect(service.emulator.getCustomer("+79995560001")?.balance).toBe(1.66)
      expect(await waiting()).toMatchObject({ bonus: 0, bonus_since: null })

      const { data } = await api.get("/admin/wallet-pass/order-sweep", admin)
      expect(data.items).toEqual([
        expect.objectContaining({
          work: "placed",
          order_id: order.id,
          outcome: "caught",
          found: ["accrual", "spend"],
          wrote: ["accrual", "spend"],
          attempts: 1,
        }),
      ])
      expect(data.order_sweep.last_run).toMatchObject({ caught: 1 })

      // Again: nothing left to find, nothing written.
      expect(await sweep()).toMatchObject({ found: 0, caught: 0 })
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      expect(service.emulator.requests().filter((r) => r.endpoint.includes("balance/add"))).toHaveLength(1)
      // The event delivered late changes nothing either.
      await afterSubscribers(getContainer(), "order.placed", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.placed", data: { id: order.id } })
      )
      expect(await entries(order.id)).toEqual([["accrual", 166]])
    })

    it("an order whose order.placed was dropped and that is canceled before the sweep runs earns nothing: the sweep finds nothing to do", async () => {
      // The fault suite's seed 1959884270: a cancel reached the order within a second of its
      // store's restart, before the sweep's next run.
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "canceled-first@sweep.example",
        phone: "+79995560006",
      })
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()
      expect(await waiting()).toMatchObject({ bonus: 1 })

      await afterSubscribers(getContainer(), "order.canceled", () =>
        api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      )
      expect(await waiting()).toMatchObject({ bonus: 0, reversal: 0 })
      // Past the grace (a second): the placing of a canceled order and its cancel are both
      // complete as they are, with no bonus credited and none to take back.
      await new Promise((r) => setTimeout(r, 1_100))
      expect(await sweep()).toMatchObject({ found: 0, caught: 0, failed: 0 })
      expect(await entries(order.id)).toEqual([])
      expect(await spendOf(order.id)).toBeUndefined()
      expect(await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "accrual" })).toEqual([])
    })

    it("a cancel whose order.canceled never reached its subscribers is reversed by the sweep once", async () => {
      const { holder, orderId } = await creditedOrder("+79995560002")
      expect(await entries(orderId)).toEqual([["accrual", 166]])

      const restore = dropEvents(getContainer(), ["order.canceled"])
      await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
      restore()
      expect(await entries(orderId)).toEqual([["accrual", 166]])
      expect(await waiting()).toMatchObject({ bonus: 0, reversal: 1 })

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1 })
      expect(await entries(orderId)).toEqual([
        ["accrual", 166],
        ["accrual_reversal", -166],
      ])
      expect(await spendOf(orderId)).toMatchObject({ canceled_at: expect.any(Date) })
      const { data } = await api.get("/admin/wallet-pass/order-sweep?outcome=caught", admin)
      expect(data.items).toEqual([
        expect.objectContaining({ work: "canceled", found: ["spend", "reversal"], wrote: ["spend", "reversal"] }),
      ])

      expect(await sweep()).toMatchObject({ found: 0, caught: 0 })
      expect(await entries(orderId)).toHaveLength(2)
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_deduct"), "balance/deduct sent", 15_000)
      expect(service.emulator.getCustomer("+79995560002")?.balance).toBe(0)
    })

    it("a return whose order.return_received never reached its subscribers is reversed by the sweep once", async () => {
      const { orderId } = await creditedOrder("+79995560003", 3)
      // 5% of 3 x 33.33 = 4.99
      expect(await entries(orderId)).toEqual([["accrual", 499]])
      const { data: orderData } = await api.get(`/admin/orders/${orderId}`, admin)

      const restore = dropEvents(getContainer(), ["order.return_received"])
      const ret = await shipAndReturn(api, getContainer(), store, admin, orderData.order, 1, {
        waitForSubscribers: false,
      })
      restore()
      expect(await entries(orderId)).toEqual([["accrual", 499]])

      const run = await sweepUntilFound()
      expect(run).toMatchObject({ found: 1, caught: 1 })
      // A third of the items' value: floor(4.99 x 33.33 / 99.99) = 1.66, as the subscriber takes it.
      expect(await entries(orderId)).toEqual([
        ["accrual", 499],
        ["accrual_reversal", -166],
      ])
      expect((await spendOf(orderId))?.returns).toEqual({ [ret.id]: expect.any(Number) })
      const { data } = await api.get("/admin/wallet-pass/order-sweep", admin)
      expect(data.items).toEqual([
        expect.objectContaining({ work: "returned", order_id: orderId, return_id: ret.id, outcome: "caught" }),
      ])

      expect(await sweep()).toMatchObject({ found: 0, caught: 0 })
      expect(await entries(orderId)).toHaveLength(2)
    })

    it("orders placed before the plugin's installation are left alone, unless the merchant asks with a date", async () => {
      const { headers } = await signUpEnrolled(api, store, getContainer(), {
        email: "before@sweep.example",
        phone: "+79995560004",
      })
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()
      // The plugin "installed" after that order.
      const sweepState = await walletPass().getOrderSweepState()
      await walletPass().updateWalletPassOrderSweeps({ id: sweepState.id, installed_at: new Date(Date.now() + 1000) })
      await new Promise((r) => setTimeout(r, 1500)) // past the order's grace: only the installation keeps it out

      expect(await sweep()).toMatchObject({ found: 0, caught: 0 })
      expect(await entries(order.id)).toEqual([])
      expect(await waiting()).toMatchObject({ bonus: 0 })

      // The merchant asks for the orders since yesterday: this one is credited, once.
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
      expect(await sweep({ since })).toMatchObject({ found: 1, caught: 1, since: `${since}T00:00:00.000Z` })
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      expect(await sweep({ since })).toMatchObject({ found: 0 })
    })

    it("an order of a customer without a pass waits for no bonus; the sweep records only its spend", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "nophone@sweep.example", password: "pw-123456" },
        { container: getContainer() }
      )
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()
      expect(await waiting()).toMatchObject({ bonus: 0 })

      expect(await sweepUntilFound()).toMatchObject({ found: 1, caught: 1 })
      expect(await entries(order.id)).toEqual([])
      expect(await spendOf(order.id)).toMatchObject({ customer_id: customer.id, amount: 4333 })
      const { data } = await api.get("/admin/wallet-pass/order-sweep", admin)
      expect(data.items).toEqual([expect.objectContaining({ found: ["spend"], wrote: ["spend"] })])
    })

    it("with accrual.on order.completed or order.fulfillment_created, the bonus is looked for once the order is completed or fulfilled", async () => {
      const { headers } = await signUpEnrolled(api, store, getContainer(), {
        email: "later@sweep.example",
        phone: "+79995560006",
      })
      const restore = dropEvents(getContainer(), ["order.placed"])
      const order = await placeOrder(api, store, headers)
      restore()
      // The query as a store with another accrual.on would run it (the options of this spec say order.placed).
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const state = await walletPass().getOrderSweepState()
      const accrualWork = async (accrual_on: "order.completed" | "order.fulfillment_created") =>
        (
          await new OrderSweepRepository(knex).candidates({
            currency: store.currencyCode,
            rate_bp: 500,
            accrual_on,
            start: new Date(state.installed_at),
            placed_from: new Date(state.installed_at),
            low_id: lowestIdSince("order", new Date(state.installed_at.getTime() - 3_600_000)),
            cutoff: null,
            exclude_recorded: true,
          })
        ).map((c) => [c.work, c.missing])
      // Placed: its spend is missing, and no bonus yet under either setting.
      expect(await accrualWork("order.completed")).toEqual([["placed", ["spend"]]])
      expect(await accrualWork("order.fulfillment_created")).toEqual([["placed", ["spend"]]])

      const line = order.items![0]
      await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: line.id, quantity: 1 }] }, admin)
      expect(await accrualWork("order.fulfillment_created")).toEqual([
        ["placed", ["spend"]],
        ["accrual", ["accrual"]],
      ])
      expect(await accrualWork("order.completed")).toEqual([["placed", ["spend"]]])
      await api.post(`/admin/orders/${order.id}/complete`, {}, admin)
      expect(await accrualWork("order.completed")).toEqual([
        ["placed", ["spend"]],
        ["accrual", ["accrual"]],
      ])
    })

    it("refuses a bad since with a 400 naming it", async () => {
      const res = await api
        .post("/admin/wallet-pass/order-sweep", { since: "yesterday" }, admin)
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain("since must be a date")
    })
  },
})
