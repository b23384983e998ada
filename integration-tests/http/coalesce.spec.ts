import { ledgerKeys, OPERATION_PRIORITY, operationKeys } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor } from "../support/hooks"
import { placeOrder, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Coalescing under backlog (docs/architecture.md, "Coalescing"), end to end: the real drain
// sends the queue to the emulated service (external-CRM mode, echo hooks to the store). The
// scheduled dispatcher is off: each test builds a backlog, then drains it itself.

const APP_KEY = "coalesce-key"
const USER = "/crm/user_create_or_update"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  WALLET_PASS_DISPATCHER_ENABLED: "false",
  WALLET_PASS_ECHO_GRACE_SECONDS: "1",
  WALLET_PASS_BONUS_PERCENT: "5",
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })

    const apiRequests = () => service.emulator.requests().filter((r) => r.appKey === "valid" && r.status !== 429)
    const paths = () => apiRequests().map((r) => r.endpoint.replace(/^\/v2/, ""))

    async function holderAtService(phone: string, balance = 0) {
      service.emulator.seedCustomer({ phone, name: "Olga", balance })
      return (
        await walletPass().createWalletPassHolders({
          phone,
          source: "admin",
          enrollment_state: "enrolled",
          adoption_state: "adopted",
        })
      ).id
    }
    const credit = (holderId: string, key: string, amount: number) =>
      walletPass().applyLedgerEntryAndEnqueue(
        { holder_id: holderId, amount, kind: "manual", dedupe_key: key },
        {
          method: "balance_add",
          payload: {},
          dedupe_key: operationKeys.forEntry(key),
          priority: OPERATION_PRIORITY.money,
        }
      )
    const ledger = async (holderId: string) => (await walletPass().getBalance(holderId)) / 100
    const drain = () => drainQueue(getContainer(), { budgetMs: 20_000 })

    it("three waiting credits reach the service as one balance set, and no echo is awaited for them", async () => {
      const h = await holderAtService("+79996660001", 10)
      await walletPass().applyLedgerEntry({
        holder_id: h,
        amount: 1000,
        kind: "opening_balance",
        dedupe_key: ledgerKeys.opening(h),
      })
      for (const [i, amount] of [150, 275, 1].entries()) await credit(h, `c3:${i}`, amount)
      await drain()
      expect(paths()).toEqual([USER])
      // Only the balance: a set never shares its request with a push or a profile.
      const { app_key: _key, ...body } = apiRequests()[0].body as Record<string, unknown>
      expect(body).toEqual({ phone: "+79996660001", balance: 14.26 })
      expect(service.emulator.getCustomer("+79996660001")?.balance).toBe(await ledger(h))
      // A set is not a balance/add: the service sends no addBalance hook for it.
      expect(service.emulator.hooks().filter((x) => x.method === "addBalance")).toEqual([])
      const ops = await walletPass().listWalletPassOperations({ holder_id: h }, { order: { created_at: "ASC" } })
      const set = ops.find((o) => o.method === "user_create_or_update")!
      expect(set).toMatchObject({ state: "done", payload: { type: "balance_sync", reason: "coalesced" } })
      expect(ops.filter((o) => o.method === "balance_add").map((o) => [o.state, o.result?.coalesced_into])).toEqual([
        ["resolved", set.id],
        ["resolved", set.id],
        ["resolved", set.id],
      ])
    })

    it("a service credit of a carried change's amount is a new credit, not that change's echo", async () => {
      const h = await holderAtService("+79996660002")
      await credit(h, "echo:a", 500)
      await credit(h, "echo:b", 700)
      await drain()
      expect(await ledger(h)).toBe(12)
      // Within the echo window (1 s here: well inside it), the service credits 5.00 itself.
      await service.emulator.adjustBalance({ phone: "+79996660002", sum: 5 })
      expect(await ledger(h)).toBe(17)
      const credits = await walletPass().listWalletPassLedgerEntries({ holder_id: h, kind: "service_credit" })
      expect(credits).toHaveLength(1)
      expect(service.emulator.getCustomer("+79996660002")?.balance).toBe(17)
    })

    it("a lone change still goes as balance/add", async () => {
      const h = await holderAtService("+79996660003")
      await credit(h, "lone", 250)
      await drain()
      expect(paths()).toEqual(["/crm/balance/add"])
      await waitFor(
        async () => service.emulator.getCustomer("+79996660003")?.balance === 2.5,
        "the echo answered",
        10_000
      )
    })

    it("a set whose answer was lost is sent again once it can no longer land late, and nothing is doubled", async () => {
      const h = await holderAtService("+79996660004")
      await credit(h, "lost:a", 300)
      await credit(h, "lost:b", 400)
      service.emulator.injectFault({ kind: "drop_after_apply", path: USER })
      await drain()
      const [set] = await walletPass().listWalletPassOperations({ holder_id: h, method: "user_create_or_update" })
      expect(set).toMatchObject({ state: "pending" })
      await waitFor(
        async () => {
          await drain()
          const [again] = await walletPass().listWalletPassOperations({ id: set.id })
          return again.state === "done"
        },
        "the set sent again after its hold",
        15_000
      )
      expect(paths()).toEqual([USER, USER])
      expect(await ledger(h)).toBe(7)
      expect(service.emulator.getCustomer("+79996660004")?.balance).toBe(7)
    })

    it("the forecast counts the backlog, the last hour's arrivals and what went inside other requests", async () => {
      const { headers } = await createAdminHeaders(getContainer())
      const forecast = async () => (await api.get("/admin/wallet-pass/forecast", { headers })).data.forecast
      const h = await holderAtService("+79996660006")
      for (let i = 0; i < 4; i++) await credit(h, `fc:${i}`, 100)
      expect(await forecast()).toMatchObject({
        backlog: 4,
        arrived_last_hour: 4,
        carried_last_hour: 0,
        sent_last_hour: 0,
        capacity_per_hour: 100_000,
        keeps_up: true,
        suggested_plan: null,
      })
      await drain()
      // One set carried the four: five operations arrived, four of them cost nothing.
      expect(await forecast()).toMatchObject({
        backlog: 0,
        drain_seconds: 0,
        arrived_last_hour: 5,
        carried_last_hour: 4,
        demand_per_hour: 1,
        sent_last_hour: 1,
      })
      const refused = await api
        .get("/admin/wallet-pass/forecast?days=3", { headers })
        .catch((e: { response: { status: number; data: { type: string } } }) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.type).toBe("invalid_data")
    })

    it("an order placed before the signup's enrolment went out rides on the enrolment", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "rider@example.com", password: "pw-123456", phone: "+79996660005", first_name: "Rita" },
        { container: getContainer() }
      )
      await placeOrder(api, store, headers)
      const [holder] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
      await waitFor(
        async () =>
          (await walletPass().listWalletPassOperations({ holder_id: holder.id, method: "balance_add" })).length,
        "the order's accrual queued",
        15_000
      )
      // The enrolment's first send is cut off before the service applies it: sent again, it
      // must still carry the balance it took over.
      service.emulator.injectFault({ kind: "reset", path: USER })
      await waitFor(
        async () => {
          await drain()
          const [enrol] = await walletPass().listWalletPassOperations({
            holder_id: holder.id,
            method: "user_create_or_update",
          })
          return enrol?.state === "done"
        },
        "the enrolment sent again after its hold",
        20_000
      )
      // The adoption read (the phone is new to the service), then the enrolment with the
      // balance, twice: the first cut off.
      expect(paths()).toEqual(["/crm/read_customer", USER, USER])
      expect(apiRequests()[2].body).toMatchObject({ phone: "+79996660005", name: "Rita", balance: 5 })
      const ops = await walletPass().listWalletPassOperations(
        { holder_id: holder.id },
        { order: { created_at: "ASC" } }
      )
      expect(ops.map((o) => [o.method, o.payload.type ?? null, o.state])).toEqual([
        ["read_customer", "adopt", "done"],
        ["user_create_or_update", "enroll", "done"],
        ["balance_add", null, "resolved"],
      ])
      expect(service.emulator.getCustomer("+79996660005")).toMatchObject({ balance: 5, remoteId: customer.id })
    })
  },
})
