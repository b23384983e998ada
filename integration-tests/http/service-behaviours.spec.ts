/**
 * The description's unknowns, played through the whole store (docs/emulator.md, "Service
 * behaviours"; docs/service-api.md, "Failures" and "Limits"): each answer over a limit, each
 * error body shape, float noise in the hooks' amounts. Expected values come from the
 * description (an order of 33.33 + 10 at 5 % earns 1.66; a hook's 12.300000000000002 is 12.30).
 */
import type { OverLimitAnswer } from "../../src/emulator"
import { adminHeadersEachTest } from "../support/admin"
import { externalCrmService, holderOperations, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { placeOrder } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const APP_KEY = "service-behaviours-key"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront(
      { api, getContainer },
      { seed: { itemPrice: 33.33, shippingPrice: 10 }, resetEachTest: true }
    )
    const admin = adminHeadersEachTest(getContainer)
    const operationsOf = (holderId: string) => holderOperations(getContainer(), holderId)
    const signUp = (phone: string, email: string) =>
      signUpEnrolled(api, store, getContainer(), { email, phone, first_name: "Anna" }, { relations: ["cards"] })
    const ledgerMatchesService = async (holderId: string, phone: string) => {
      const ledger = (await walletPass().getBalance(holderId)) / 100
      return service.emulator.getCustomer(phone)?.balance === ledger && ledger
    }

    describe("an order's balance/add meets each answer over the limit three times", () => {
      it.each([
        ["429", "+79995560001", 429],
        ["429_no_retry_after", "+79995560002", 429],
        ["503", "+79995560003", 503],
        ["200_success_false", "+79995560004", 200],
      ] as [OverLimitAnswer, string, number][])(
        "%s: not applied, sent again at the rate, applied exactly once",
        async (overLimit, phone, status) => {
          service.emulator.setBehaviours({ overLimit })
          const { headers, holder } = await signUp(phone, `${overLimit}@example.com`)
          service.emulator.injectFault({ kind: "rate_limit", retryAfterSeconds: 1, path: "/crm/balance/add", count: 3 })
          await placeOrder(api, store, headers)
          await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "the credit", 60_000)
          expect(await waitFor(() => ledgerMatchesService(holder.id, phone), "service = ledger", 10_000)).toBe(1.66)
          expect(await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id })).toHaveLength(1)
          expect((await operationsOf(holder.id)).find((o) => o.method === "balance_add")).toMatchObject({
            state: "done",
            attempts: 4,
          })
          const adds = service.emulator.requests().filter((r) => r.endpoint === "/crm/balance/add")
          expect(adds.map((r) => r.status)).toEqual([status, status, status, 200])
          // Each refusal holds the request about the rate (1 s: Retry-After, or the plan's rate),
          // not a backoff for a failing service nor the echo grace of an ambiguous answer.
          const gaps = adds.slice(1).map((r, i) => r.receivedAt - adds[i].receivedAt)
          for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900)
          expect(adds[3].receivedAt - adds[0].receivedAt).toBeLessThan(10_000)
          // The service's credit equals the ledger's: the 1.66 went once.
          expect(service.emulator.getCustomer(phone)!.balance).toBe(1.66)
        }
      )
    })

    describe("each error body shape gives a clear last_error", () => {
      it.each([
        ["message", "+79995560011"],
        ["text", "+79995560012"],
      ] as const)("%s: the service's text is in the refused request's last_error", async (errorBody, phone) => {
        const { holder } = await signUp(phone, `${errorBody}-shape@example.com`)
        await waitFor(() => requestsAnswered(getContainer(), holder.id), "the enrolment", 30_000)
        service.emulator.setBehaviours({ errorBody })
        service.emulator.injectFault({ kind: "status", status: 400, path: "/crm/user_create_or_update", count: 10 })
        await api.post(`/admin/customers/${holder.customer_id}`, { last_name: "Shape" }, admin)
        const refused = await waitFor(
          async () =>
            (await operationsOf(holder.id)).find(
              (o) => o.method === "user_create_or_update" && o.last_error && o.state !== "done"
            ),
          "a refused profile update",
          30_000
        )
        expect(refused.last_error).toContain("Injected 400")
      })
    })

    it("float noise in a hook's amount is credited exactly", async () => {
      const phone = "+79995560021"
      const { holder } = await signUp(phone, "noise@example.com")
      await waitFor(() => requestsAnswered(getContainer(), holder.id), "the enrolment", 30_000)
      service.emulator.setBehaviours({ floatNoise: true })
      const { hooks } = await service.emulator.adjustBalance({ phone, sum: 12.3 })
      expect(hooks.map((h) => h.status)).toEqual([200, 200])
      expect(JSON.stringify(hooks[0].body)).toContain('"sum":12.300000000000002')
      expect(await walletPass().getBalance(holder.id)).toBe(1230)
      expect(service.emulator.getCustomer(phone)!.balance).toBe(12.3)
    })
  },
})
