import { Modules } from "@medusajs/framework/utils"
import { updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { basicAuth, emulatedServiceBeforeStore, postHook, storeEnv, waitFor } from "../support/hooks"
import { registerCustomer, seedStore, SeededStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const APP_KEY = "default-country-key"
const HOOKS = { login: "svc", password: "hook-pw-country" }

// A German store without the defaultCountry option: phones written without "+" are read as
// numbers of its default region's country, not Russian ones.
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: "unlimited" })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    beforeAll(async () => {
      store = await seedStore(getContainer(), { countryCode: "de", currencyCode: "eur" })
      const [medusaStore] = await getContainer()
        .resolve(Modules.STORE)
        .listStores({}, { select: ["id"] })
      await updateStoresWorkflow(getContainer()).run({
        input: { selector: { id: medusaStore.id }, update: { default_region_id: store.regionId } },
      })
      service.emulator.setWebhook({ url: `${api.defaults.baseURL}/hooks/wallet-pass`, ...HOOKS })
    })

    it("a signup's national number is enrolled in the country of the store's default region, and the admin says which country", async () => {
      const { customer } = await registerCustomer(
        api,
        store,
        // A German mobile: 0151 and eight digits (docs/phones.md: a number in no range is not enrolled).
        { email: "lena@example.de", password: "pw-123456", phone: "015112345680", first_name: "Lena" },
        { container: getContainer() }
      )
      const holder = await waitFor(
        async () => {
          const [h] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
          return h?.enrollment_state === "enrolled" && h
        },
        "enrolled",
        15_000
      )
      expect(holder.phone).toBe("+4915112345680")
      expect(service.emulator.getCustomer("+4915112345680")?.remoteId).toBe(customer.id)

      const status = await api.get("/admin/wallet-pass/status", await createAdminHeaders(getContainer()))
      expect(status.data.wallet_pass_status.service).toMatchObject({
        default_country: "DE",
        default_country_source: "store_region",
      })
    })

    it("hooks read a national number the same way", async () => {
      const res = await postHook(
        api.defaults.baseURL,
        { method: "createCustomer", customer: { phone: "0151 1234 5699", name: "Jonas", cardNumbers: ["700001"] } },
        { authorization: basicAuth(HOOKS.login, HOOKS.password) }
      )
      expect(res.status).toBe(200)
      const [holder] = await walletPass().listWalletPassHolders({ phone: "+4915112345699" })
      expect(holder?.customer_id).toBe(res.data.customerId)
    })
  },
})
