import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import seedDevStore from "../../scripts/dev/seed"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { CATALOGUES } from "../../src/admin/i18n"
import { adminHeadersEachTest } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, waitForHolder } from "../support/hooks"
import { afterSubscribers, registerCustomer, type SeededStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const APP_KEY = "phone-country-key"

// The development store (`npm run dev`, seeded by scripts/dev/seed.ts: a German region) reads
// a number typed without its country code as a German one, a customer's own country first;
// a number it still cannot read is explained to the shopper and the merchant, and the
// merchant's correction enrols the customer (docs/operations.md, "Phones").
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "builtin", limits: "unlimited" })

storeTestRunner({
  env: storeEnv({ WALLET_PASS_APP_KEY: APP_KEY }),
  testSuite: ({ api, getContainer }) => {
    const store = {} as SeededStore
    const admin = adminHeadersEachTest(getContainer)
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    beforeAll(async () => {
      // The dev store's own seed, as `npm run dev` runs it on a fresh data folder.
      await seedDevStore({ container: getContainer(), args: [] } as unknown as Parameters<typeof seedDevStore>[0])
      Object.assign(store, await seededIds(getContainer()))
    })

    const enrolledAs = async (customerId: string) =>
      (await waitForHolder(getContainer(), customerId, (h) => h.enrollment_state === "enrolled", "enrolment")).phone

    it("a shopper of the German dev store who types 0151 70000105 is enrolled as +4915170000105", async () => {
      const { customer } = await registerCustomer(
        api,
        store,
        { email: "mia@example.de", password: "pw-123456", phone: "0151 70000105", first_name: "Mia" },
        { container: getContainer() }
      )
      expect(await enrolledAs(customer.id)).toBe("+4915170000105")
      expect(service.emulator.getCustomer("+4915170000105")?.remoteId).toBe(customer.id)

      // The Wallet pass page says which country, and the phone filters show one of its numbers.
      const status = await api.get("/admin/wallet-pass/status", admin)
      expect(status.data.wallet_pass_status.service).toMatchObject({
        default_country: "DE",
        default_country_source: "store_region",
        phone_example: "+49 1512 3456789",
      })
    })

    it("reads a number in the customer's own country first: an Austrian address makes 0664 1234567 Austrian", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "lukas@example.at", password: "pw-123456", first_name: "Lukas" },
        { container: getContainer() }
      )
      await api.post(
        "/store/customers/me/addresses",
        { first_name: "Lukas", address_1: "Ring 1", city: "Wien", postal_code: "1010", country_code: "at" },
        { headers }
      )
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post("/store/customers/me", { phone: "0664 1234567" }, { headers })
      )
      // Read as German (the store's country) it would be +496641234567, a number in Hesse.
      expect(await enrolledAs(customer.id)).toBe("+436641234567")
    })

    it("a number it cannot read is explained to the shopper and the merchant; the merchant corrects it and the customer is enrolled", async () => {
      const typed = "0151 700001051234567"
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "jonas@example.de", password: "pw-123456", phone: typed, first_name: "Jonas" },
        { container: getContainer() }
      )
      const holder = await waitForHolder(getContainer(), customer.id, () => true, "a holder")
      expect(holder).toMatchObject({
        phone: null,
        enrollment_state: "not_enrolled_no_phone",
        enrollment_error: "not a phone number of Germany (too long)",
      })

      // The storefront gets the reason and words it can show (not "add a mobile phone").
      const mine = await api.get("/store/customers/me/wallet-pass", { headers })
      expect(mine.data.phone_problem).toEqual({
        problem: "too_long",
        country: "DE",
        example: "+49 1512 3456789",
        message:
          "We could not read 0151 700001051234567 as a phone number of Germany: it has too many digits. " +
          "Write it with its country code, for example +49 1512 3456789, to get your loyalty card.",
      })

      // The admin's widget is told why, in words its catalogues have in both languages.
      const seen = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
      expect(seen.data.actions).toMatchObject({
        enroll: false,
        blocked: "phone_unreadable",
        phone_problem: { typed, problem: "too_long", country: "DE", example: "+49 1512 3456789" },
      })
      for (const language of ["en", "ru"] as const) {
        const catalogue = CATALOGUES[language] as any
        expect(catalogue.customer.blocked.phone_unreadable).toContain("{{problem}}")
        expect(catalogue.common.phoneProblem.too_long).toEqual(expect.any(String))
      }

      // Corrected in Medusa's own customer form: the customer is enrolled with it.
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post(`/admin/customers/${customer.id}`, { phone: "0151 70000106" }, admin)
      )
      expect(await enrolledAs(customer.id)).toBe("+4915170000106")
      const after = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
      expect(after.data.actions).toMatchObject({ blocked: null, phone_problem: null })
      expect((await api.get("/store/customers/me/wallet-pass", { headers })).data.phone_problem).toBeUndefined()
    })

    it("a customer whose holder waited for a readable phone is offered and gets the enrolment from the admin", async () => {
      const { customer } = await registerCustomer(
        api,
        store,
        { email: "ella@example.de", password: "pw-123456", phone: "12", first_name: "Ella" },
        { container: getContainer() }
      )
      await waitForHolder(
        getContainer(),
        customer.id,
        (h) => h.enrollment_state === "not_enrolled_no_phone",
        "a holder"
      )
      // The phone changes without a customer.updated (an import, a script): the admin enrols by hand.
      await getContainer().resolve(Modules.CUSTOMER).updateCustomers(customer.id, { phone: "+49 151 70000107" })
      const offered = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
      expect(offered.data.actions).toMatchObject({ enroll: true, blocked: "no_phone", phone_problem: null })
      const enrolled = await api.post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
      expect(enrolled.data.enrollment.state).toBe("pending")
      expect(await enrolledAs(customer.id)).toBe("+4915170000107")
      const [holder] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
      expect(holder.enrollment_error).toBeNull()
    })
  },
})

/** The ids of what scripts/dev/seed.ts made, as the store helpers want them. */
async function seededIds(container: MedusaContainer): Promise<SeededStore> {
  const [apiKey] = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
  const [region] = await container.resolve(Modules.REGION).listRegions({}, { relations: ["countries"] })
  return {
    publishableKey: apiKey.token,
    regionId: region.id,
    countryCode: region.countries![0].iso_2,
    currencyCode: region.currency_code,
  } as SeededStore
}
