import { externalCrmService, requestsAnswered, waitFor, waitForHolder } from "../support/hooks"
import { placeOrder, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

// docs/security.md ("What an unproven account gets of a pass") and docs/program.md ("Who owns
// the rates"): while the program owns the rates, the card shows the holder's level's rates, also
// on a record the service held before an account that has not proven the phone: they are the
// phone's pass's, as its balance is. Nothing of the account (name, e-mail, customerId) goes.
// Found by the fault suite's model oracle: the profile updates of such a holder withheld the
// rates while the readBalance answers carried them, so the card followed whichever went last.
const { service, env, storeInFront } = externalCrmService("record-rates-key", {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_CURRENCY_CODE: "eur",
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_PROGRAM: JSON.stringify({
    ratesOwner: "program",
    tiers: {
      levels: [
        { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
        { name: "Silver", threshold: 10, bonusPercent: 7, discountPercent: 5 },
      ],
    },
  }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store } = storeInFront({ api, getContainer }, { seed: { itemPrice: 40 } })

    it("a record the service held gets the level's rates of an unproven account, and nothing of the account", async () => {
      const phone = "+4915180000071"
      service.emulator.seedCustomer({
        phone,
        name: "Karl",
        email: "karl@example.com",
        balance: 10,
        bonus: 0,
        discount: 0,
        cards: [{ number: "2000000071", installed: true }],
      })
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "squat@example.com", password: "pw-123456", phone, first_name: "Squat" },
        { container: getContainer() }
      )
      await waitForHolder(
        getContainer(),
        customer.id,
        async (h) => h.enrollment_state === "enrolled" && h.adoption_state === "adopted",
        "the adopted holder enrolled",
        { timeoutMs: 60_000 }
      )
      const rates = () => {
        const c = service.emulator.getCustomer(phone)!
        return { bonus: c.bonus, discount: c.discount }
      }
      // Base's rates reach the card without any readBalance.
      await waitFor(async () => rates().bonus === 3 && rates().discount === 0, "Base's rates on the card", 30_000)
      await placeOrder(api, store, headers)
      // The order lifts the account to Silver: the card follows within seconds.
      await waitFor(async () => rates().bonus === 7 && rates().discount === 5, "Silver's rates on the card", 30_000)
      // The rates went in the store's own requests, bare: only the phone and the rates.
      const holder = await waitForHolder(getContainer(), customer.id, async () => true, "the holder")
      await waitFor(() => requestsAnswered(getContainer(), holder.id), "the holder's requests answered", 30_000)
      const writes = service.emulator
        .requests()
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => r.body as Record<string, unknown>)
      expect(writes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ bonus: 3, discount: 0 }),
          expect.objectContaining({ bonus: 7, discount: 5 }),
        ])
      )
      for (const w of writes)
        expect(Object.keys(w).filter((k) => !["app_key", "phone", "bonus", "discount", "balance"].includes(k))).toEqual(
          []
        )
      // Nothing of the account reached the record.
      expect(service.emulator.getCustomer(phone)).toMatchObject({ name: "Karl", email: "karl@example.com" })
      expect(service.emulator.getCustomer(phone)!.remoteId ?? null).not.toBe(customer.id)
    })
  },
})
