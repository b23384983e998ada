import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { emulatedServiceHooking, storeEnv } from "../support/hooks"
import { createCart, getCart, guestHeaders, registerCustomer, seedStore, SeededStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const HOOKS = { login: "wallet-service", password: "hook-password-for-store-pass" }
const ROUTE = "/store/customers/me/wallet-pass"

// GET /store/customers/me/wallet-pass, and the store with `discount.enabled: false` (one
// boot for both: the route does not depend on pricing, and each boot costs ~15 s).
storeTestRunner({
  env: storeEnv({
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_CURRENCY_CODE: "eur",
    WALLET_PASS_BONUS_PERCENT: "3",
    WALLET_PASS_DISCOUNT_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)

    beforeAll(async () => {
      store = await seedStore(getContainer())
    })
    const service = emulatedServiceHooking(() => api.defaults.baseURL, HOOKS)

    const signUp = (email: string, phone?: string) =>
      registerCustomer(
        api,
        store,
        { email, password: "secret-pw-1", phone, first_name: "Anna" },
        { container: getContainer() }
      )

    /** A customer installs a pass; resolves when the plugin's subscribers are done. */
    async function install(phone: string) {
      const linked = TestEventUtils.waitSubscribersExecution(
        WALLET_PASS_EVENTS.HOLDER_LINKED,
        getContainer().resolve(Modules.EVENT_BUS)
      )
      const result = await service.emulator.install({ phone, name: "Anna" })
      expect(result.hook?.status).toBe(200)
      await linked
      return result
    }

    /** The service sets a rate; resolves when the plugin's subscribers are done. */
    async function setPrivileges(input: { phone: string; bonus?: number; discount?: number }) {
      const done = TestEventUtils.waitSubscribersExecution(
        WALLET_PASS_EVENTS.PRIVILEGES_CHANGED,
        getContainer().resolve(Modules.EVENT_BUS)
      )
      const { hooks } = await service.emulator.setPrivileges(input)
      expect(hooks.map((h) => h.status)).toEqual([200])
      await done
    }

    describe(`GET ${ROUTE}`, () => {
      it("needs a signed-in customer: 401 with only the publishable key", async () => {
        const res = await api.get(ROUTE, { headers: guestHeaders(store) }).catch((e: any) => e.response)
        expect(res.status).toBe(401)
      })

      it("a customer without a pass (one from before the plugin) gets a clear empty state", async () => {
        const { customer, headers } = await signUp("nopass@example.com")
        const holders = await walletPass().listWalletPassHolders({ customer_id: customer.id }, { select: ["id"] })
        await walletPass().deleteWalletPassHolders(holders.map((h) => h.id))

        const res = await api.get(ROUTE, { headers })
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ wallet_pass: null })
      })

      it("a customer who signed up without a phone sees that they are not enrolled", async () => {
        const { headers } = await signUp("nophone@example.com")
        const res = await api.get(ROUTE, { headers })
        expect(res.data.wallet_pass).toMatchObject({
          enrollment_state: "not_enrolled_no_phone",
          enrolled: false,
          cards: [],
          balance: 0,
        })
      })

      it("shows the customer's own pass: balance, rates, cards, install links, enrolment", async () => {
        const { customer, headers } = await signUp("anna@example.com", "+79991130001")
        const { card } = await install("+79991130001")
        const [holder] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
        await walletPass().updateWalletPassHolders({
          id: holder.id,
          card_url: "https://wallet.example/ios/abc",
          card_gpay_url: "https://wallet.example/gpay/abc",
          form_url: "https://wallet.example/form/abc",
          user_hash: "hash-not-for-the-storefront",
        })
        await walletPass().applyLedgerEntry({ holder_id: holder.id, amount: 12345, kind: "manual", dedupe_key: "seed" })
        await setPrivileges({ phone: "+79991130001", discount: 7.5 })

        // Until the account proves the phone: its own balance (an admin's credit counts as its
        // own) and no personalised link (they open the phone's card).
        let res = await api.get(ROUTE, { headers })
        expect(res.data.wallet_pass).toMatchObject({
          balance: 123.45,
          links: { ios: null, android: null, form: null },
          verified: false,
          // Always until the phone is proven (docs/security.md): never whether more shows then.
          balance_hidden: true,
        })
        await walletPass().updateWalletPassHolders({
          id: holder.id,
          verified_customer_id: customer.id,
          verified_at: new Date(),
        })
        res = await api.get(ROUTE, { headers })
        expect(res.data).toEqual({
          wallet_pass: {
            balance: 123.45,
            currency_code: "eur",
            bonus_percent: 3, // the program rate while the holder has none of their own
            discount_percent: 7.5,
            cards: [{ number: card, installed: true }],
            links: {
              ios: "https://wallet.example/ios/abc",
              android: "https://wallet.example/gpay/abc",
              form: "https://wallet.example/form/abc",
            },
            enrollment_state: "enrolled",
            enrolled: true,
            verified: true,
            balance_hidden: false,
            // No levels in this store's program (docs/program.md).
            level: null,
            bonuses: [],
            installed: true,
            install_url: "/store/customers/me/wallet-pass/install",
            expiring: [],
            // No pending days in this store (docs/loyalty.md, "Pending bonus"): nothing pending.
            pending: 0,
            pending_until: null,
            // No card variables in this store's program (docs/program.md, "On the card").
            card_texts: null,
          },
        })
        expect(JSON.stringify(res.data)).not.toMatch(/hash-not-for|\+7999|wph_/)

        await setPrivileges({ phone: "+79991130001", bonus: 4.5 })
        res = await api.get(ROUTE, { headers })
        expect(res.data.wallet_pass.bonus_percent).toBe(4.5)
      })

      it("a customer never sees another customer's pass", async () => {
        const anna = await signUp("anna2@example.com", "+79991130002")
        const { card: annasCard } = await install("+79991130002")
        const oleg = await signUp("oleg@example.com", "+79991130003")

        const olegs = await api.get(ROUTE, { headers: oleg.headers, params: { customer_id: anna.customer.id } })
        expect(olegs.data.wallet_pass.cards).toEqual([])

        const { card: olegsCard } = await install("+79991130003")
        // Card numbers show once an account has proven its phone (docs/security.md).
        for (const { customer } of [anna, oleg]) {
          const [h] = await walletPass().listWalletPassHolders({ customer_id: customer.id }, { select: ["id"] })
          await walletPass().updateWalletPassHolders({
            id: h.id,
            verified_customer_id: customer.id,
            verified_at: new Date(),
          })
        }
        const [a, o] = await Promise.all([
          api.get(ROUTE, { headers: anna.headers }),
          api.get(ROUTE, { headers: oleg.headers }),
        ])
        expect(a.data.wallet_pass.cards.map((c: any) => c.number)).toEqual([annasCard])
        expect(o.data.wallet_pass.cards.map((c: any) => c.number)).toEqual([olegsCard])
      })
    })

    describe("with discount.enabled: false", () => {
      it("a holder's discount percent leaves store prices alone", async () => {
        const { customer, headers } = await signUp("nodiscount@example.com", "+79991130010")
        await install("+79991130010")
        const cart = await createCart(api, store, headers)
        await setPrivileges({ phone: "+79991130010", discount: 10 })

        const now = await getCart(api, headers, cart.id)
        expect([now.item_total, now.discount_total, now.total]).toEqual([100, 0, 110])
        expect((await createCart(api, store, headers)).item_total).toBe(100)
        const { groups } = await getContainer()
          .resolve(Modules.CUSTOMER)
          .retrieveCustomer(customer.id, { relations: ["groups"] })
        expect(groups).toEqual([])
        const promotions = await getContainer()
          .resolve(Modules.PROMOTION)
          .listPromotions({}, { select: ["code"] })
        expect(promotions.filter((p) => p.code?.startsWith("WALLETPASS-"))).toEqual([])
      })
    })
  },
})
