import { TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { applyHolderDiscountWorkflow } from "../../src/workflows/discount/apply-holder-discount"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, TEST_PASSWORD, waitFor, waitForHolder } from "../support/hooks"
import { guestHeaders, registerCustomer, SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const HOOKS = { login: "svc", password: "hook-pw-security" }
const APP_KEY = "security-key"
const LIMITS = { perSecond: 50, perHour: 100_000 }
const PASS = "/store/customers/me/wallet-pass"
const VERIFY = `${PASS}/verification`

// Safe on the open internet (docs/security.md): who can make the store text, spend the
// service's budget or see another person's pass. The store serves Russia only (its one region).
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_BONUS_PERCENT: "5",
    WALLET_PASS_CURRENCY_CODE: "eur",
    WALLET_PASS_INSTALL_FORM_URL: "https://forms.example/card",
    WALLET_PASS_INSTALL_SMS: "Your loyalty card: %link%",
    // Read the address from X-Forwarded-For, so the spec can play many clients; a store-wide
    // cap high enough for the spec but one test (which fills it).
    WALLET_PASS_TEXTS: JSON.stringify({ trustProxy: true, perAddress: { perHour: 2 }, storePerHour: 40 }),
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: Record<string, string> }
    const emulator = () => service.emulator
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const webhook = () => ({ url: `${api.defaults.baseURL}/hooks/wallet-pass`, ...HOOKS })
    let addresses = 0
    /** A client address of its own (X-Forwarded-For), so the per-address limit stays out of the way. */
    const newAddress = () => `198.51.100.${++addresses}`

    beforeAll(async () => {
      store = await seedStore(getContainer(), { itemPrice: 100, shippingPrice: 10, countryCode: "ru" })
    })
    beforeEach(async () => {
      emulator().reset()
      emulator().setWebhook(webhook())
      admin = await createAdminHeaders(getContainer())
    })

    const signUp = (email: string, phone?: string, metadata?: Record<string, unknown>) =>
      registerCustomer(
        api,
        store,
        { email, password: TEST_PASSWORD, phone, first_name: "Web", metadata },
        { container: getContainer() }
      )
    const askCode = (headers: Record<string, string>, address = newAddress()) =>
      api.post(VERIFY, {}, { headers: { ...headers, "x-forwarded-for": address } }).catch((e: any) => e.response)
    const settled = async () =>
      (await walletPass().listWalletPassOperations({ state: ["pending", "sending", "unknown"] }, { select: ["id"] }))
        .length === 0
    const enrolled = (customerId: string) =>
      waitForHolder(
        getContainer(),
        customerId,
        async (h) => h.enrollment_state === "enrolled" && (await settled()),
        "enrolment"
      )
    const textsTo = (phone: string) =>
      emulator()
        .snapshot()
        .sms.filter((s) => s.phone === phone)
    /** A customer made by a pass installed in a shop (createCustomer hook). */
    async function shopPass(phone: string, input: Record<string, unknown> = {}) {
      const linked = TestEventUtils.waitSubscribersExecution(
        WALLET_PASS_EVENTS.HOLDER_LINKED,
        getContainer().resolve(Modules.EVENT_BUS)
      )
      const { hook } = await emulator().install({ phone, name: "Shop", ...input })
      expect(hook?.status).toBe(200)
      await linked
      const [holder] = await walletPass().listWalletPassHolders({ phone })
      return holder
    }
    const groupsOf = async (customerId: string) => {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "customer", fields: ["groups.name"], filters: { id: customerId } })
      return (data[0]?.groups ?? []).map((g: { name: string }) => g.name)
    }

    describe("texts count against limits one attacker cannot multiply", () => {
      it("per phone across accounts: five accounts with one phone, at once, get three codes; the rest 429 with the shopper's message", async () => {
        const phone = "+79992700001"
        const accounts = []
        for (let i = 0; i < 5; i++) accounts.push(await signUp(`same-phone-${i}@example.com`, phone))
        const answers = await Promise.all(accounts.map((a) => askCode(a.headers)))
        expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429])
        const refused = answers.find((a) => a.status === 429)!
        expect(refused.data).toEqual({
          code: "too_many_requests",
          type: "not_allowed",
          message: expect.stringMatching(
            /^Too many codes were sent to this phone: try again in (an hour|\d+ minutes)$/
          ),
        })
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
        // Three texts reach the phone, and no more.
        await waitFor(async () => textsTo(phone).length === 3 && (await settled()), "the three codes", 30_000)
        expect(textsTo(phone)).toHaveLength(3)
      })

      it("per account: a second code within the minute is 429, and nothing is queued for it", async () => {
        const { headers, customer } = await signUp("twice@example.com", "+79992700002")
        expect((await askCode(headers)).status).toBe(202)
        const again = await askCode(headers)
        expect(again.status).toBe(429)
        expect(again.data.message).toMatch(/^A code was sent moments ago: wait a minute before asking again$/)
        expect(await walletPass().listWalletPassVerifications({ customer_id: customer.id })).toHaveLength(1)
      })

      it("per client address: a third code from one address within the hour is 429, whatever the accounts and phones", async () => {
        const address = newAddress()
        const answers = []
        for (let i = 0; i < 3; i++) {
          const { headers } = await signUp(`one-address-${i}@example.com`, `+7999270001${i}`)
          answers.push(await askCode(headers, address))
        }
        expect(answers.map((a) => a.status)).toEqual([202, 202, 429])
        expect(answers[2].data.message).toMatch(/^Too many codes were asked for from your network/)
      })

      it("store-wide per hour: once the new signups' share of the hour's texts is used, a new signup gets 429 (shoppers with a stake keep theirs: text-budgets.spec)", async () => {
        const { headers } = await signUp("store-cap@example.com", "+79992700020")
        const counted = await walletPass().listWalletPassTexts({}, { select: ["id"] })
        await walletPass().createWalletPassTexts(
          Array.from({ length: 40 - counted.length }, (_, i) => ({
            kind: "code" as const,
            phone: `+7999280${String(i).padStart(4, "0")}`,
          }))
        )
        const refused = await askCode(headers)
        expect(refused.status).toBe(429)
        expect(refused.data.message).toMatch(/^The store is sending too many codes right now/)
        await walletPass().softDeleteWalletPassTexts(
          (await walletPass().listWalletPassTexts({}, { select: ["id"] })).map((t) => t.id)
        )
      })

      it("only phones of the countries the shop serves: a German phone gets no text (400), nothing is recorded", async () => {
        const { headers, customer } = await signUp("abroad@example.com", "+4915123456789")
        const refused = await askCode(headers)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/only to phones of the countries this store serves/)
        expect(await walletPass().listWalletPassVerifications({ customer_id: customer.id })).toEqual([])
        expect(textsTo("+4915123456789")).toEqual([])
      })

      it("a signup's unproven phone gets no install text; an admin's enrolment still texts it", async () => {
        const { customer } = await signUp("no-link@example.com", "+79992700030")
        await enrolled(customer.id)
        expect(textsTo("+79992700030")).toEqual([])
        const made = await api.post(
          "/admin/customers",
          { email: "by-admin@example.com", first_name: "Desk", phone: "+79992700031" },
          admin
        )
        await enrolled(made.data.customer.id)
        expect(textsTo("+79992700031")).toEqual([
          expect.objectContaining({ text: expect.stringContaining("Your loyalty card: https://forms.example/card") }),
        ])
      })
    })

    describe("a code's text that did not go", () => {
      /**
       * The code request of the customer's verification once its sending ended: the status can
       * say not sent a moment before the sender records the request's own end.
       */
      async function settledRequestOf(customerId: string) {
        const [verification] = await walletPass().listWalletPassVerifications({ customer_id: customerId })
        return waitFor(
          async () => {
            const [operation] = await walletPass().listWalletPassOperations({ id: verification.operation_id! })
            return operation.state !== "sending" && operation
          },
          "the code request's sending to end",
          15_000
        )
      }

      it("answered sms_send: false: not sent again, and the verification's status tells the shopper", async () => {
        const phone = "+79992700040"
        const { headers, customer } = await signUp("not-sent@example.com", phone)
        await enrolled(customer.id)
        emulator().injectFault({ kind: "sms_not_sent", path: "/crm/user_create_or_update", phone, count: 3 })
        expect((await askCode(headers)).status).toBe(202)
        const status = await waitFor(
          async () => {
            const { data } = await api.get(VERIFY, { headers })
            return data.verification?.text === "not_sent" && data.verification
          },
          "the text reported not sent",
          15_000
        )
        expect(status.message).toMatch(/could not be texted to this phone/)
        expect(await settledRequestOf(customer.id)).toMatchObject({ state: "done", attempts: 1 })
        expect(textsTo(phone)).toEqual([])
      })

      it("refused by the service: failed at once (not tried three times), and the status says not sent", async () => {
        const phone = "+79992700041"
        const { headers, customer } = await signUp("refused@example.com", phone)
        await enrolled(customer.id)
        emulator().injectFault({ kind: "status", status: 400, path: "/crm/user_create_or_update", phone, count: 3 })
        expect((await askCode(headers)).status).toBe(202)
        await waitFor(
          async () => (await api.get(VERIFY, { headers })).data.verification?.text === "not_sent",
          "the refused text reported",
          15_000
        )
        expect(await settledRequestOf(customer.id)).toMatchObject({ state: "failed", attempts: 1 })
        const sent = emulator()
          .requests()
          .filter((r) => r.endpoint === "/crm/user_create_or_update" && JSON.stringify(r.body).includes('"sms"'))
        expect(sent).toHaveLength(1)
      })
    })

    describe("an unproven account gets nothing of another person's pass", () => {
      it("a known phone (discount 15%, bonus 7%, a card): no discount group, the default rate, no card number until the phone is proven", async () => {
        const phone = "+79992700050"
        emulator().seedCustomer({ phone, name: "Owner", balance: 500, bonus: 7, discount: 15, installed: true })
        const { headers, customer } = await signUp("claims@example.com", phone)
        await enrolled(customer.id)
        await applyHolderDiscountWorkflow(getContainer()).run({ input: { customer_id: customer.id } })
        expect(await groupsOf(customer.id)).toEqual([])
        let pass = (await api.get(PASS, { headers })).data.wallet_pass
        expect(pass).toMatchObject({ discount_percent: 0, bonus_percent: 5, cards: [], installed: false, balance: 0 })
        // Its profile does not reach the phone's record at the service: not from a profile
        // change, not from a visit to the install page.
        const updated = TestEventUtils.waitSubscribersExecution(
          "customer.updated",
          getContainer().resolve(Modules.EVENT_BUS)
        )
        await api.post("/store/customers/me", { last_name: "Intruder" }, { headers })
        await updated
        const install = await api.get(`${PASS}/install`, { headers: { ...headers, accept: "application/json" } })
        expect(install.data.platform).toBe("form")
        await waitFor(settled, "the queue settled", 15_000)
        expect(emulator().getCustomer(phone)!.surname).not.toBe("Intruder")

        expect((await askCode(headers)).status).toBe(202)
        const sms = await waitFor(async () => textsTo(phone)[0], "the code's text", 15_000)
        const confirmed = await api.post(`${VERIFY}/confirm`, { code: /(\d{6})/.exec(sms.text)![1] }, { headers })
        expect(confirmed.data).toEqual({ verified: true, moved: false })
        expect(await groupsOf(customer.id)).toEqual(["Wallet pass discount 15%"])
        pass = (await api.get(PASS, { headers })).data.wallet_pass
        expect(pass).toMatchObject({ discount_percent: 15, bonus_percent: 7, installed: true, balance: 500 })
        expect(pass.cards).toHaveLength(1)
      })

      it("the same answers whether another customer's pass has the phone or none does (pass route and verification route)", async () => {
        await shopPass("+79992700060")
        const answers = []
        for (const [email, own, claimed] of [
          ["enum-a@example.com", "+79992700061", "+79992700060"], // another customer's pass
          ["enum-b@example.com", "+79992700062", "+79992700063"], // no pass
        ]) {
          const { headers, customer } = await signUp(email, own)
          await enrolled(customer.id)
          const updated = TestEventUtils.waitSubscribersExecution(
            "customer.updated",
            getContainer().resolve(Modules.EVENT_BUS)
          )
          await api.post("/store/customers/me", { phone: claimed }, { headers })
          await updated
          const pass = (await api.get(PASS, { headers })).data
          const code = await askCode(headers)
          answers.push({ not_linked: pass.not_linked, status: code.status, keys: Object.keys(code.data.verification) })
        }
        expect(answers[0]).toEqual(answers[1])
        expect(answers[0]).toMatchObject({ status: 202, not_linked: { can_verify: true } })
      })
    })

    it('trust reads no customer-written metadata: a signup marked wallet_pass_source "hook" is enrolled like any other', async () => {
      const { customer } = await signUp("forged@example.com", "+79992700070", { wallet_pass_source: "hook" })
      const holder = await enrolled(customer.id)
      expect(holder).toMatchObject({ phone: "+79992700070", source: "signup" })
      expect(await walletPass().listWalletPassCustomerSources({ customer_id: customer.id })).toEqual([])
      // A pass installed in a shop still marks the customer it makes, in the plugin's table.
      const shop = await shopPass("+79992700071")
      expect(await walletPass().listWalletPassCustomerSources({ customer_id: shop.customer_id! })).toEqual([
        expect.objectContaining({ source: "hook" }),
      ])
    })

    describe("admin routes and caching", () => {
      it("a NUL in the move's holder_id or note, or in a level name, is a 400; preview refuses what saving refuses", async () => {
        const { data } = await api.post("/admin/customers", { email: "nul-target@example.com" }, admin)
        const move = `/admin/customers/${data.customer.id}/wallet-pass/move`
        for (const body of [{ holder_id: "wph_\u0000" }, { holder_id: "wph_x", note: "a\u0000b" }]) {
          const res = await api.post(move, body, admin).catch((e: any) => e.response)
          expect(res.status).toBe(400)
          expect(res.data.message).toMatch(/NUL/)
        }
        const program = {
          tiers: { levels: [{ name: "Gold\u0000", threshold: 0, bonusPercent: 1, discountPercent: 0 }] },
        }
        for (const path of ["/admin/wallet-pass/program", "/admin/wallet-pass/program/preview"]) {
          const res = await api.post(path, program, admin).catch((e: any) => e.response)
          expect(res.status).toBe(400)
          expect(res.data.message).toMatch(/NUL/)
        }
      })

      it('POST /admin/wallet-pass/import validates its body: { kind: "drift" } starts nothing', async () => {
        const res = await api.post("/admin/wallet-pass/import", { kind: "drift" }, admin).catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect((await api.get("/admin/wallet-pass/import", admin)).data.import).toBeNull()
      })

      it("two moves to one customer at once: one 200, one 409; one pass to two customers at once: exactly one wins", async () => {
        const [a, b] = [await shopPass("+79992700080"), await shopPass("+79992700081")]
        const target = (await api.post("/admin/customers", { email: "move-target@example.com" }, admin)).data.customer
        const toTarget = await Promise.all(
          [a, b].map((h) =>
            api
              .post(`/admin/customers/${target.id}/wallet-pass/move`, { holder_id: h.id }, admin)
              .catch((e: any) => e.response)
          )
        )
        expect(toTarget.map((r) => r.status).sort()).toEqual([200, 409])

        const c = await shopPass("+79992700082")
        const t1 = (await api.post("/admin/customers", { email: "move-t1@example.com" }, admin)).data.customer
        const t2 = (await api.post("/admin/customers", { email: "move-t2@example.com" }, admin)).data.customer
        // Each admin's screen showed the pass at its shop customer: whichever runs second finds it
        // moved, whether the two overlap or one ends before the other starts (a loaded machine).
        const twice = await Promise.all(
          [t1, t2].map((t) =>
            api
              .post(
                `/admin/customers/${t.id}/wallet-pass/move`,
                { holder_id: c.id, from_customer_id: c.customer_id },
                admin
              )
              .catch((e: any) => e.response)
          )
        )
        expect(twice.map((r) => r.status).sort()).toEqual([200, 409])
        expect(await walletPass().listWalletPassHolderMoves({ holder_id: c.id })).toHaveLength(1)
      })

      it("qr.svg keeps Vary: Origin and is never cached; the pass and error answers say no-store", async () => {
        const { headers } = await signUp("qr@example.com", "+79992700090")
        const origin = "http://localhost:8000"
        const qr = await api.get(`${PASS}/qr.svg`, { headers: { ...headers, origin } })
        expect(qr.status).toBe(200)
        expect(qr.headers["vary"]).toMatch(/Origin/)
        expect(qr.headers["vary"]).toMatch(/Authorization/)
        expect(qr.headers["cache-control"]).toBe("private, no-store")
        expect((await api.get(PASS, { headers })).headers["cache-control"]).toBe("private, no-store")
        const nobody = await signUp("qr-nophone@example.com")
        const missing = await api
          .get(`${PASS}/install`, { headers: { ...nobody.headers, accept: "application/json" } })
          .catch((e: any) => e.response)
        expect(missing.status).toBe(404)
        expect(missing.headers["cache-control"]).toBe("private, no-store")
        const unauthenticated = await api.get(PASS, { headers: guestHeaders(store) }).catch((e: any) => e.response)
        expect(unauthenticated.status).toBe(401)
      })
    })
  },
})
