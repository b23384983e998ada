import { OPEN_PRIORITY } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { sendStoreEventWorkflow } from "../../src/workflows/events/send-store-event"
import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService } from "../support/hooks"
import { afterSubscribers, createCart, placeOrder, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(300_000)

// The queue's classes (docs/architecture.md, "The queue"), end to end: the real app, its
// signup and order subscribers, the real drain and the emulated service. Money goes first;
// what anyone who can sign up causes (class c) keeps within dispatcher.openShare of the hour;
// a signup's enrolment moves up when its customer orders; profile updates are spaced; a 429's
// Retry-After is capped; abandoned carts go once per customer and day, under a daily cap. The
// scheduled dispatcher is off: each test drains itself.

/** 40 requests an hour: class c gets 20 (share 0.5, the default). */
const PLAN = { perSecond: 20, perHour: 40 }
const OPEN_PER_HOUR = 20

const { service, env, storeInFront } = externalCrmService("classes-key", {
  WALLET_PASS_DISPATCHER_ENABLED: "false",
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_PLAN: JSON.stringify(PLAN),
  WALLET_PASS_EVENTS: JSON.stringify({ "cart.abandoned": { key: "cart_left", afterMinutes: 30 } }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)
    const drain = (budgetMs = 30_000) => drainQueue(getContainer(), { budgetMs })
    /** The service's log of our requests: path and phone, in the order they arrived. */
    const sent = () =>
      service.emulator
        .requests()
        .filter((r) => r.appKey === "valid")
        .map((r) => ({
          path: r.endpoint.replace(/^\/v2/, ""),
          phone: (r.body as { phone?: string }).phone,
          status: r.status,
        }))
    const signUp = (phone: string, email: string) =>
      registerCustomer(api, store, { email, password: "pw-123456", phone }, { container: getContainer() })
    const order = (headers: Record<string, string>) =>
      afterSubscribers(getContainer(), "order.placed", () => placeOrder(api, store, headers))
    /** Requests sent for class-c work (all within the test's hour). */
    const openSent = async () =>
      (await walletPass().listWalletPassOperations({ priority: { $gte: OPEN_PRIORITY } }, { take: null })).reduce(
        (n, o) => n + o.attempts,
        0
      )

    it("a credit goes before a flood of unproven signups' enrolments; the flood keeps within the open share; a signup who orders is served at once", async () => {
      // A real customer, enrolled.
      const real = await signUp("+79997100001", "real@example.com")
      await drain()
      expect(sent().map((r) => r.phone)).toEqual(["+79997100001", "+79997100001"]) // adoption read, enrolment
      // Bots sign up with new phones: 12 enrolments (24 requests) queued, then the real customer orders.
      for (let i = 0; i < 12; i++) await signUp(`+7999720${String(i).padStart(4, "0")}`, `bot${i}@example.com`)
      await order(real.headers)
      service.emulator.clearRequests()
      await drain()
      // The credit first, though the bots' enrolments were queued before it.
      expect(sent()[0]).toMatchObject({ path: "/crm/balance/add", phone: "+79997100001", status: 200 })
      // The bots: what is left of the open share (20 an hour, 2 used by the real enrolment), the rest waits.
      const botRequests = sent().filter((r) => r.phone?.startsWith("+7999720"))
      expect(botRequests.length).toBeGreaterThan(0)
      expect(botRequests.length).toBeLessThanOrEqual(OPEN_PER_HOUR - 2)
      expect(await openSent()).toBe(OPEN_PER_HOUR)
      const waiting = await walletPass().listWalletPassOperations({ state: "pending" })
      expect(waiting.length).toBe(24 - botRequests.length)
      expect(waiting.every((o) => o.priority >= OPEN_PRIORITY)).toBe(true)

      // A new customer signs up while the share is used: the enrolment waits ...
      service.emulator.clearRequests()
      const late = await signUp("+79997100002", "late@example.com")
      await drain(3_000)
      expect(sent()).toEqual([])
      // ... until the customer orders: it moves up, the credit follows; the bots still wait.
      await order(late.headers)
      await drain()
      // The enrolment carries the credit (coalescing, docs/architecture.md): the bonus is at the service.
      expect(sent().map((r) => [r.path, r.phone])).toEqual([
        ["/crm/read_customer", "+79997100002"],
        ["/crm/user_create_or_update", "+79997100002"],
      ])
      const [lateHolder] = await walletPass().listWalletPassHolders({ customer_id: late.customer.id })
      const credited = (await walletPass().getBalance(lateHolder.id)) / 100
      expect(credited).toBeGreaterThan(0)
      expect(service.emulator.getCustomer("+79997100002")?.balance).toBe(credited)
      expect(await walletPass().listWalletPassOperations({ holder_id: lateHolder.id, method: "balance_add" })).toEqual([
        expect.objectContaining({ state: "resolved" }),
      ])
      expect((await walletPass().listWalletPassOperations({ state: "pending" })).length).toBe(waiting.length)
    })

    it("an account renaming itself every second: one profile update per dispatcher.profileSpacingSeconds, the rest coalesced", async () => {
      const renamer = await signUp("+79997300001", "renamer@example.com")
      await drain()
      const rename = (i: number) =>
        afterSubscribers(getContainer(), "customer.updated", () =>
          api.post("/store/customers/me", { first_name: `Name ${i}` }, { headers: renamer.headers })
        )
      await rename(0)
      await drain()
      for (let i = 1; i <= 10; i++) {
        await rename(i)
        await drain(1_500)
      }
      const profiles = sent().filter((r) => r.path === "/crm/user_create_or_update" && r.phone === "+79997300001")
      // The enrolment and one profile update; the ten later names wait as one update, due 300 s after it.
      expect(profiles).toHaveLength(2)
      const [holder] = await walletPass().listWalletPassHolders({ customer_id: renamer.customer.id })
      const pending = await walletPass().listWalletPassOperations({ holder_id: holder.id, state: "pending" })
      expect(pending).toHaveLength(1)
      expect(pending[0].payload).toMatchObject({ type: "profile" })
      expect(new Date(pending[0].next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(250_000)
    })

    it("a 429 with a Retry-After of an hour holds the queue no longer than dispatcher.maxRetryAfterSeconds (60 s)", async () => {
      const customer = await signUp("+79997400001", "limited@example.com")
      await drain()
      service.emulator.injectFault({ kind: "rate_limit", retryAfterSeconds: 3600, path: "/crm/balance/add" })
      await order(customer.headers)
      await drain(2_000)
      expect(sent().filter((r) => r.status === 429)).toHaveLength(1)
      const health = await walletPass().getQueueHealth()
      const blockedFor = new Date(health.blocked_until!).getTime() - Date.now()
      expect(blockedFor).toBeGreaterThan(50_000)
      expect(blockedFor).toBeLessThanOrEqual(60_000)
      const [credit] = await walletPass().listWalletPassOperations({ method: "balance_add" })
      expect(new Date(credit.next_attempt_at!).getTime() - Date.now()).toBeLessThanOrEqual(60_000)
    })

    it("abandoned carts: once per customer and day however many carts, and a daily cap by default", async () => {
      const maker = await signUp("+79997500001", "carts@example.com")
      await drain()
      const carts = []
      for (let i = 0; i < 3; i++) carts.push(await createCart(api, store, maker.headers))
      const results = []
      for (const cart of carts) {
        const { result } = await sendStoreEventWorkflow(getContainer()).run({
          input: {
            name: "cart.abandoned",
            entity_id: cart.id,
            occurrence: 1,
            customer_id: maker.customer.id,
            value: "1 item(s)",
          },
        })
        results.push(result)
      }
      expect(results.map((r) => r.state)).toEqual(["queued", "skipped", "skipped"])
      expect(results[1]).toMatchObject({ reason: "the customer had this event within 24 h" })
      // A day later, the customer's next abandoned cart goes again.
      const { result: nextDay } = await sendStoreEventWorkflow(getContainer()).run({
        input: {
          name: "cart.abandoned",
          entity_id: carts[2].id,
          occurrence: 2,
          customer_id: maker.customer.id,
          value: "1 item(s)",
          at: new Date(Date.now() + 25 * 3_600_000).toISOString(),
        },
      })
      expect(nextDay.state).toBe("queued")
      // Two detections at once, two days later: one event, the other recorded as skipped.
      const more = [await createCart(api, store, maker.headers), await createCart(api, store, maker.headers)]
      const at = new Date(Date.now() + 50 * 3_600_000).toISOString()
      const together = await Promise.all(
        more.map((cart) =>
          sendStoreEventWorkflow(getContainer()).run({
            input: {
              name: "cart.abandoned",
              entity_id: cart.id,
              customer_id: maker.customer.id,
              value: "1 item(s)",
              at,
            },
          })
        )
      )
      expect(together.map(({ result }) => result.state).sort()).toEqual(["queued", "skipped"])
      // eventsPerDay unset, events mapped: a tenth of the plan's day (40 an hour × 24 / 10).
      const { data } = await api.get("/admin/wallet-pass/status", admin)
      expect(data.wallet_pass_status.events).toMatchObject({ per_day: 96 })
    })
  },
})
