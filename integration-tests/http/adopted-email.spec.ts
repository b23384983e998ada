import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { adminHeadersEachTest } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, waitFor } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Issue 40 item 5 (docs/adoption.md, "What is adopted"): an e-mail read from read_customer
// follows the plugin's one e-mail rule (src/lib/email.ts: one @, a domain with a dot), as a
// hook's does. One outside it is not adopted: a store customer created by the import gets no
// e-mail rather than one every later profile update would have to leave out.

const APP_KEY = "adopted-email-key"
const LIMITS = { perSecond: 20, perHour: 100_000 }
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_HOOK_LOGIN: "svc",
    WALLET_PASS_HOOK_PASSWORD: "hook-pw-adopted-email",
    WALLET_PASS_SYNC: JSON.stringify({ since: "2021-01-01", windowDays: 365, budgetShare: 1 }),
  }),
  testSuite: ({ api, getContainer }) => {
    const admin = adminHeadersEachTest(getContainer)
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    it("an import adopts an e-mail under the rule and leaves out one outside it (customer and holder alike)", async () => {
      const customers = [
        { phone: "+79994200001", name: "Vera", email: "vera@example.com" },
        { phone: "+79994200002", name: "Gleb", email: "gleb at example" },
        { phone: "+79994200003", name: "Rita", email: "rita@localhost" },
        { phone: "+79994200004", name: "Anna", email: "анна@пример.рф" },
      ]
      for (const [i, c] of customers.entries()) {
        service.emulator.seedCustomer({ ...c, balance: 1, registeredAt: `2024-04-0${i + 1}T10:00:00Z` })
      }
      await api.post("/admin/wallet-pass/import", {}, admin)
      const ready = await waitFor(
        async () => {
          const state = (await api.get("/admin/wallet-pass/import", admin)).data.import
          return state?.phase === "ready" && state
        },
        "the import's reads",
        60_000
      )
      expect(ready.customers).toMatchObject({ found: 4, adopted: 4, created: 4, skipped: 0 })

      const adopted: Record<string, { customer: string | null; holder: string | null }> = {}
      for (const c of customers) {
        const [holder] = await walletPass().listWalletPassHolders({ phone: c.phone })
        const customer = await getContainer().resolve(Modules.CUSTOMER).retrieveCustomer(holder.customer_id!)
        adopted[c.name] = { customer: customer.email ?? null, holder: holder.email ?? null }
      }
      expect(adopted).toEqual({
        Vera: { customer: "vera@example.com", holder: "vera@example.com" },
        Gleb: { customer: null, holder: null },
        Rita: { customer: null, holder: null },
        Anna: { customer: "анна@пример.рф", holder: "анна@пример.рф" },
      })
    })
  },
})
