import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { HttpTypes } from "@medusajs/framework/types"
import { maturePendingBonuses } from "../../src/workflows/ledger/mature-pending-bonus"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { afterSubscribers, createCart, placeOrder, shipAndReturn, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"

// Pending bonus (docs/loyalty.md, "Pending bonus"; issue 44): with `accrual.pendingDays: 14`
// an order's bonus waits as pending — not in the balance, not spendable, nothing sent to the
// service — shown by the store route and the card's `pending` variable; once its days are over
// the maturity credits it once (balance/add); a return or a cancel inside the days takes its
// share off what waits, with no balance/deduct, and so does a refund beyond the returned items.
// Moving time: the tests set the decision's `pending_until` into the past with a test-only SQL
// update (the maturity reads the database's clock), then run the maturity as its job does
// (maturePendingBonuses).
jest.setTimeout(240_000)

const DAY_MS = 24 * 3600 * 1000

const { service, env, storeInFront } = externalCrmService("pending-bonus-key", {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_PENDING_DAYS: "14",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
  // Profile updates one after another: no spacing here (queue-classes.spec.ts tests it).
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_PASS: JSON.stringify({ variables: { waiting: "pending" }, locale: "en-US" }),
  // The sweep stays off: a pending order is the maturity's, never the sweep's (checked by hand below).
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

    const entries = async (orderId: string) =>
      (await walletPass().listWalletPassLedgerEntries({ order_id: orderId }, { order: { created_at: "ASC" } })).map(
        (e) => [e.kind, e.amount]
      )
    const sent = (endpoint: string) => service.emulator.requests().filter((r) => r.endpoint.includes(endpoint))
    const passOf = async (headers: StoreHeaders) =>
      (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass
    const cartMax = async (headers: StoreHeaders) => {
      const cart = await createCart(api, store, headers)
      return (await api.get(`/store/carts/${cart.id}/wallet-pass-bonus`, { headers })).data.wallet_pass_bonus.max
    }
    /** The card's `pending` text at the service, once it is `text`. */
    const cardSays = (phone: string, text: string) =>
      waitFor(
        async () => service.emulator.getCustomer(phone)?.variables?.waiting === text,
        `the card's pending text "${text}"`,
        30_000
      )
    /** Test-only: the order's pending days over, as if they had passed (the maturity reads the database's clock). */
    const daysPass = (orderId: string) =>
      getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`UPDATE wallet_pass_order_decision SET pending_until = now() - interval '1 second' WHERE order_id = ?`, [
          orderId,
        ])
    const placed = async (headers: StoreHeaders, quantity = 1) => {
      const cart = await createCart(api, store, headers, { quantity })
      let order!: HttpTypes.StoreOrder
      await afterSubscribers(getContainer(), "order.placed", async () => {
        order = await placeOrder(api, store, headers, cart.id)
      })
      return order
    }
    const canceled = (orderId: string) =>
      afterSubscribers(getContainer(), "order.canceled", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.canceled", data: { id: orderId } })
      )

    it("an order's bonus waits pending: not spendable, nothing sent, shown to the shopper and on the card; after its days it is credited once, even by two runs at once", async () => {
      const phone = "+79995580001"
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "p1@pending.example",
        phone,
      })
      const order = await placed(headers)

      // 5 % of 33.33 = 1.66, decided at placement and waiting 14 days from it.
      const [decision] = await walletPass().listWalletPassOrderDecisions({ order_id: order.id })
      expect(decision).toMatchObject({ outcome: "credited", amount: 166, matured_at: null })
      expect(new Date(decision.pending_until!).getTime() - new Date(order.created_at).getTime()).toBe(14 * DAY_MS)
      expect(await entries(order.id)).toEqual([])
      expect(await walletPass().getBalance(holder.id)).toBe(0)
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 1.66 })
      expect(new Date((await passOf(headers)).pending_until).getTime()).toBe(
        new Date(decision.pending_until!).getTime()
      )
      await cardSays(phone, "€1.66")
      // The merchant sees it on the customer's pass, apart from the balance.
      const merchantSees = async () => (await api.get(`/admin/customers/${holder.customer_id}/wallet-pass`, admin)).data
      expect(await merchantSees()).toMatchObject({
        wallet_pass: { balance: 0 },
        pending: { amount: 1.66, until: new Date(decision.pending_until!).toISOString() },
      })
      // Cannot be spent: the most a cart may be paid with is 0.
      expect(await cartMax(headers)).toBe(0)

      // Not due yet: the maturity writes nothing; the event delivered again credits nothing.
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 0, credited: 0, failed: 0 })
      await afterSubscribers(getContainer(), "order.placed", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.placed", data: { id: order.id } })
      )
      expect(await entries(order.id)).toEqual([])
      expect(sent("balance/add")).toEqual([])
      // The order sweep leaves it to the maturity: nothing of this order's bonus is missing.
      expect((await api.post("/admin/wallet-pass/order-sweep", {}, admin)).data.order_sweep_run).toMatchObject({
        caught: 0,
        failed: 0,
      })
      expect(await entries(order.id)).toEqual([])

      await daysPass(order.id)
      // Two instances maturing at once: one credit (the accrual's unique key).
      const runs = await Promise.all([maturePendingBonuses(getContainer()), maturePendingBonuses(getContainer())])
      expect(runs.reduce((n, r) => n + r.credited, 0)).toBe(1)
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0)
      expect(await entries(order.id)).toEqual([["accrual", 166]])
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 30_000)
      expect(sent("balance/add")).toHaveLength(1)
      expect(service.emulator.getCustomer(phone)?.balance).toBe(1.66)
      expect(await passOf(headers)).toMatchObject({ balance: 1.66, pending: 0, pending_until: null })
      expect(await merchantSees()).toMatchObject({ wallet_pass: { balance: 1.66 }, pending: null })
      await cardSays(phone, "")
      expect(await cartMax(headers)).toBe(1.66)
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 0, credited: 0, failed: 0 })
    })

    it("a return inside the days takes its share off what waits with no request; what is left is credited after them; a cancel afterwards reverses as today", async () => {
      const phone = "+79995580002"
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "p2@pending.example",
        phone,
      })
      // 5 % of 3 x 33.33 = 4.9995 -> 4.99 pending.
      const order = await placed(headers, 3)
      expect(await passOf(headers)).toMatchObject({ pending: 4.99 })
      await cardSays(phone, "€4.99")

      const ret = await shipAndReturn(api, getContainer(), store, admin, order)
      // A third of the items back: floor(499 x 1 / 3) = 166 off; 333 wait. Delivered twice: once.
      await afterSubscribers(getContainer(), "order.return_received", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.return_received", data: { order_id: order.id, return_id: ret.id } })
      )
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 3.33 })
      await cardSays(phone, "€3.33")
      expect(await entries(order.id)).toEqual([])
      expect(sent("balance/deduct")).toEqual([])
      expect(sent("balance/add")).toEqual([])

      await daysPass(order.id)
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 1, credited: 1, failed: 0 })
      expect(await entries(order.id)).toEqual([["accrual", 333]])
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 30_000)
      expect(service.emulator.getCustomer(phone)?.balance).toBe(3.33)

      // After the days, a cancel takes back what was credited, as without pending days.
      await canceled(order.id)
      expect(await entries(order.id)).toEqual([
        ["accrual", 333],
        ["accrual_reversal", -333],
      ])
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_deduct"), "balance/deduct sent", 30_000)
      expect(service.emulator.getCustomer(phone)?.balance).toBe(0)
    })

    it("inside the days a refund of the returned item takes nothing more; 10.00 refunded beyond it takes its paid share of what waits (docs/loyalty.md, 'Refunds')", async () => {
      const phone = "+79995580006"
      const { headers } = await signUpEnrolled(api, store, getContainer(), { email: "p6@pending.example", phone })
      // 5 % of 3 x 33.33 = 4.9995 -> 4.99 pending; paid 99.99 + 10.00 shipping = 109.99.
      const order = await placed(headers, 3)
      const { data } = await api.get(`/admin/orders/${order.id}?fields=total,*payment_collections.payments`, admin)
      expect(Number(data.order.total)).toBe(109.99)
      const paymentId = data.order.payment_collections[0].payments[0].id
      await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)
      await shipAndReturn(api, getContainer(), store, admin, order)
      // One of the three back: its line's share, floor(499 x 1 / 3) = 166; 333 wait.
      expect(await passOf(headers)).toMatchObject({ pending: 3.33 })

      const refund = (amount: number) =>
        afterSubscribers(getContainer(), "payment.refunded", () =>
          api.post(`/admin/payments/${paymentId}/refund`, { amount }, admin)
        )
      // The returned item's 33.33 refunded: nothing beyond the return, nothing more taken.
      await refund(33.33)
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 3.33 })
      // 10.00 more: floor(4.99 x 10.00 / 109.99) = 0.45 off what waits, 2.88 left.
      await refund(10)
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 2.88 })
      await cardSays(phone, "€2.88")
      expect(await entries(order.id)).toEqual([])
      expect(sent("balance/deduct")).toEqual([])
    })

    it("a cancel inside the days takes all that waits: no ledger entry, no request, nothing credited after them", async () => {
      const phone = "+79995580003"
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "p3@pending.example",
        phone,
      })
      const order = await placed(headers)
      await cardSays(phone, "€1.66")
      await afterSubscribers(getContainer(), "order.canceled", () =>
        api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      )
      await canceled(order.id) // delivered twice
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 0, pending_until: null })
      await cardSays(phone, "")

      await daysPass(order.id)
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 1, credited: 0, failed: 0 })
      expect(await entries(order.id)).toEqual([])
      const [decision] = await walletPass().listWalletPassOrderDecisions({ order_id: order.id })
      expect(decision).toMatchObject({ amount: 166, matured_amount: 0 })
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 0, credited: 0, failed: 0 })
      expect(await walletPass().getBalance(holder.id)).toBe(0)
      expect(sent("balance/add")).toEqual([])
      expect(sent("balance/deduct")).toEqual([])
      expect(service.emulator.getCustomer(phone)?.balance).toBe(0)
    })

    it("a cancel whose event was lost while the bonus waits is taken from it by the order sweep, with no request", async () => {
      const phone = "+79995580004"
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "p4@pending.example",
        phone,
      })
      const order = await placed(headers)
      expect(await passOf(headers)).toMatchObject({ pending: 1.66 })
      const restore = dropEvents(getContainer(), ["order.canceled"])
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      restore()
      expect(await passOf(headers)).toMatchObject({ pending: 1.66 })

      const run = await waitFor(
        async () => {
          const r = (await api.post("/admin/wallet-pass/order-sweep", {}, admin)).data.order_sweep_run
          return r.found > 0 && r
        },
        "a sweep that finds the lost cancel",
        30_000
      )
      expect(run).toMatchObject({ found: 1, caught: 1, failed: 0 })
      expect(await passOf(headers)).toMatchObject({ balance: 0, pending: 0 })
      await daysPass(order.id)
      expect(await maturePendingBonuses(getContainer())).toEqual({ due: 1, credited: 0, failed: 0 })
      expect(await entries(order.id)).toEqual([])
      expect(await walletPass().getBalance(holder.id)).toBe(0)
      expect(sent("balance/add")).toEqual([])
      expect(sent("balance/deduct")).toEqual([])
    })
  },
})
