import { OPERATION_PRIORITY } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor, waitForHolder } from "../support/hooks"
import { registerCustomer, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

// Issue 40 item 3 (docs/service-api.md, "name"): the service's description lists `name` in
// user_create_or_update without an optional mark, and lets only a push go with the phone and
// the message alone. So every other write carries the holder's name where the record is the
// store's to write: the enrolment and the profile update, and also a balance set, the install
// link and a code's text. A record the service held before an account that has not proven
// the phone gets no name: the only one the store has is what that account typed.

const PASS = "/store/customers/me/wallet-pass"
const SMS = "Your loyalty card: %link%"

const { service, env, storeInFront } = externalCrmService("request-name-key", {
  WALLET_PASS_INSTALL_FORM_URL: "https://forms.example/card",
  WALLET_PASS_INSTALL_SMS: SMS,
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_TEXTS: JSON.stringify({ trustProxy: true }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const emulator = () => service.emulator
    let addresses = 0
    const askCode = (headers: StoreHeaders) =>
      api.post(`${PASS}/verification`, {}, { headers: { ...headers, "x-forwarded-for": `203.0.113.${++addresses}` } })
    /** The user_create_or_update bodies the service received for the phone since the log was cleared. */
    const writesTo = (phone: string) =>
      emulator()
        .requests()
        .filter((r) => r.endpoint.endsWith("user_create_or_update") && (r.body as any)?.phone === phone)
        .map((r) => ({ status: r.status, body: r.body as Record<string, unknown> }))
    /** The one write `match` picks, once the service answered it. */
    const written = (phone: string, match: (body: Record<string, unknown>) => boolean, what: string) =>
      waitFor(async () => writesTo(phone).find((w) => w.status !== undefined && match(w.body)), what, 30_000)
    const settled = async (holderId: string) =>
      (
        await walletPass().listWalletPassOperations(
          { holder_id: holderId, state: ["pending", "sending", "unknown"] },
          { select: ["id"] }
        )
      ).length === 0
    const signUp = async (email: string, phone: string, first_name: string) => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email, password: "pw-123456", phone, first_name, last_name: "Probe" },
        { container: getContainer() }
      )
      const holder = await waitForHolder(
        getContainer(),
        customer.id,
        async (h) => h.enrollment_state === "enrolled" && h.adoption_state !== "pending" && (await settled(h.id)),
        "the enrolment finished and the queue settled",
        { timeoutMs: 60_000 }
      )
      return { customer, headers, holder }
    }
    const balanceSet = (holderId: string, key: string) =>
      walletPass().enqueueOperation({
        method: "user_create_or_update",
        holder_id: holderId,
        payload: { type: "balance_sync" },
        dedupe_key: `sync:${key}`,
        priority: OPERATION_PRIORITY.money,
      })

    /** A store account whose phone the service did not know: the record is the account's own, named at enrolment. */
    const ownRecord = async (phone: string) => {
      const account = await signUp(`greta.${phone.slice(-4)}@example.com`, phone, "Greta")
      expect(account.holder.adoption_state).toBe("new")
      expect(await written(phone, () => true, "the enrolment")).toMatchObject({ status: 200, body: { name: "Greta" } })
      emulator().clearRequests()
      return account
    }

    it("a balance set carries the holder's name, as the enrolment did", async () => {
      const phone = "+4915180004001"
      const { holder } = await ownRecord(phone)
      await balanceSet(holder.id, "request-name-1")
      const set = await written(phone, (b) => b.balance !== undefined, "the balance set")
      expect(set).toMatchObject({ status: 200, body: { name: "Greta", balance: 0 } })
    })

    it("the install link's text carries the holder's name", async () => {
      const phone = "+4915180004003"
      const { customer } = await ownRecord(phone)
      const admin = await createAdminHeaders(getContainer())
      const link = await api.post(`/admin/customers/${customer.id}/wallet-pass/install-link`, {}, admin)
      expect(link.status).toBeLessThan(300)
      const texted = await written(phone, (b) => b.sms === SMS, "the install link's text")
      expect(texted).toMatchObject({ status: 200, body: { name: "Greta", link: "https://forms.example/card" } })
    })

    it("a code's text to the account's own record carries the holder's name", async () => {
      const phone = "+4915180004004"
      const { headers } = await ownRecord(phone)
      expect((await askCode(headers)).status).toBe(202)
      const code = await written(phone, (b) => typeof b.sms === "string" && /\d{6}/.test(b.sms), "the code's text")
      expect(code).toMatchObject({ status: 200, body: { name: "Greta" } })
    })

    it("a holder the store has no name for: its balance set goes without one, and the record keeps its own", async () => {
      const phone = "+4915180004005"
      emulator().seedCustomer({ phone, name: "Mila", balance: 0 })
      const holder = await walletPass().createWalletPassHolders({
        phone,
        source: "admin",
        enrollment_state: "enrolled",
        adoption_state: "adopted",
      })
      await balanceSet(holder.id, "request-name-3")
      const set = await written(phone, (b) => b.balance !== undefined, "the balance set")
      expect(set.status).toBe(200)
      expect(set.body).not.toHaveProperty("name")
      expect(emulator().getCustomer(phone)).toMatchObject({ name: "Mila" })
    })

    it("a record the service held before an account that has not proven the phone: its code's text and balance set go without a name, and the record keeps its own", async () => {
      const phone = "+4915180004002"
      emulator().seedCustomer({ phone, name: "Karl", balance: 0, cards: [{ number: "2000004002", installed: true }] })
      const { headers, holder } = await signUp("claims@example.com", phone, "Anna")
      expect(holder.adoption_state).toBe("adopted")

      emulator().clearRequests()
      expect((await askCode(headers)).status).toBe(202)
      const code = await written(phone, (b) => typeof b.sms === "string", "the code's text")
      expect(code.status).toBe(200)
      expect(code.body).not.toHaveProperty("name")

      emulator().clearRequests()
      await balanceSet(holder.id, "request-name-2")
      const set = await written(phone, (b) => b.balance !== undefined, "the balance set")
      expect(set.status).toBe(200)
      expect(set.body).not.toHaveProperty("name")
      expect(emulator().getCustomer(phone)).toMatchObject({ name: "Karl" })
    })
  },
})
