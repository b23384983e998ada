import { OPEN_PRIORITY, OPERATION_PRIORITY } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService, waitFor, waitForHolder } from "../support/hooks"
import { afterSubscribers, placeOrder, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"

jest.setTimeout(300_000)

// docs/security.md, "The queue's classes": a signup's enrolment waiting in class c (open)
// moves up to class b when its customer orders, whatever the order earned. The program's rate
// here is 0%: an unproven account's order earns nothing, and writes no ledger entry. The
// scheduled dispatcher is off: each test drains itself.

/** 40 requests an hour: class c gets 20 (share 0.5, the default). */
const PLAN = { perSecond: 20, perHour: 40 }

const { service, env, storeInFront } = externalCrmService("order-moves-key", {
  WALLET_PASS_DISPATCHER_ENABLED: "false",
  WALLET_PASS_BONUS_PERCENT: "0",
  WALLET_PASS_PLAN: JSON.stringify(PLAN),
  // The scheduled sweep stays off: the sweep test runs it through the admin route.
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)
    const drain = (budgetMs = 30_000) => drainQueue(getContainer(), { budgetMs })
    const signUp = (phone: string, email: string) =>
      registerCustomer(api, store, { email, password: "pw-123456", phone }, { container: getContainer() })
    /** Bots sign up with new phones: `count` enrolments (a read and an enrolment each) queued in class c. */
    const bots = async (prefix: string, count: number) => {
      for (let i = 0; i < count; i++)
        await signUp(`${prefix}${String(i).padStart(3, "0")}`, `${prefix.slice(-4)}-${i}@bots.example`)
    }
    /** The customer's holder and its requests waiting: a read of the service and the enrolment. */
    const waitingEnrolment = async (customerId: string) => {
      const holder = await waitForHolder(getContainer(), customerId, () => true, "the holder")
      const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id, state: "pending" })
      return {
        holder,
        ops: ops.map((o) => ({ method: o.method, type: (o.payload as { type?: string }).type, priority: o.priority })),
      }
    }
    const sentPhones = () =>
      service.emulator
        .requests()
        .filter((r) => r.appKey === "valid")
        .map((r) => (r.body as { phone?: string }).phone)

    it("an unproven account's order that earns nothing (0%) moves its enrolment from class c to class b: it goes before the bots' backlog", async () => {
      await bots("+79998100", 6)
      const shopper = await signUp("+79998200001", "shopper@example.com")
      const before = await waitingEnrolment(shopper.customer.id)
      expect(before.ops).toHaveLength(2)
      expect(before.ops.every((o) => o.priority >= OPEN_PRIORITY)).toBe(true)

      let orderId = ""
      await afterSubscribers(getContainer(), "order.placed", async () => {
        orderId = (await placeOrder(api, store, shopper.headers)).id
      })
      // It earned nothing: no ledger entry was written for it.
      expect(await walletPass().listWalletPassLedgerEntries({ order_id: orderId })).toEqual([])
      const after = await waitingEnrolment(shopper.customer.id)
      expect(after.ops).toEqual([
        expect.objectContaining({ priority: OPERATION_PRIORITY.enrolment }),
        expect.objectContaining({ priority: OPERATION_PRIORITY.enrolment }),
      ])

      // The shopper's read and enrolment go first, though the bots' were queued before them.
      service.emulator.clearRequests()
      await drain()
      expect(sentPhones().slice(0, 2)).toEqual(["+79998200001", "+79998200001"])
      expect(sentPhones().filter((p) => p?.startsWith("+79998100")).length).toBeGreaterThan(0)
    })

    it("an order whose order.placed was dropped moves its customer's enrolment up when the order sweep handles its placing", async () => {
      await bots("+79998300", 3)
      const shopper = await signUp("+79998400001", "swept@example.com")
      const restore = dropEvents(getContainer(), ["order.placed"])
      await placeOrder(api, store, shopper.headers)
      restore()
      expect((await waitingEnrolment(shopper.customer.id)).ops.every((o) => o.priority >= OPEN_PRIORITY)).toBe(true)

      await waitFor(
        async () => {
          const { data } = await api.post("/admin/wallet-pass/order-sweep", {}, admin)
          return data.order_sweep_run.found > 0
        },
        "a sweep that finds the order's placing",
        15_000
      )
      const after = await waitingEnrolment(shopper.customer.id)
      expect(after.ops).toHaveLength(2)
      expect(after.ops.every((o) => o.priority === OPERATION_PRIORITY.enrolment)).toBe(true)
    })
  },
})
