import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor, waitForHolder } from "../support/hooks"
import { afterSubscribers, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const SPACING_SECONDS = 300

// Issue 41, "No limbo" and "One status per screen": every state of a customer's pass says who
// can take it further and how, and a request a rule holds back says which rule and until when
// (docs/operations.md, "Forecast"; docs/admin.md).
const { service, env, storeInFront } = externalCrmService("no-limbo-key", {
  WALLET_PASS_CURRENCY_CODE: "eur",
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: String(SPACING_SECONDS),
  // The dev store's program: levels, so a new customer's level reaches the card (a class-b profile update).
  WALLET_PASS_PROGRAM: JSON.stringify({
    tiers: { levels: [{ name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 }] },
  }),
  WALLET_PASS_PASS: JSON.stringify({ variables: { tier: "level" } }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer })
    let admin: { headers: Record<string, string> }
    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
    })
    const settled = async () =>
      (await walletPass().listWalletPassOperations({ state: ["pending", "sending", "unknown"] }, { select: ["id"] }))
        .length === 0
    const forecast = async () => (await api.get("/admin/wallet-pass/forecast", admin)).data.forecast

    it("a profile edit held by its spacing is counted apart from the backlog, with when it goes", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "spaced@example.com", password: "pw-123456", phone: "+4915111110001", first_name: "Sabine" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), customer.id, (h) => h.enrollment_state === "enrolled", "enrolled")
      await waitFor(settled, "the enrolment done", 15_000)
      // The first edit goes at once; the second waits out the spacing from when the first went.
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post("/store/customers/me", { first_name: "Sabine A" }, { headers })
      )
      await waitFor(settled, "the first profile update sent", 15_000)
      const before = Date.now()
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post("/store/customers/me", { first_name: "Sabine B" }, { headers })
      )
      const status = (await api.get("/admin/wallet-pass/status", admin)).data.wallet_pass_status
      expect(status.queue.operations.pending).toBe(1)

      const f = await forecast()
      // Not backlog: it goes when its spacing is out, whatever the queue's pace.
      expect(f.backlog).toBe(0)
      expect(f.drain_seconds).toBe(0)
      expect(f.held).toEqual([{ rule: "spacing", count: 1, next_due_at: expect.any(String) }])
      const dueIn = (new Date(f.held[0].next_due_at).getTime() - before) / 1000
      expect(dueIn).toBeGreaterThan(SPACING_SECONDS - 30)
      expect(dueIn).toBeLessThanOrEqual(SPACING_SECONDS + 1)
    })

    it("Greta, a second account with Klaus's phone, has one status: the pass is Klaus's, moved by the merchant or proven by her", async () => {
      const klaus = await registerCustomer(
        api,
        store,
        { email: "klaus@example.de", password: "pw-123456", phone: "+4915123456789", first_name: "Klaus" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), klaus.customer.id, (h) => h.enrollment_state === "enrolled", "Klaus enrolled")
      const greta = await registerCustomer(
        api,
        store,
        { email: "greta@example.de", password: "pw-123456", phone: "+49 151 23456789", first_name: "Greta" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), greta.customer.id, () => true, "Greta recorded")
      const { data } = await api.get(`/admin/customers/${greta.customer.id}/wallet-pass`, admin)
      // She has a phone: never "no phone"; her way out is the move (merchant) or the code (her).
      expect(data.status).toEqual({ state: "elsewhere", next: "both", merchant: ["move"], shopper: ["verify"] })
      expect(data.pass_elsewhere).toMatchObject({ customer_id: klaus.customer.id })
      expect(data.actions).toMatchObject({ enroll: false, push: false, adjust: false, blocked: "pass_elsewhere" })
      // Klaus's own pass works; he has not proven the phone: his way out is the code.
      const forKlaus = (await api.get(`/admin/customers/${klaus.customer.id}/wallet-pass`, admin)).data
      expect(forKlaus.status).toEqual({ state: "unproven", next: "shopper", merchant: [], shopper: ["verify"] })
      expect(forKlaus.actions.blocked).toBeNull()
    })

    /** A store account with a phone whose card is installed, and which proved the phone. */
    async function provenHolder(phone: string, email: string) {
      const { customer } = await registerCustomer(
        api,
        store,
        { email, password: "pw-123456", phone, first_name: "Anna" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), customer.id, (h) => h.enrollment_state === "enrolled", "enrolled")
      await waitFor(settled, "the enrolment done", 15_000)
      const linked = TestEventUtils.waitSubscribersExecution(
        WALLET_PASS_EVENTS.HOLDER_LINKED,
        getContainer().resolve(Modules.EVENT_BUS)
      )
      await service.emulator.install({ phone, name: "Anna" })
      await linked
      const [holder] = await walletPass().listWalletPassHolders({ customer_id: customer.id }, { select: ["id"] })
      // The code's round trip is verification.spec's: here the account has proven its phone.
      await walletPass().updateWalletPassHolders({
        id: holder.id,
        verified_customer_id: customer.id,
        verified_at: new Date(),
      })
      return customer
    }

    it("'taken over from the service' only where the service held a balance: the opening entry says what (item 5)", async () => {
      // Anna: the store enrolled her, then her card was installed; the service never held her.
      const anna = await provenHolder("+4915111110005", "anna@example.de")
      const forAnna = (await api.get(`/admin/customers/${anna.id}/wallet-pass`, admin)).data
      expect(forAnna.opening_balance).toBeNull()
      // Olga: the service held 500 for her phone before she signed up (docs/adoption.md).
      service.emulator.seedCustomer({ phone: "+4915111110006", name: "Olga", balance: 500 })
      const { customer: olga } = await registerCustomer(
        api,
        store,
        { email: "olga@example.de", password: "pw-123456", phone: "+4915111110006", first_name: "Olga" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), olga.id, (h) => h.adoption_state === "adopted", "Olga adopted")
      const forOlga = (await api.get(`/admin/customers/${olga.id}/wallet-pass`, admin)).data
      expect(forOlga.opening_balance).toBe(500)
    })

    it("the merchant renames the plugin's discount group into their language: the plugin keeps using it (item 8)", async () => {
      const setDiscount = async (phone: string, discount: number) => {
        const applied = TestEventUtils.waitSubscribersExecution(
          WALLET_PASS_EVENTS.PRIVILEGES_CHANGED,
          getContainer().resolve(Modules.EVENT_BUS)
        )
        await service.emulator.setPrivileges({ phone, discount })
        await applied
      }
      const customers = getContainer().resolve(Modules.CUSTOMER)
      const groupsOf = async (id: string) =>
        ((await customers.retrieveCustomer(id, { relations: ["groups"] })).groups ?? []).map((g) => g.name)
      const first = await provenHolder("+4915111110007", "erste@example.de")
      await setDiscount("+4915111110007", 10)
      expect(await groupsOf(first.id)).toEqual(["Wallet pass discount 10%"])
      const [group] = await customers.listCustomerGroups({ name: "Wallet pass discount 10%" })
      await api.post(`/admin/customer-groups/${group.id}`, { name: "Скидка по карте 10%" }, admin)

      const second = await provenHolder("+4915111110008", "zweite@example.de")
      await setDiscount("+4915111110008", 10)
      expect(await groupsOf(second.id)).toEqual(["Скидка по карте 10%"])
      expect(await customers.listCustomerGroups({ name: "Wallet pass discount 10%" })).toEqual([])
    })

    it("a phone corrected after an invalid one is enrolled: its level's profile update does not hold the adoption read back for ever", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "ella@example.de", password: "pw-123456", phone: "12345", first_name: "Ella" },
        { container: getContainer() }
      )
      await waitForHolder(getContainer(), customer.id, (h) => h.enrollment_state === "not_enrolled_no_phone", "Ella")
      await afterSubscribers(getContainer(), "customer.updated", () =>
        api.post("/store/customers/me", { phone: "+4915111110009" }, { headers })
      )
      // The card is issued within seconds of the phone reading (the check:storefront run waited for ever).
      await waitForHolder(getContainer(), customer.id, (h) => h.enrollment_state === "enrolled", "Ella enrolled", {
        timeoutMs: 20_000,
      })
      await waitFor(settled, "Ella's requests done", 20_000)
    })
  },
})
