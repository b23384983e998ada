import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { detectStoreEvents } from "../../src/workflows/events/detect-store-events"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor } from "../support/hooks"
import { createCart, placeOrder, registerCustomer, SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Every supported event mapped to a key of the merchant's (docs/store-events.md), and a daily cap.
const EVENTS = {
  "order.placed": "purchase",
  "order.completed": "completed",
  "order.canceled": "canceled",
  "order.fulfillment_created": "packed",
  "shipment.created": "shipped",
  "delivery.created": "delivered",
  "order.return_received": "returned",
  "cart.abandoned": { key: "cart_left", afterMinutes: 30 },
  "bonus.expiring": { key: "bonus_expiring", daysBefore: 3 },
  birthday: "birthday",
  "pass.not_installed": { key: "install_reminder", afterDays: 2 },
}
const PER_DAY = 8
const MINUTE = 60_000
const DAY = 86_400_000

const { service, env, deliverHooksTo } = externalCrmService("events-key", {
  WALLET_PASS_BONUS_PERCENT: "1",
  WALLET_PASS_EVENTS: JSON.stringify(EVENTS),
  WALLET_PASS_EVENTS_PER_DAY: String(PER_DAY),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: Awaited<ReturnType<typeof createAdminHeaders>>
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    beforeAll(async () => {
      store = await seedStore(getContainer(), { itemPrice: 100, shippingPrice: 10 })
    })
    deliverHooksTo(() => api.defaults.baseURL, { resetEachTest: true })
    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
    })

    /** The events the service received for a phone, oldest first. */
    const received = (phone: string) => service.emulator.snapshot().events.filter((e) => e.phone === phone)
    const receivedKeys = (phone: string) => received(phone).map((e) => e.event)
    const settled = async (holderId: string) => {
      const ops = await walletPass().listWalletPassOperations({ holder_id: holderId })
      return ops.length > 0 && ops.every((o) => ["done", "resolved"].includes(o.state))
    }
    /** Runs `act` and waits until the plugin's subscribers of `event` are done. */
    async function handled(event: string, act: () => Promise<unknown>) {
      const done = TestEventUtils.waitSubscribersExecution(event, getContainer().resolve(Modules.EVENT_BUS))
      await act()
      await done
    }
    const emit = (name: string, data: Record<string, unknown>) =>
      handled(name, () => getContainer().resolve(Modules.EVENT_BUS).emit({ name, data }))

    async function signUp(phone: string, email: string, firstName = "Vera") {
      const { customer, headers } = await registerCustomer(api, store, {
        email,
        password: "pw-123456",
        phone,
        first_name: firstName,
      })
      const holder = await waitFor(
        async () => {
          const [h] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
          return h?.enrollment_state === "enrolled" && (await settled(h.id)) && h
        },
        "enrolment",
        20_000
      )
      return { customer, headers, holder }
    }

    it("order events: each sent once with the phone, the key and the value, however often Medusa delivers it", async () => {
      const phone = "+79996770001"
      const { headers, holder } = await signUp(phone, "ev1@example.com")
      const order = await placeOrder(api, store, headers)
      const ref = `#${order.display_id}`
      const total = `${Number(order.total).toFixed(2)} ${order.currency_code.toUpperCase()}`
      await waitFor(async () => receivedKeys(phone).includes("purchase"), "purchase at the service")
      for (const _ of [1, 2]) await emit("order.placed", { id: order.id })

      const itemId = order.items![0].id
      await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: itemId, quantity: 1 }] }, admin)
      const { data: packed } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments`, admin)
      const fulfillmentId = packed.order.fulfillments[0].id
      await api.post(
        `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`,
        {
          items: [{ id: itemId, quantity: 1 }],
          labels: [{ tracking_number: "TRK-1", tracking_url: "#", label_url: "#" }],
        },
        admin
      )
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin)
      await handled("order.completed", () => api.post(`/admin/orders/${order.id}/complete`, {}, admin))
      // Each delivered twice more: nothing more is sent.
      for (const _ of [1, 2]) {
        await emit("order.fulfillment_created", { order_id: order.id, fulfillment_id: fulfillmentId })
        for (const name of ["shipment.created", "delivery.created"]) await emit(name, { id: fulfillmentId })
        await emit("order.completed", { id: order.id })
      }

      const canceled = await placeOrder(api, store, headers)
      await handled("order.canceled", () => api.post(`/admin/orders/${canceled.id}/cancel`, {}, admin))
      for (const _ of [1, 2]) await emit("order.canceled", { id: canceled.id })

      await waitFor(async () => (await settled(holder.id)) && received(phone).length === 7, "seven events", 20_000)
      expect(received(phone).map(({ event, value }) => ({ event, value }))).toEqual([
        { event: "purchase", value: `${ref} ${total}` },
        { event: "packed", value: `${ref}, 1 item(s)` },
        { event: "shipped", value: `${ref} TRK-1` },
        { event: "delivered", value: `${ref}, 1 item(s)` },
        { event: "completed", value: `${ref} ${total}` },
        { event: "purchase", value: expect.stringMatching(/^#\d+ /) },
        { event: "canceled", value: expect.stringMatching(/^#\d+ /) },
      ])
      const records = await walletPass().listWalletPassStoreEvents({ holder_id: holder.id })
      expect(records).toHaveLength(7)
      expect(records.every((r) => r.state === "queued")).toBe(true)
      // The customer widget lists them, newest first.
      const { data } = await api.get(`/admin/customers/${holder.customer_id}/wallet-pass`, admin)
      expect(data.wallet_pass.store_events.map((e: { key: string }) => e.key)).toEqual(
        expect.arrayContaining(["purchase", "packed", "shipped", "delivered", "completed", "canceled"])
      )
      expect(data.wallet_pass.store_events).toHaveLength(7)
    })

    it("a return received sends once; a customer without a pass is skipped with the reason; an unmapped event sends nothing", async () => {
      const phone = "+79996770002"
      const { headers, holder } = await signUp(phone, "ev2@example.com")
      const order = await placeOrder(api, store, headers)
      const itemId = order.items![0].id
      await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: itemId, quantity: 1 }] }, admin)
      const { data } = await api.post(
        "/admin/returns",
        { order_id: order.id, location_id: store.stockLocationId },
        admin
      )
      const ret = data.return
      await api.post(`/admin/returns/${ret.id}/request-items`, { items: [{ id: itemId, quantity: 1 }] }, admin)
      await api.post(`/admin/returns/${ret.id}/request`, {}, admin)
      await api.post(`/admin/returns/${ret.id}/receive`, {}, admin)
      await api.post(`/admin/returns/${ret.id}/receive-items`, { items: [{ id: itemId, quantity: 1 }] }, admin)
      await handled("order.return_received", () => api.post(`/admin/returns/${ret.id}/receive/confirm`, {}, admin))
      for (const _ of [1, 2]) await emit("order.return_received", { order_id: order.id, return_id: ret.id })
      await waitFor(async () => (await settled(holder.id)) && receivedKeys(phone).includes("returned"), "returned")
      expect(received(phone).filter((e) => e.event === "returned")).toEqual([
        expect.objectContaining({ value: `#${order.display_id}, 1 item(s) returned` }),
      ])

      // A customer who gave no phone has no enrolled pass: the order is recorded as skipped.
      const { customer: noPhone, headers: noPhoneHeaders } = await registerCustomer(api, store, {
        email: "ev3@example.com",
        password: "pw-123456",
      })
      const theirs = await placeOrder(api, store, noPhoneHeaders)
      const [skipped] = await waitFor(async () => {
        const rows = await walletPass().listWalletPassStoreEvents({ entity_id: theirs.id })
        return rows.length > 0 && rows
      }, "the skipped order event")
      expect(skipped).toMatchObject({
        name: "order.placed",
        key: "purchase",
        state: "skipped",
        customer_id: noPhone.id,
        operation_id: null,
        reason: expect.stringMatching(/no pass|not enrolled/),
      })
      // A supported event the merchant did not map is neither sent nor recorded.
      const { events } = walletPass().getOptions()
      const mapped = events["order.placed"]
      delete events["order.placed"]
      try {
        const unmapped = await placeOrder(api, store, headers)
        await emit("order.placed", { id: unmapped.id })
        expect(await walletPass().listWalletPassStoreEvents({ entity_id: unmapped.id })).toEqual([])
      } finally {
        events["order.placed"] = mapped
      }
      await waitFor(async () => settled(holder.id), "the unmapped order's bonus sent")
      expect(receivedKeys(phone).filter((k) => k === "purchase")).toHaveLength(1)
    })

    it("an abandoned cart: once after the idle time, not while touched or completed, again only when changed, idle and a day later", async () => {
      const phone = "+79996770004"
      const { headers } = await signUp(phone, "ev4@example.com")
      const cart = await createCart(api, store, headers)
      const completed = await createCart(api, store, headers)
      await placeOrder(api, store, headers, completed.id) // a completed cart never counts
      const touched = () => walletPass().listWalletPassStoreEvents({ name: "cart.abandoned" })
      const at = (ms: number) => detectStoreEvents(getContainer(), new Date(Date.now() + ms))

      expect((await at(20 * MINUTE))["cart.abandoned"]).toBe(0) // not idle long enough
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 1 }, { headers })
      expect((await at(29 * MINUTE))["cart.abandoned"]).toBe(0) // touched again in time
      expect((await at(31 * MINUTE))["cart.abandoned"]).toBe(1)
      expect((await at(40 * MINUTE))["cart.abandoned"]).toBe(0)
      const [first] = await touched()
      expect(first).toMatchObject({
        entity_id: cart.id,
        state: "queued",
        value: expect.stringMatching(/^2 item\(s\), /),
      })
      expect((await touched()).some((e) => e.entity_id === completed.id)).toBe(false)

      // It changes and idles again: not within a day of the last one, then once more.
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 1 }, { headers })
      expect((await at(31 * MINUTE))["cart.abandoned"]).toBe(0)
      expect((await at(DAY + 31 * MINUTE))["cart.abandoned"]).toBe(1)
      expect((await at(DAY + 40 * MINUTE))["cart.abandoned"]).toBe(0)
      await waitFor(async () => receivedKeys(phone).filter((k) => k === "cart_left").length === 2, "two cart events")
      expect(
        received(phone)
          .filter((e) => e.event === "cart_left")
          .map((e) => e.value)
      ).toEqual([expect.stringMatching(/^2 item\(s\), /), expect.stringMatching(/^3 item\(s\), /)])
    })

    it("bonus.expiring once per credit and not for one spent or reversed; birthday once a year; pass.not_installed not for a holder who installed", async () => {
      await api.post("/admin/wallet-pass/program", { bonuses: { welcome: { amount: 10, lifetimeDays: 5 } } }, admin)
      const keeps = await signUp("+79996770005", "ev5@example.com", "K".repeat(150))
      const spends = await signUp("+79996770006", "ev6@example.com")
      const credits = async (holderId: string) =>
        walletPass().listWalletPassLedgerEntries({ holder_id: holderId, kind: "program_bonus" })
      await waitFor(
        async () => (await credits(keeps.holder.id)).length && (await credits(spends.holder.id)).length,
        "welcome bonuses"
      )
      await api.post(
        `/admin/customers/${spends.customer.id}/wallet-pass/adjust`,
        { amount: -10, reason: "spent at the till" },
        admin
      )
      const [credit] = await credits(keeps.holder.id)
      // A credit reversed (its entry canceled, as a compensated change is) is not announced either.
      const reversed = await walletPass().applyLedgerEntry({
        holder_id: keeps.holder.id,
        amount: 700,
        kind: "manual",
        dedupe_key: "store-events:reversed-credit",
        lifetime_seconds: (2 * DAY) / 1000,
      })
      await walletPass().cancelLedgerEntry({ id: reversed.entry.id })
      const run = (at: Date) => detectStoreEvents(getContainer(), at)

      const soon = new Date(Date.now() + 2.5 * DAY)
      expect(await run(soon)).toMatchObject({ "bonus.expiring": 1, "pass.not_installed": 2 })
      expect(await run(soon)).toMatchObject({ "bonus.expiring": 0, "pass.not_installed": 0 })
      const [expiring] = await walletPass().listWalletPassStoreEvents({ name: "bonus.expiring" })
      const day = new Date(credit.expires_at!).toISOString().slice(0, 10)
      expect(expiring).toMatchObject({ entity_id: credit.id, holder_id: keeps.holder.id, value: `10.00 on ${day}` })

      // The first installs the card (and the service tells the birthday): no install reminder
      // for a third who enrols and installs; a birthday on 29 February comes on the 28th.
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () =>
        service.emulator.install({ phone: "+79996770005", birthday: "2000-02-29" })
      )
      const installer = await signUp("+79996770007", "ev7@example.com")
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () => service.emulator.install({ phone: "+79996770007" }))
      expect((await run(new Date(Date.now() + 2.5 * DAY)))["pass.not_installed"]).toBe(0)
      const notInstalled = await walletPass().listWalletPassStoreEvents({ name: "pass.not_installed" })
      expect(notInstalled.map((e) => e.holder_id).sort()).toEqual([keeps.holder.id, spends.holder.id].sort())
      expect(notInstalled.some((e) => e.holder_id === installer.holder.id)).toBe(false)

      const feb28 = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 1, 28, 12))
      const leap = new Date(Date.UTC(feb28.getUTCFullYear(), 1, 29)).getUTCMonth() === 1
      const birthday = leap ? new Date(Date.UTC(feb28.getUTCFullYear(), 1, 29, 12)) : feb28
      expect((await run(birthday)).birthday).toBe(1)
      expect((await run(birthday)).birthday).toBe(0)
      await waitFor(async () => receivedKeys("+79996770005").includes("birthday"), "the birthday event")
      // The name is the birthday's value: cut to the 100 characters the service takes.
      const [sent] = received("+79996770005").filter((e) => e.event === "birthday")
      expect(sent.value).toBe(`${"K".repeat(99)}…`)
      expect(receivedKeys("+79996770005")).toEqual(expect.arrayContaining(["bonus_expiring", "install_reminder"]))
    })

    it(`the daily cap: ${PER_DAY} store events a day, the rest wait and hold back nothing else`, async () => {
      const phone = "+79996770008"
      const { headers, holder } = await signUp(phone, "ev8@example.com")
      const ORDERS = PER_DAY + 2
      for (let i = 0; i < ORDERS; i++) await placeOrder(api, store, headers)
      await waitFor(async () => receivedKeys(phone).length === PER_DAY, `${PER_DAY} events sent`, 30_000)
      // Every order's bonus went, though two events wait behind the cap.
      await waitFor(async () => {
        const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id, method: "balance_add" })
        return ops.length === ORDERS && ops.every((o) => o.state === "done")
      }, "every accrual sent")
      const waiting = await walletPass().listWalletPassOperations({
        holder_id: holder.id,
        method: "event_send",
        state: "pending",
      })
      expect(waiting).toHaveLength(2)
      expect(receivedKeys(phone)).toHaveLength(PER_DAY)
      const { data } = await api.get("/admin/wallet-pass/status", admin)
      // The plan's rate gate held throughout: the service refused nothing for the rate.
      expect(service.emulator.requests().filter((r) => r.status === 429)).toEqual([])
      expect(data.wallet_pass_status.events).toMatchObject({
        per_day: PER_DAY,
        sent_today: PER_DAY,
        waiting: 2,
        capped: true,
      })
    })
  },
})
