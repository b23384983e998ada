import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor, waitForHolder } from "../support/hooks"
import { afterSubscribers, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const SPACING_SECONDS = 300

// Issue 41, "No limbo" and "One status per screen": every state of a customer's pass says who
// can take it further and how, and a request a rule holds back says which rule and until when
// (docs/operations.md, "Forecast"; docs/admin.md).
const { env, storeInFront } = externalCrmService("no-limbo-key", {
  WALLET_PASS_CURRENCY_CODE: "eur",
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: String(SPACING_SECONDS),
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
  },
})
