import { TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import walletPassBackgroundSync from "../../src/jobs/wallet-pass-background-sync"
import { applyHolderDiscountWorkflow } from "../../src/workflows/discount/apply-holder-discount"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, waitFor } from "../support/hooks"
import { createCart, getCart, placeOrder, registerCustomer, SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const HOOKS = { login: "svc", password: "hook-pw-existing" }
const APP_KEY = "existing-account-key"
const LIMITS = { perSecond: 20, perHour: 100_000 }

// The service the merchant already runs: customers with cards and balances before the store
// connects (docs/adoption.md). Started before the store boots: its options name its URL.
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_BONUS_PERCENT: "5",
    WALLET_PASS_CURRENCY_CODE: "eur",
    WALLET_PASS_ECHO_GRACE_SECONDS: "2",
    WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
    WALLET_PASS_INSTALL_FORM_URL: "https://forms.example/card",
    WALLET_PASS_INSTALL_SMS: "Your loyalty card: %link%",
    WALLET_PASS_SYNC: JSON.stringify({ since: "2021-01-01", windowDays: 365, budgetShare: 1 }),
    // The seeded region is Germany's; the spec's phones are Russian (codes go only to served countries).
    WALLET_PASS_TEXTS: JSON.stringify({ countries: ["RU"] }),
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: Record<string, string> }
    const emulator = () => service.emulator
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const webhook = () => ({ url: `${api.defaults.baseURL}/hooks/wallet-pass`, ...HOOKS })

    beforeAll(async () => {
      store = await seedStore(getContainer(), { itemPrice: 100, shippingPrice: 10 })
    })
    beforeEach(async () => {
      emulator().reset()
      emulator().setWebhook(webhook())
      admin = await createAdminHeaders(getContainer())
    })

    const holderOf = async (customerId: string) =>
      (await walletPass().listWalletPassHolders({ customer_id: customerId }, { relations: ["cards"] }))[0]
    const queueSettled = async () => {
      const open = await walletPass().listWalletPassOperations(
        { state: ["pending", "sending", "unknown"] },
        { select: ["id"] }
      )
      return open.length === 0
    }
    const balanceSets = (phone: string) =>
      emulator()
        .snapshot()
        .balanceOperations.filter((o) => o.phone === phone && o.operation === "set")

    describe("a phone the service already knows keeps what the service holds", () => {
      it("a store signup of a known phone (balance 500, bonus 7%, discount 5%, installed card): nothing is lost, nothing texted", async () => {
        emulator().seedCustomer({
          phone: "+79991500001",
          name: "Olga",
          balance: 500,
          bonus: 7,
          discount: 5,
          installed: true,
        })
        const { customer } = await registerCustomer(
          api,
          store,
          { email: "olga@example.com", password: "pw-123456", phone: "+79991500001", first_name: "Olga" },
          { container: getContainer() }
        )
        const holder = await waitFor(
          async () => {
            const h = await holderOf(customer.id)
            return h?.enrollment_state === "enrolled" && h.adoption_state === "adopted" && (await queueSettled()) && h
          },
          "adoption and enrolment",
          30_000
        )
        expect(holder).toMatchObject({ bonus_percent_bp: 700, discount_percent_bp: 500 })
        expect(holder.cards).toEqual([expect.objectContaining({ installed: true })])
        expect(await walletPass().getBalance(holder.id)).toBe(50_000)
        // The service's balance was never set: 500 it was, 500 it is.
        expect(balanceSets("+79991500001")).toEqual([])
        expect(emulator().getCustomer("+79991500001")).toMatchObject({ balance: 500, bonus: 7, discount: 5 })
        // The card is installed already: no install text.
        expect(emulator().snapshot().sms).toEqual([])
        // The adopting read only: the account has not proven the phone, so its enrolment writes
        // nothing to the record the service held (docs/security.md; unproven-enrolment.spec.ts).
        const sent = emulator()
          .requests()
          .filter((r) => r.status === 200)
          .map((r) => r.endpoint)
        expect(sent).toEqual(["/crm/read_customer"])
        expect(emulator().getCustomer("+79991500001")!.remoteId).toBeUndefined()

        // The card's refresh (readBalance) answers what was adopted.
        const { hooks } = await emulator().refresh({ phone: "+79991500001" })
        expect(hooks[0].response).toEqual({ success: true, bonus: 7, balance: 500, discount: 5 })
        expect(emulator().getCustomer("+79991500001")).toMatchObject({ balance: 500, bonus: 7, discount: 5 })

        // The admin shows it: balance, rates, the card, the opening entry.
        const res = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
        expect(res.data.wallet_pass).toMatchObject({
          balance: 500,
          bonus_percent: 7,
          discount_percent: 5,
          holder: { adoption_state: "adopted" },
          cards: [expect.objectContaining({ installed: true })],
        })
        expect(res.data.wallet_pass.ledger).toEqual([expect.objectContaining({ kind: "opening_balance", amount: 500 })])
        // The adopted discount is the phone's: the account, which has not proven the phone, is in
        // no discount group (docs/security.md; security.spec.ts shows it applies once proven).
        await applyHolderDiscountWorkflow(getContainer()).run({ input: { customer_id: customer.id } })
        const { data } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "customer", fields: ["groups.name"], filters: { id: customer.id } })
        expect(data[0].groups ?? []).toEqual([])
      })

      it("a service customer with balance 300 installs a pass: the store keeps 300", async () => {
        emulator().seedCustomer({ phone: "+79991500002", name: "Pavel", balance: 300 })
        const linked = TestEventUtils.waitSubscribersExecution(
          WALLET_PASS_EVENTS.HOLDER_LINKED,
          getContainer().resolve(Modules.EVENT_BUS)
        )
        const { hook } = await emulator().install({ phone: "+79991500002" })
        expect(hook?.status).toBe(200)
        await linked
        const [holder] = await walletPass().listWalletPassHolders({ phone: "+79991500002" })
        expect(holder).toMatchObject({ adoption_state: "adopted", source: "hook" })
        expect(await walletPass().getBalance(holder.id)).toBe(30_000)
        const { hooks } = await emulator().refresh({ phone: "+79991500002" })
        expect(hooks[0].response).toMatchObject({ success: true, balance: 300 })
        expect(emulator().getCustomer("+79991500002")!.balance).toBe(300)
        const res = await api.get(`/admin/customers/${holder.customer_id}/wallet-pass`, admin)
        expect(res.data.wallet_pass).toMatchObject({
          balance: 300,
          cards: [expect.objectContaining({ installed: true })],
        })
      })

      it("an order placed right after signup lands on top of the adopted balance, in order", async () => {
        emulator().seedCustomer({ phone: "+79991500003", name: "Ira", balance: 500, installed: true })
        const { customer, headers } = await registerCustomer(
          api,
          store,
          { email: "ira@example.com", password: "pw-123456", phone: "+79991500003", first_name: "Ira" },
          { container: getContainer() }
        )
        await placeOrder(api, store, headers)
        const holder = await waitFor(
          async () => {
            const h = await holderOf(customer.id)
            return h && (await walletPass().getBalance(h.id)) === 50_500 && (await queueSettled()) && h
          },
          "the accrual on top of the adoption",
          30_000
        )
        expect(
          await waitFor(
            async () => emulator().getCustomer("+79991500003")!.balance === 505 && 505,
            "service = ledger",
            15_000
          )
        ).toBe(505)
        const kinds = (
          await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id }, { order: { created_at: "ASC" } })
        ).map((e) => e.kind)
        expect(kinds.sort()).toEqual(["accrual", "opening_balance"])
        // Never a value without the adopted 500. The order's 5 goes as balance/add, or, when it
        // was queued before the enrolment went out, rides on the enrolment as 505 (coalescing).
        expect(balanceSets("+79991500003").map((o) => o.amount)).toEqual(
          balanceSets("+79991500003").length ? [505] : []
        )
      })

      it("readBalance and addBalance are refused until the phone is adopted: the card keeps the service's balance, nothing is half-taken", async () => {
        emulator().seedCustomer({ phone: "+79991500004", name: "Lev", balance: 250, installed: true })
        // The service cannot be read yet (an outage): the holder waits for its adoption.
        emulator().injectFault({ kind: "status", status: 503, path: "/crm/read_customer", count: 1000 })
        const { customer } = await registerCustomer(
          api,
          store,
          { email: "lev@example.com", password: "pw-123456", phone: "+79991500004", first_name: "Lev" },
          { container: getContainer() }
        )
        await waitFor(async () => (await holderOf(customer.id))?.adoption_state === "pending", "the holder", 10_000)
        const refresh = await emulator()
          .refresh({ phone: "+79991500004" })
          .catch((e: Error) => e)
        expect(String(refresh)).toContain("has not adopted")
        expect(emulator().getCustomer("+79991500004")!.balance).toBe(250)
        const credit = await emulator()
          .adjustBalance({ phone: "+79991500004", sum: 30 })
          .catch((e: Error) => e)
        expect(String(credit)).toContain("has not adopted")
        const holder = await holderOf(customer.id)
        expect(await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id })).toEqual([])
        emulator().clearFaults()
        // Once the service can be read, the holder adopts 250 and hooks are answered again.
        await waitFor(
          async () => (await holderOf(customer.id))?.adoption_state === "adopted",
          "adoption after the outage",
          30_000
        )
        const { hooks } = await emulator().adjustBalance({ phone: "+79991500004", sum: 30 })
        expect(hooks.map((h) => h.status)).toEqual([200, 200])
        expect(await walletPass().getBalance(holder.id)).toBe(28_000)
        expect(emulator().getCustomer("+79991500004")!.balance).toBe(280)
      })
    })

    describe("who may spend an adopted balance (trust)", () => {
      it("an account that registered someone else's phone sees and spends none of its balance and no personalised link; proving the phone unlocks it", async () => {
        emulator().seedCustomer({ phone: "+79991500010", name: "Real owner", balance: 800, installed: true })
        const { customer, headers } = await registerCustomer(
          api,
          store,
          { email: "squatter@example.com", password: "pw-123456", phone: "+79991500010", first_name: "Sq" },
          { container: getContainer() }
        )
        await waitFor(
          async () => (await holderOf(customer.id))?.adoption_state === "adopted" && (await queueSettled()),
          "adoption",
          30_000
        )

        let pass = (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass
        expect(pass).toMatchObject({
          balance: 0,
          verified: false,
          balance_hidden: true,
          links: { ios: null, android: null, form: "https://forms.example/card" },
        })
        const cart = await createCart(api, store, headers)
        const refused = await api
          .post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 10 }, { headers })
          .catch((e: any) => e.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toBe("Nothing to pay with yet: verify your phone to pay with your card's bonus")

        // Guessing codes gains nothing.
        const asked = await api.post("/store/customers/me/wallet-pass/verification", {}, { headers })
        expect(asked.status).toBe(202)
        expect(asked.data.verification.phone).toMatch(/^\+79•+10$/)
        const sms = await waitFor(
          async () =>
            emulator()
              .snapshot()
              .sms.find((s) => s.phone === "+79991500010"),
          "the code's text",
          15_000
        )
        const code = /(\d{6})/.exec(sms.text)![1]
        const wrong = await api
          .post(
            "/store/customers/me/wallet-pass/verification/confirm",
            { code: code === "000000" ? "111111" : "000000" },
            { headers }
          )
          .catch((e: any) => e.response)
        expect(wrong.status).toBe(400)
        expect(wrong.data.message).toBe("Wrong code: 4 attempts left")
        pass = (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass
        expect(pass).toMatchObject({ balance: 0, verified: false })
        // The code is in no log of the store.
        const calls = await walletPass().listWalletPassApiCalls({ path: "/crm/user_create_or_update" })
        expect(JSON.stringify(calls.map((c) => c.request))).not.toContain(code)

        const right = await api.post("/store/customers/me/wallet-pass/verification/confirm", { code }, { headers })
        expect(right.data).toEqual({ verified: true, moved: false })
        pass = (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass
        expect(pass).toMatchObject({ balance: 800, verified: true, balance_hidden: false })
        // The personalised links come with the profile update the proof queued (nothing of the
        // account went to the phone's record before: docs/security.md).
        const links = await waitFor(
          async () => {
            const { ios } = (await api.get("/store/customers/me/wallet-pass", { headers })).data.wallet_pass.links
            return ios && (await queueSettled()) && ios
          },
          "the links of the profile update after the proof",
          30_000
        )
        expect(links).toMatch(/^http/)
        const applied = await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 10 }, { headers })
        expect(applied.data.wallet_pass_bonus.amount).toBe(10)
        expect((await getCart(api, headers, cart.id)).discount_total).toBeGreaterThan(0)
      })
    })

    describe("a pass held by another store customer", () => {
      async function shopPassThenOnlineAccount(phone: string, email: string) {
        emulator().seedCustomer({ phone, name: "Shop", balance: 120 })
        const linked = TestEventUtils.waitSubscribersExecution(
          WALLET_PASS_EVENTS.HOLDER_LINKED,
          getContainer().resolve(Modules.EVENT_BUS)
        )
        await emulator().install({ phone })
        await linked
        const [shopHolder] = await walletPass().listWalletPassHolders({ phone }, { relations: ["cards"] })
        const online = await registerCustomer(
          api,
          store,
          { email, password: "pw-123456", phone, first_name: "Web" },
          { container: getContainer() }
        )
        return { shopHolder, online }
      }

      it("is never moved automatically; the store route says why; the admin's move takes ledger and cards together, once", async () => {
        const { shopHolder, online } = await shopPassThenOnlineAccount("+79991500020", "web20@example.com")
        expect(await holderOf(online.customer.id)).toMatchObject({ enrollment_state: "failed", phone: null })
        const mine = (await api.get("/store/customers/me/wallet-pass", { headers: online.headers })).data
        expect(mine.not_linked).toMatchObject({
          can_verify: true,
          reason: expect.stringContaining("verify the phone to bring it to this account"),
        })

        const before = (await api.get(`/admin/customers/${online.customer.id}/wallet-pass`, admin)).data
        expect(before.pass_elsewhere).toEqual({ holder_id: shopHolder.id, customer_id: shopHolder.customer_id })
        const moved = await api.post(
          `/admin/customers/${online.customer.id}/wallet-pass/move`,
          { holder_id: shopHolder.id, note: "same person" },
          admin
        )
        expect(moved.data.moved).toEqual({
          holder_id: shopHolder.id,
          from_customer_id: shopHolder.customer_id,
          to_customer_id: online.customer.id,
        })
        const after = (await api.get(`/admin/customers/${online.customer.id}/wallet-pass`, admin)).data.wallet_pass
        expect(after).toMatchObject({
          balance: 120,
          cards: [expect.objectContaining({ number: shopHolder.cards[0].number })],
          holder: { verified: false },
        })
        expect(
          (await api.get(`/admin/customers/${shopHolder.customer_id}/wallet-pass`, admin)).data.wallet_pass
        ).toBeNull()
        expect(await walletPass().listWalletPassHolderMoves({ holder_id: shopHolder.id })).toEqual([
          expect.objectContaining({
            via: "admin",
            from_customer_id: shopHolder.customer_id,
            to_customer_id: online.customer.id,
          }),
        ])
        // The service learns the new customerId.
        await waitFor(
          async () => emulator().getCustomer("+79991500020")?.remoteId === online.customer.id,
          "customerId at the service",
          15_000
        )

        // Refused for a customer who already has a pass.
        const other = await registerCustomer(
          api,
          store,
          { email: "web21@example.com", password: "pw-123456", phone: "+79991500021", first_name: "Other" },
          { container: getContainer() }
        )
        const refused = await api
          .post(`/admin/customers/${other.customer.id}/wallet-pass/move`, { holder_id: shopHolder.id }, admin)
          .catch((e: any) => e.response)
        expect(refused.status).toBe(409)
        expect((await holderOf(online.customer.id)).id).toBe(shopHolder.id)
      })

      it("proving the phone moves the pass to the account that proved it", async () => {
        const { shopHolder, online } = await shopPassThenOnlineAccount("+79991500022", "web22@example.com")
        await api.post("/store/customers/me/wallet-pass/verification", {}, { headers: online.headers })
        const sms = await waitFor(
          async () =>
            emulator()
              .snapshot()
              .sms.find((s) => s.phone === "+79991500022"),
          "the code's text",
          15_000
        )
        const confirmed = await api.post(
          "/store/customers/me/wallet-pass/verification/confirm",
          { code: /(\d{6})/.exec(sms.text)![1] },
          { headers: online.headers }
        )
        expect(confirmed.data).toEqual({ verified: true, moved: true })
        const pass = (await api.get("/store/customers/me/wallet-pass", { headers: online.headers })).data
        expect(pass.not_linked).toBeUndefined()
        expect(pass.wallet_pass).toMatchObject({ balance: 120, verified: true })
        expect(await walletPass().listWalletPassHolderMoves({ holder_id: shopHolder.id })).toEqual([
          expect.objectContaining({ via: "verification", to_customer_id: online.customer.id }),
        ])
      })
    })

    describe("install flags and drift stay true", () => {
      async function enrolledKnown(phone: string, email: string, balance: number) {
        emulator().seedCustomer({ phone, name: "Kim", balance, installed: true })
        const { customer } = await registerCustomer(
          api,
          store,
          { email, password: "pw-123456", phone, first_name: "Kim" },
          { container: getContainer() }
        )
        return waitFor(
          async () => {
            const h = await holderOf(customer.id)
            return h?.enrollment_state === "enrolled" && (await queueSettled()) && h
          },
          "enrolment",
          30_000
        )
      }
      const runDone = (kind: "installs" | "drift") =>
        waitFor(
          async () => {
            const { data } = await api.get("/admin/wallet-pass/sync", admin)
            const last = data.sync[kind].last
            return last?.state === "done" && data.sync
          },
          `the ${kind} run`,
          30_000
        )

      it("a pass removed at the service shows as not installed after the install sync", async () => {
        const holder = await enrolledKnown("+79991500030", "kim30@example.com", 10)
        emulator().uninstall({ phone: "+79991500030" })
        const started = await api.post("/admin/wallet-pass/sync", { kind: "installs" }, admin)
        expect(started.status).toBe(202)
        const sync = await runDone("installs")
        expect(sync.installs).toMatchObject({ installed: 0, not_installed: 1 })
        expect((await walletPass().listWalletPassCards({ holder_id: holder.id })).map((c) => c.installed)).toEqual([
          false,
        ])
        const store = (await api.get(`/admin/customers/${holder.customer_id}/wallet-pass`, admin)).data.wallet_pass
        expect(store.cards).toEqual([expect.objectContaining({ installed: false })])
      })

      it("the background job starts both checks once they are due, and not again while they run", async () => {
        const holder = await enrolledKnown("+79991500032", "kim32@example.com", 5)
        await walletPassBackgroundSync(getContainer())
        expect(await walletPass().listWalletPassSyncRuns({})).toEqual([]) // enrolled just now: not due
        await walletPass().updateWalletPassHolders({ id: holder.id, enrolled_at: new Date(Date.now() - 25 * 3600_000) })
        await Promise.all([walletPassBackgroundSync(getContainer()), walletPassBackgroundSync(getContainer())])
        const runs = await walletPass().listWalletPassSyncRuns({})
        expect(runs.map((r) => r.kind).sort()).toEqual(["drift", "installs"])
        await runDone("installs")
        await runDone("drift")
        await walletPassBackgroundSync(getContainer())
        expect(await walletPass().listWalletPassSyncRuns({})).toHaveLength(2) // the next ones in 24 h
      })

      it("a balance changed behind the store's back is found by the drift check and healed from the ledger", async () => {
        const holder = await enrolledKnown("+79991500031", "kim31@example.com", 40)
        emulator().setMode("builtin") // a change the store is not told of
        await emulator().adjustBalance({ phone: "+79991500031", sum: 15 })
        emulator().setMode("external_crm")
        expect(emulator().getCustomer("+79991500031")!.balance).toBe(55)
        await api.post("/admin/wallet-pass/sync", { kind: "drift" }, admin)
        const sync = await runDone("drift")
        expect(sync.drift.last.counts).toMatchObject({ mismatched: 1 })
        const pass = (await api.get(`/admin/customers/${holder.customer_id}/wallet-pass`, admin)).data.wallet_pass
        expect(pass.holder.drift).toMatchObject({ service: 55, store: 40 })
        expect(
          await waitFor(async () => emulator().getCustomer("+79991500031")!.balance === 40 && 40, "healed", 15_000)
        ).toBe(40)
      })
    })

    describe("import of the service's base", () => {
      const YEARS = [2021, 2022, 2023, 2024, 2025]
      /** 250 customers over five years of registrations: balances, rates and installs of their own. */
      function seedBase() {
        const base: { phone: string; balance: number; bonus: number; discount: number; installed: boolean }[] = []
        for (let i = 0; i < 250; i++) {
          const phone = `+7999160${String(i).padStart(4, "0")}`
          const entry = {
            phone,
            balance: Math.round(i * 1.37 * 100) / 100,
            bonus: i % 3 === 0 ? 4 : 0,
            discount: i % 5 === 0 ? 10 : 0,
            installed: i % 2 === 0,
          }
          base.push(entry)
          const year = YEARS[i % YEARS.length]
          emulator().seedCustomer({
            phone,
            name: `Client ${i}`,
            balance: entry.balance,
            bonus: entry.bonus,
            discount: entry.discount,
            installed: entry.installed,
            registeredAt: `${year}-0${1 + (i % 9)}-1${i % 10}T10:00:00Z`,
            ...(i % 25 === 0 ? { invitedBy: "+79991609999" } : {}),
          })
        }
        return base
      }
      const importState = async () => (await api.get("/admin/wallet-pass/import", admin)).data.import

      it("adopts every customer once: balances, rates, cards, install flags, linked or created store customers; a repeat changes nothing", async () => {
        const base = seedBase()
        // 20 of them are store customers already (phones written nationally).
        const customers = getContainer().resolve(Modules.CUSTOMER)
        const existing = await customers.createCustomers(
          base.slice(0, 20).map((b, i) => ({
            email: `existing${i}@example.com`,
            phone: `8 ${b.phone.slice(2, 5)} ${b.phone.slice(5)}`,
            first_name: "Existing",
          }))
        )
        const started = await api.post("/admin/wallet-pass/import", {}, admin)
        expect(started.status).toBe(202)
        // A second POST while it runs does not start another.
        const again = await api.post("/admin/wallet-pass/import", {}, admin)
        expect(again.data).toMatchObject({ started: false, import: { id: started.data.import.id } })

        const ready = await waitFor(
          async () => {
            const s = await importState()
            return s?.phase === "ready" && s
          },
          "the import's reads",
          120_000
        )
        expect(ready.customers).toEqual({
          found: 250,
          waiting: 0,
          adopted: 250,
          linked: 20,
          created: 230,
          skipped: 0,
          review: 0,
        })
        const requests = emulator()
          .requests()
          .filter((r) => r.appKey === "valid")
        const pages = requests.filter((r) => r.endpoint === "/crm/read_customers").length
        const reads = requests.filter((r) => r.endpoint === "/crm/read_customer").length
        console.log(
          `[import] 250 customers: ${pages} pages + ${reads} reads = ${((pages + reads) / 250).toFixed(3)} requests each; ${ready.requests.spent} counted`
        )
        expect(reads).toBe(250)
        expect(pages).toBeLessThanOrEqual(YEARS.length + 2 + 3) // a page per window (and a second for a full one)
        expect(ready.requests.spent).toBe(pages + reads)
        expect(requests.filter((r) => r.status === 429)).toEqual([])

        for (const entry of base) {
          const [holder] = await walletPass().listWalletPassHolders({ phone: entry.phone }, { relations: ["cards"] })
          expect(holder).toMatchObject({
            adoption_state: "adopted",
            enrollment_state: "enrolled",
            bonus_percent_bp: entry.bonus ? entry.bonus * 100 : null,
            discount_percent_bp: entry.discount * 100,
          })
          expect(await walletPass().getBalance(holder.id)).toBe(Math.round(entry.balance * 100))
          expect(holder.cards.map((c) => c.installed)).toEqual([entry.installed])
        }
        const linkedIds = (await walletPass().listWalletPassHolders({ phone: base.slice(0, 20).map((b) => b.phone) }))
          .map((h) => h.customer_id)
          .sort()
        expect(linkedIds).toEqual(existing.map((c) => c.id).sort())
        const [invited] = await walletPass().listWalletPassHolders({ phone: base[25].phone })
        expect(invited.referrer_phone).toBe("+79991609999")
        // Customers the import created are never enrolled back: nothing was sent but reads.
        expect(requests.filter((r) => r.endpoint === "/crm/user_create_or_update")).toEqual([])

        // The final refresh, then a second import: it adopts only customers the store does not know.
        await api.post("/admin/wallet-pass/import/refresh", {}, admin)
        await waitFor(async () => (await importState())?.state === "done", "the final refresh", 60_000)
        emulator().clearRequests()
        const entriesBefore = (await walletPass().listWalletPassLedgerEntries({}, { select: ["id"] })).length
        const customersBefore = (await customers.listCustomers({}, { select: ["id"] })).length
        emulator().seedCustomer({
          phone: "+79991619999",
          name: "Newcomer",
          balance: 7,
          registeredAt: "2025-06-01T00:00:00Z",
        })
        const second = await api.post("/admin/wallet-pass/import", {}, admin)
        expect(second.data.started).toBe(true)
        const secondDone = await waitFor(
          async () => {
            const s = await importState()
            return s?.phase === "ready" && s
          },
          "the second import",
          60_000
        )
        expect(secondDone.customers).toMatchObject({ found: 251, adopted: 1, created: 1, skipped: 250 })
        expect(secondDone.skipped_reasons).toEqual([
          { reason: "already in the store", reason_code: "import_in_store", reason_values: {}, count: 250 },
        ])
        expect(
          emulator()
            .requests()
            .filter((r) => r.endpoint === "/crm/read_customer")
        ).toHaveLength(1)
        expect((await walletPass().listWalletPassLedgerEntries({}, { select: ["id"] })).length).toBe(entriesBefore + 1)
        expect((await customers.listCustomers({}, { select: ["id"] })).length).toBe(customersBefore + 1)
      })

      it("the final refresh takes changes the service made on its own before the switch; the store's own changes go to review", async () => {
        emulator().setMode("builtin") // before the switch: the service keeps its own balances
        emulator().seedCustomer({
          phone: "+79991700001",
          name: "Quiet",
          balance: 100,
          registeredAt: "2023-01-01T00:00:00Z",
        })
        emulator().seedCustomer({
          phone: "+79991700002",
          name: "Busy",
          balance: 100,
          registeredAt: "2023-01-02T00:00:00Z",
        })
        await api.post("/admin/wallet-pass/import", {}, admin)
        await waitFor(async () => (await importState())?.phase === "ready", "the import's reads", 60_000)
        // The shop credits both at the service; the store also credits "Busy" itself.
        await emulator().adjustBalance({ phone: "+79991700001", sum: 25 })
        await emulator().adjustBalance({ phone: "+79991700002", sum: 5 })
        const [busy] = await walletPass().listWalletPassHolders({ phone: "+79991700002" })
        await api.post(
          `/admin/customers/${busy.customer_id}/wallet-pass/adjust`,
          { amount: 10, reason: "goodwill" },
          admin
        )
        await waitFor(queueSettled, "the credit sent", 15_000)

        await api.post("/admin/wallet-pass/import/refresh", {}, admin)
        const done = await waitFor(
          async () => {
            const s = await importState()
            return s?.state === "done" && s
          },
          "the final refresh",
          60_000
        )
        const [quiet] = await walletPass().listWalletPassHolders({ phone: "+79991700001" })
        expect(await walletPass().getBalance(quiet.id)).toBe(12_500)
        const quietKinds = (await walletPass().listWalletPassLedgerEntries({ holder_id: quiet.id }))
          .map((e) => e.kind)
          .sort()
        expect(quietKinds).toEqual(["opening_balance", "sync_adjustment"])
        expect(done.customers).toMatchObject({ review: 1 })
        const { data } = await api.get("/admin/wallet-pass/import/items?state=review", admin)
        expect(data.items).toEqual([
          expect.objectContaining({
            phone: "+79991700002",
            state: "review",
            reason: expect.stringContaining("changed this balance since adoption"),
          }),
        ])
        // The store's ledger of "Busy" was not overwritten.
        expect(await walletPass().getBalance(busy.id)).toBe(11_000)
      })
    })
  },
})
