import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS } from "../../src/modules/wallet-pass"
import { QueueRepository } from "../../src/modules/wallet-pass/repositories/queue"
import { drainQueue } from "../../src/outbound/drain"
import { detectStoreEvents } from "../../src/workflows/events/detect-store-events"
import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService, FAST_PLAN, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import {
  afterSubscribers,
  createCart,
  guestHeaders,
  placeOrder,
  registerCustomer,
  shipAndReturn,
} from "../support/store"
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
  // No window: these tests make several carts of one customer (the window: queue-classes.spec.ts).
  "cart.abandoned": { key: "cart_left", afterMinutes: 30, windowHours: 0 },
  "bonus.expiring": { key: "bonus_expiring", daysBefore: 3 },
  birthday: "birthday",
  "pass.not_installed": { key: "install_reminder", afterDays: 2 },
}
const PER_DAY = 8
const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
/** The service's event/send, as its request log names it. */
const EVENT_SEND = "/crm/event/send"

const { service, env, storeInFront } = externalCrmService("events-key", {
  WALLET_PASS_BONUS_PERCENT: "1",
  WALLET_PASS_EVENTS: JSON.stringify(EVENTS),
  WALLET_PASS_EVENTS_PER_DAY: String(PER_DAY),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)

    /** The events the service received for a phone, oldest first. */
    const received = (phone: string) => service.emulator.snapshot().events.filter((e) => e.phone === phone)
    /** The event/send requests that reached the service (its request log), for a phone and a key when given. */
    const eventSends = (phone?: string, key?: string) =>
      service.emulator.requests().filter((r) => {
        const body = r.body as { phone?: string; event?: string }
        return r.endpoint === EVENT_SEND && (!phone || body.phone === phone) && (!key || body.event === key)
      })
    const db = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
    const receivedKeys = (phone: string) => received(phone).map((e) => e.event)
    const settled = async (holderId: string) => !!(await requestsAnswered(getContainer(), holderId))
    /** Runs `act` and waits until the plugin's subscribers of `event` are done. */
    const handled = (event: string, act: () => Promise<unknown>) => afterSubscribers(getContainer(), event, act)
    const emit = (name: string, data: Record<string, unknown>) =>
      handled(name, () => getContainer().resolve(Modules.EVENT_BUS).emit({ name, data }))

    const signUp = (phone: string, email: string, firstName = "Vera") =>
      signUpEnrolled(
        api,
        store,
        getContainer(),
        { email, phone, first_name: firstName },
        { ready: (h) => settled(h.id), timeoutMs: 20_000 }
      )

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
      const { data } = await api.get(`/admin/customers/${holder.customer_id}/wallet-pass/store-events`, admin)
      expect(data.store_events.map((e: { key: string }) => e.key)).toEqual(
        expect.arrayContaining(["purchase", "packed", "shipped", "delivered", "completed", "canceled"])
      )
      expect(data.store_events).toHaveLength(7)
    })

    it("a return received sends once; a customer without a pass is skipped with the reason; an unmapped event sends nothing", async () => {
      const phone = "+79996770002"
      const { headers, holder } = await signUp(phone, "ev2@example.com")
      const order = await placeOrder(api, store, headers)
      const ret = await shipAndReturn(api, getContainer(), store, admin, order)
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
        reason: null,
        reason_code: expect.stringMatching(/^event_(no_pass|not_enrolled)$/),
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

    it("a guest's order (Medusa's guest customer, no account, no pass) is skipped as a guest's and sends nothing", async () => {
      const guest = guestHeaders(store)
      const cart = await createCart(api, store, guest)
      await api.post(`/store/carts/${cart.id}`, { email: "guest1@example.com" }, { headers: guest })
      const order = await placeOrder(api, store, guest, cart.id)
      // Medusa v2 gives a guest checkout a customer of its own, without an account.
      const [customer] = await getContainer()
        .resolve(Modules.CUSTOMER)
        .listCustomers({ email: "guest1@example.com" }, { select: ["id", "has_account"] })
      expect(customer).toMatchObject({ has_account: false })
      const { data: orders } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["customer_id"], filters: { id: order.id } })
      expect(orders[0].customer_id).toBe(customer.id)

      const [record] = await waitFor(async () => {
        const rows = await walletPass().listWalletPassStoreEvents({ entity_id: order.id })
        return rows.length > 0 && rows
      }, "the guest order's event")
      expect(record).toMatchObject({
        name: "order.placed",
        key: "purchase",
        state: "skipped",
        customer_id: customer.id,
        holder_id: null,
        operation_id: null,
        // Kept as its code (src/lib/reasons.ts): the admin words it in its language.
        reason: null,
        reason_code: "event_guest",
        reason_values: {},
      })
      await emit("order.placed", { id: order.id }) // delivered again: nothing more
      expect(await walletPass().listWalletPassStoreEvents({ entity_id: order.id })).toHaveLength(1)
      expect(await walletPass().listWalletPassOperations({ method: "event_send" })).toEqual([])
      expect(eventSends()).toEqual([])
    })

    it("an abandoned cart: once after the idle time, not for a completed or a guest's cart, not for one touched late in its idle time, again only when changed, idle and a day later", async () => {
      const phone = "+79996770004"
      const { headers, holder } = await signUp(phone, "ev4@example.com")
      const cart = await createCart(api, store, headers)
      const completed = await createCart(api, store, headers)
      await placeOrder(api, store, headers, completed.id) // a completed cart never counts
      // A guest's cart with an email has Medusa's guest customer (no account): not a holder's.
      const guest = guestHeaders(store)
      const guestCart = await createCart(api, store, guest)
      await api.post(`/store/carts/${guestCart.id}`, { email: "guest4@example.com" }, { headers: guest })
      const {
        data: [guestCartRow],
      } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "cart", fields: ["customer_id", "customer.has_account"], filters: { id: guestCart.id } })
      expect(guestCartRow).toMatchObject({ customer_id: expect.any(String), customer: { has_account: false } })
      const records = () => walletPass().listWalletPassStoreEvents({ name: "cart.abandoned" })
      const at = (ms: number) => detectStoreEvents(getContainer(), new Date(Date.now() + ms))
      const sentFor = async (...runs: Promise<Awaited<ReturnType<typeof at>>>[]) =>
        (await Promise.all(runs)).reduce((n, run) => n + run["cart.abandoned"], 0)

      // The cart was made 25 of its 30 idle minutes ago (its rows' times moved back) ...
      for (const table of ["cart", "cart_line_item"]) {
        await db().raw(
          `UPDATE ${table} SET created_at = created_at - interval '25 minutes', updated_at = updated_at - interval '25 minutes'
            WHERE ${table === "cart" ? "id" : "cart_id"} = ?`,
          [cart.id]
        )
      }
      expect(await sentFor(at(0))).toBe(0) // not idle long enough
      // ... and is touched now, late in its idle time: 20 minutes on it is 45 minutes old but
      // only 20 idle, and the idle time runs from the touch.
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 1 }, { headers })
      expect(await sentFor(at(20 * MINUTE))).toBe(0)
      // Idle long enough: one event, though detection runs twice at once and once more.
      expect(await sentFor(at(31 * MINUTE), at(31 * MINUTE))).toBe(1)
      expect(await sentFor(at(40 * MINUTE))).toBe(0)
      const [first, ...others] = await records()
      expect(others).toEqual([]) // not the completed cart, not the guest's
      expect(first).toMatchObject({
        entity_id: cart.id,
        state: "queued",
        value: expect.stringMatching(/^2 item\(s\), /),
      })
      await waitFor(
        async () => (await settled(holder.id)) && eventSends(phone, "cart_left").length > 0,
        "the cart event"
      )
      expect(eventSends(phone, "cart_left")).toHaveLength(1)

      // It changes and idles again: not within a day of the last one, then once more.
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 1 }, { headers })
      expect(await sentFor(at(31 * MINUTE))).toBe(0)
      expect(await sentFor(at(DAY + 31 * MINUTE), at(DAY + 31 * MINUTE))).toBe(1)
      expect(await sentFor(at(DAY + 40 * MINUTE))).toBe(0)
      await waitFor(
        async () => (await settled(holder.id)) && eventSends(phone, "cart_left").length === 2,
        "two cart events"
      )
      expect(eventSends(phone, "cart_left")).toHaveLength(2)
      expect(
        received(phone)
          .filter((e) => e.event === "cart_left")
          .map((e) => e.value)
      ).toEqual([expect.stringMatching(/^2 item\(s\), /), expect.stringMatching(/^3 item\(s\), /)])
    })

    it("bonus.expiring once per credit, not for one spent or reversed (its entry canceled, as a workflow's compensation does); birthday once a year; pass.not_installed with the install link, not for a holder who installed; each sent once however often detection runs", async () => {
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
      // A credit reversed: its entry canceled, as a workflow's compensation cancels the entry
      // it wrote (withdrawLedgerChange). It lapses within the window and is not spent: only
      // its reversal keeps it from being announced.
      const reversed = await walletPass().applyLedgerEntry({
        holder_id: keeps.holder.id,
        amount: 700,
        kind: "manual",
        dedupe_key: "store-events:reversed-credit",
        lifetime_seconds: (4 * DAY) / 1000,
      })
      expect(await walletPass().cancelLedgerEntry({ id: reversed.entry.id })).toBe(true)
      const run = (at: Date) => detectStoreEvents(getContainer(), at)
      /** Detection run twice at once, then once more: what each kind handed to the queue in all. */
      const runThrice = async (at: Date) => {
        const runs = [...(await Promise.all([run(at), run(at)])), await run(at)]
        return Object.fromEntries(
          (["bonus.expiring", "birthday", "pass.not_installed"] as const).map((e) => [
            e,
            runs.reduce((n, r) => n + r[e], 0),
          ])
        )
      }

      const soon = new Date(Date.now() + 2.5 * DAY)
      expect(new Date(credit.expires_at!).getTime()).toBeGreaterThan(soon.getTime())
      expect(await runThrice(soon)).toMatchObject({ "bonus.expiring": 1, "pass.not_installed": 2 })
      const [expiring] = await walletPass().listWalletPassStoreEvents({ name: "bonus.expiring" })
      const day = new Date(credit.expires_at!).toISOString().slice(0, 10)
      expect(expiring).toMatchObject({ entity_id: credit.id, holder_id: keeps.holder.id, value: `10.00 on ${day}` })
      await waitFor(
        async () => (await settled(keeps.holder.id)) && (await settled(spends.holder.id)),
        "the detected events sent"
      )
      expect(eventSends("+79996770005", "bonus_expiring").map((r) => (r.body as { value?: string }).value)).toEqual([
        `10.00 on ${day}`,
      ])
      expect(eventSends("+79996770006", "bonus_expiring")).toEqual([])
      // The install reminder's value is the holder's install link (docs/store-events.md).
      for (const { holder } of [keeps, spends]) {
        const [h] = await walletPass().listWalletPassHolders({ id: holder.id })
        const hash = service.emulator.getCustomer(h.phone!)!.userHash
        expect(h.form_url).toBe(`${service.emulator.origin}/form?hash=${hash}`)
        expect(eventSends(h.phone!, "install_reminder").map((r) => (r.body as { value?: string }).value)).toEqual([
          h.form_url,
        ])
      }

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
      expect((await runThrice(birthday)).birthday).toBe(1)
      await waitFor(
        async () => (await settled(keeps.holder.id)) && (await settled(installer.holder.id)),
        "the birthday event sent"
      )
      // The name is the birthday's value: cut to the 100 characters the service takes.
      expect(eventSends("+79996770005", "birthday").map((r) => (r.body as { value?: string }).value)).toEqual([
        `${"K".repeat(99)}…`,
      ])
      expect(eventSends("+79996770007", "install_reminder")).toEqual([])
      expect(eventSends("+79996770005", "bonus_expiring")).toHaveLength(1)
      expect(eventSends("+79996770005", "install_reminder")).toHaveLength(1)
    })

    it(`the daily cap: ${PER_DAY} store-event requests a UTC day, one tried again counted once; the rest wait, hold back nothing else and go the next day, oldest first`, async () => {
      const phone = "+79996770008"
      const { headers, holder } = await signUp(phone, "ev8@example.com")
      // The first event/send is refused once (429): tried again, it is still one request of the day.
      service.emulator.injectFault({ kind: "rate_limit", path: EVENT_SEND, count: 1 })
      const ORDERS = PER_DAY + 2
      for (let i = 0; i < ORDERS; i++) await placeOrder(api, store, headers)
      await waitFor(async () => receivedKeys(phone).length === PER_DAY, `${PER_DAY} events sent`, 30_000)
      // Every order's bonus went, though two events wait behind the cap.
      await waitFor(async () => {
        const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id, method: "balance_add" })
        return ops.length === ORDERS && ops.every((o) => o.state === "done")
      }, "every accrual sent")
      const eventOps = async () =>
        (await walletPass().listWalletPassOperations({ holder_id: holder.id, method: "event_send" })).sort(
          (a, b) => +new Date(a.created_at) - +new Date(b.created_at)
        )
      const waiting = (await eventOps()).filter((o) => o.state === "pending")
      const sent = (await eventOps()).filter((o) => o.state === "done").map((o) => o.id)
      expect(waiting).toHaveLength(2)
      expect(sent).toHaveLength(PER_DAY)
      expect(receivedKeys(phone)).toHaveLength(PER_DAY)
      expect(eventSends(phone).map((r) => r.status)).toEqual([429, ...Array(PER_DAY).fill(200)])
      // The plan's rate gate held throughout: the service refused nothing for the rate itself.
      expect(service.emulator.requests().filter((r) => r.status === 429 && !r.fault)).toEqual([])
      const status = async () => (await api.get("/admin/wallet-pass/status", admin)).data.wallet_pass_status.events
      expect(await status()).toMatchObject({ per_day: PER_DAY, sent_today: PER_DAY, waiting: 2, capped: true })

      // The day is UTC's whatever the time zone of the database session: what the queue would
      // send next with today's requests moved to between the two midnights (rolled back).
      const nextWithSessionIn = async (timeZone: string, sentAt: Date) => {
        const trx = await db().transaction()
        try {
          await trx.raw(`SET LOCAL TIME ZONE '${timeZone}'`)
          await trx.raw(`UPDATE wallet_pass_operation SET sending_at = ? WHERE id = ANY(?)`, [sentAt, sent])
          await trx.raw(`UPDATE wallet_pass_api_call SET started_at = ? WHERE operation_id = ANY(?)`, [sentAt, sent])
          return await new QueueRepository(trx).pickNextOperation({
            lock: false,
            backgroundPerHour: 1_000_000,
            eventsPerDay: PER_DAY,
          })
        } finally {
          await trx.rollback()
        }
      }
      // Zones without summer time, east and west: at most hours of the day some have their
      // midnight before UTC's and some after it.
      for (const [timeZone, offsetHours] of [
        ["Pacific/Kiritimati", 14],
        ["Africa/Lagos", 1],
        ["Atlantic/Cape_Verde", -1],
        ["Pacific/Pago_Pago", -11],
      ] as const) {
        const now = Date.now()
        const utcMidnight = Math.floor(now / DAY) * DAY
        const zoneMidnight = Math.floor((now + offsetHours * HOUR) / DAY) * DAY - offsetHours * HOUR
        const next = await nextWithSessionIn(timeZone, new Date((utcMidnight + zoneMidnight) / 2))
        if (zoneMidnight > utcMidnight) {
          // Sent today in UTC (yesterday there): the cap still holds.
          expect(waiting.map((o) => o.id)).not.toContain(next?.id)
        } else {
          // Sent yesterday in UTC (today there): a new day, the oldest waiting goes.
          expect(next?.id).toBe(waiting[0].id)
        }
      }

      // The next day: today's requests were sent yesterday (their times moved back a day).
      await db().transaction(async (trx) => {
        await trx.raw(`UPDATE wallet_pass_operation SET sending_at = sending_at - interval '1 day' WHERE id = ANY(?)`, [
          sent,
        ])
        await trx.raw(
          `UPDATE wallet_pass_api_call SET started_at = started_at - interval '1 day' WHERE operation_id = ANY(?)`,
          [sent]
        )
      })
      await waitFor(async () => receivedKeys(phone).length === ORDERS, "the waiting events sent the next day", 20_000)
      // Oldest first.
      expect(
        received(phone)
          .slice(PER_DAY)
          .map((e) => e.value)
      ).toEqual(waiting.map((o) => (o.payload as { value?: string }).value))
      await waitFor(async () => settled(holder.id), "the queue settled")
      expect(await status()).toMatchObject({ sent_today: 2, waiting: 0, capped: false })
    })

    it("the rate gate holds on a tight plan (2 a second): many events at once, no 429, never more than 2 requests in a second", async () => {
      const TIGHT = { perSecond: 2, perHour: 100_000 }
      const CARTS = 6
      const phone = "+79996770009"
      const { headers, holder } = await signUp(phone, "ev9@example.com")
      for (let i = 0; i < CARTS; i++) await createCart(api, store, headers)
      await waitFor(async () => settled(holder.id), "the enrolment settled")
      const options = walletPass().getOptions()
      const plan = options.plan
      options.plan = TIGHT
      service.emulator.setLimits(TIGHT)
      try {
        await drainQueue(getContainer()) // a drain begun on the fast plan ends first
        service.emulator.clearRequests()
        expect((await detectStoreEvents(getContainer(), new Date(Date.now() + 31 * MINUTE)))["cart.abandoned"]).toBe(
          CARTS
        )
        const log = () => service.emulator.requests().filter((r) => r.appKey === "valid")
        // Until every event went, or the service refused one for the rate (the gate broke).
        await waitFor(
          async () =>
            log().some((r) => r.status === 429) ||
            ((await settled(holder.id)) && eventSends(phone, "cart_left").length === CARTS),
          "the cart events sent",
          30_000
        )
        expect(log().filter((r) => r.status === 429)).toEqual([])
        const times = log()
          .map((r) => r.receivedAtMonotonic)
          .sort((a, b) => a - b)
        // Any TIGHT.perSecond + 1 requests in a row span a second at least.
        const crowded = times.flatMap((t, i) =>
          i >= TIGHT.perSecond && t - times[i - TIGHT.perSecond] < 1000 ? [t - times[i - TIGHT.perSecond]] : []
        )
        expect(crowded).toEqual([])
        expect(log().length).toBeGreaterThanOrEqual(CARTS)
      } finally {
        options.plan = plan
        service.emulator.setLimits(FAST_PLAN)
      }
    })
  },
})
