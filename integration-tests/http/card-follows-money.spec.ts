import { adminHeadersEachTest } from "../support/admin"
import { afterSubscribers, placeOrder } from "../support/store"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor, waitForHolder } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

// Issue 39, item 2: what money causes (a level after an order or its cancel) reaches the card
// within seconds, whatever dispatcher.profileSpacingSeconds (300 s by default, left on here)
// says; the spacing holds what a customer repeats at will (their own profile edits).
// Base 3 %/0 % from 0, Silver 7 %/5 % from 100 (one item is 100, shipping 10).
const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 7, discountPercent: 5 },
]
/** Well under the spacing's 300 s, generous for a loaded machine. */
const WITHIN_MS = 60_000

const { service, env, storeInFront } = externalCrmService("card-follows-money-key", {
  WALLET_PASS_PROGRAM: JSON.stringify({ ratesOwner: "program", tiers: { levels: LEVELS } }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)
    /** The profile writes (user_create_or_update) the service received for `phone`. */
    const writes = (phone: string) =>
      service.emulator
        .requests()
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => r.body as Record<string, unknown>)
    /** The rates the store last wrote to the service (the CRM mode's readBalance answers carry them too, so count writes only). */
    const rates = (phone: string) => {
      const last = writes(phone).at(-1)
      return last && { bonus: last.bonus, discount: last.discount }
    }

    it("an order lifts the card to Silver and the admin's cancel puts Base's rates back at the service within seconds, not after the 300 s spacing; the customer's own rename is still spaced", async () => {
      const phone = "+79996390001"
      const { customer, headers, holder } = await signUpEnrolled(
        api,
        store,
        getContainer(),
        { email: "money39@example.com", phone, first_name: "Olga" },
        { ready: async (h) => h.level === "Base" && !!(await requestsAnswered(getContainer(), h.id)) }
      )

      const order = await placeOrder(api, store, headers)
      await waitFor(
        async () => rates(phone)?.bonus === 7 && rates(phone)?.discount === 5,
        "Silver's rates at the service",
        WITHIN_MS
      )

      // The admin cancels: the level goes back to Base, and so do the service's rates, at once.
      await afterSubscribers(getContainer(), "order.canceled", () =>
        api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      )
      await waitForHolder(getContainer(), customer.id, (h) => h.level === "Base", "Base again")
      await waitFor(
        async () => rates(phone)?.bonus === 3 && rates(phone)?.discount === 0,
        "Base's rates back at the service",
        WITHIN_MS
      )

      // Control: a rename the customer asks for waits out the spacing from the last profile update.
      const before = writes(phone).length
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post("/store/customers/me", { first_name: "Olga Renamed" }, { headers })
      )
      const pending = await waitFor(async () => {
        const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id, state: "pending" })
        return ops.find((o) => (o.payload as any)?.type === "profile")
      }, "the rename's profile update queued")
      expect(new Date(pending.next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(200_000)
      expect(writes(phone)).toHaveLength(before)
    })
  },
})
