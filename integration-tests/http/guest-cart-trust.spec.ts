import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { HttpTypes } from "@medusajs/framework/types"
import { WALLET_PASS_EVENTS } from "../../src/modules/wallet-pass"
import repriceDiscountGroupsWithoutAccount from "../../src/migration-scripts/wallet-pass-guest-priced-customers"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, signUpEnrolled, waitFor, waitForHolder } from "../support/hooks"
import { createCart, guestHeaders, placeOrder, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

const { service, env, storeInFront } = externalCrmService("guest-cart-trust-key", {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_CURRENCY_CODE: "eur",
})

// docs/security.md, "What an unproven account gets of a pass": the discount group and any
// rate above the program's default reach a cart or an order only through the signed-in
// customer who holds them and has proven the phone. Medusa attaches a guest cart that names
// an e-mail to the customer without an account of that e-mail: such a cart is a guest's.
// The store: one item of 100, shipping 10, no tax; the program's default rate 5%.
storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront(
      { api, getContainer },
      { seed: { countryCode: "ru" }, resetEachTest: true }
    )
    const eventBus = () => getContainer().resolve(Modules.EVENT_BUS)
    const guest = () => guestHeaders(store)
    const address = () => ({
      first_name: "Guest",
      last_name: "Shopper",
      address_1: "Hauptstr. 5",
      city: "Berlin",
      postal_code: "10115",
      country_code: store.countryCode,
    })
    const codes = (cart: HttpTypes.StoreCart) => (cart.promotions ?? []).map((p) => p.code)

    /** A customer without an account made by the service's hook (a pass installed in a shop), holding 15% and 7%. */
    async function hookCustomer(phone: string, email: string) {
      service.emulator.seedCustomer({ phone, email, name: "Vera", balance: 300, bonus: 7, discount: 15 })
      const linked = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.HOLDER_LINKED, eventBus())
      const { hook } = await service.emulator.install({ phone })
      expect(hook?.status).toBe(200)
      await linked
      const customerId = (hook!.response as { customerId: string }).customerId
      const customer = await getContainer().resolve(Modules.CUSTOMER).retrieveCustomer(customerId)
      expect(customer).toMatchObject({ email, has_account: false })
      const holder = await waitForHolder(getContainer(), customerId, (h) => !!h.phone, "the linked holder")
      expect(holder).toMatchObject({ discount_percent_bp: 1500, bonus_percent_bp: 700 })
      return { customerId, holder }
    }

    /** A guest cart (the publishable key only) with `email`, an address and the shipping method. */
    async function guestCart(email?: string) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          ...(email && { email }),
          items: [{ variant_id: store.variantId, quantity: 1 }],
        },
        { headers: guest() }
      )
      const id = data.cart.id as string
      await api.post(
        `/store/carts/${id}`,
        { shipping_address: address(), billing_address: address() },
        { headers: guest() }
      )
      await api.post(`/store/carts/${id}/shipping-methods`, { option_id: store.shippingOptionId }, { headers: guest() })
      return cartOf(id, guest())
    }
    const cartOf = async (id: string, headers: StoreHeaders) =>
      (await api.get(`/store/carts/${id}`, { headers })).data.cart as HttpTypes.StoreCart

    /** The order's accrual entry, once written (the order earned something). */
    const accrualOf = (orderId: string) =>
      waitFor(
        async () => {
          const [entry] = await walletPass().listWalletPassLedgerEntries({ order_id: orderId, kind: "accrual" })
          return entry
        },
        `the accrual of order ${orderId}`,
        15_000
      )

    /** A guest cart of a holder's customer: priced as a guest's, and its order earns the default rate (5% of 100). */
    async function expectPricedAsGuest(cart: HttpTypes.StoreCart, customerId: string, holderId: string) {
      // Medusa did attach the cart to the holder's customer: the case this spec is about.
      expect(cart.customer_id).toBe(customerId)
      expect(codes(cart)).toEqual([])
      expect(cart).toMatchObject({ item_total: 100, discount_total: 0, total: 110 })
      const order = await placeOrder(api, store, guest(), cart.id)
      expect(order).toMatchObject({ discount_total: 0, total: 110 })
      const accrual = await accrualOf(order.id)
      expect(accrual).toMatchObject({
        holder_id: holderId,
        amount: 500,
        metadata: expect.objectContaining({ rate_bp: 500 }),
      })
    }

    it("a guest cart created with the e-mail of a customer without an account (the service's hook), any letter case, gets no discount, and its order earns the default rate", async () => {
      const { customerId, holder } = await hookCustomer("+79996660001", "vera.victim@example.com")
      await expectPricedAsGuest(await guestCart("vera.victim@example.com"), customerId, holder.id)
      await expectPricedAsGuest(await guestCart("VERA.Victim@Example.com"), customerId, holder.id)
    })

    it("a guest cart updated with that e-mail gets no discount either, and cannot pay with the customer's bonus", async () => {
      const { customerId, holder } = await hookCustomer("+79996660002", "anna@wallet-pass.example")
      const made = await guestCart()
      await api.post(`/store/carts/${made.id}`, { email: "Anna@Wallet-Pass.example" }, { headers: guest() })
      const cart = await cartOf(made.id, guest())
      // Only the signed-in customer whose cart it is pays with bonus: a guest has none to sign in as.
      const paid = await api
        .post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 20 }, { headers: guest() })
        .catch((e: any) => e.response)
      expect(paid.status).toBe(401)
      await expectPricedAsGuest(cart, customerId, holder.id)
      const spent = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "redemption" })
      expect(spent).toEqual([])
    })

    it("a customer the admin made (no account) whose phone the service gives 15%: a guest cart naming the e-mail is a guest's", async () => {
      const admin = await createAdminHeaders(getContainer())
      const phone = "+79996660003"
      service.emulator.seedCustomer({ phone, name: "Desk" })
      const made = await api.post("/admin/customers", { email: "desk@example.com", first_name: "Desk", phone }, admin)
      const customerId = made.data.customer.id as string
      const holder = await waitForHolder(
        getContainer(),
        customerId,
        (h) => h.enrollment_state === "enrolled",
        "enrolment"
      )
      const applied = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, eventBus())
      const { hooks } = await service.emulator.setPrivileges({ phone, discount: 15, bonus: 7 })
      expect(hooks.map((h) => h.status)).toEqual([200])
      await applied
      await expectPricedAsGuest(await guestCart("DESK@example.com"), customerId, holder.id)
    })

    /** The account proves its phone with the code the service texted to it. */
    async function proveThePhone(phone: string, headers: StoreHeaders) {
      const asked = await api.post("/store/customers/me/wallet-pass/verification", {}, { headers })
      expect(asked.status).toBe(202)
      const sms = await waitFor(
        async () => service.emulator.snapshot().sms.find((s) => s.phone === phone),
        "the code's text",
        15_000
      )
      const confirmed = await api.post(
        "/store/customers/me/wallet-pass/verification/confirm",
        { code: /(\d{6})/.exec(sms.text)![1] },
        { headers }
      )
      expect(confirmed.data).toMatchObject({ verified: true })
    }

    it("control: the signed-in account that proved the phone gets its 15% and earns its 7%", async () => {
      const phone = "+79996660004"
      service.emulator.seedCustomer({ phone, name: "Owner", bonus: 7, discount: 15 })
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "owner@example.com",
        phone,
        first_name: "Owner",
      })
      await proveThePhone(phone, headers)
      const cart = await createCart(api, store, headers)
      expect(codes(cart)).toEqual(["WALLETPASS-DISCOUNT-15"])
      expect(cart).toMatchObject({ item_total: 85, discount_total: 15, total: 95 })
      const order = await placeOrder(api, store, headers, cart.id)
      expect(order).toMatchObject({ total: 95 })
      expect(await accrualOf(order.id)).toMatchObject({
        holder_id: holder.id,
        metadata: expect.objectContaining({ rate_bp: 700 }),
      })
    })

    it("a guest cart naming the e-mail of an account that proved the phone, any letter case, is priced as a guest's; the account's own cart, signed in, gets its 15%", async () => {
      const phone = "+79996660007"
      service.emulator.seedCustomer({ phone, name: "Karl", bonus: 7, discount: 15 })
      const { customer, headers } = await signUpEnrolled(api, store, getContainer(), {
        email: "karl.owner@example.com",
        phone,
        first_name: "Karl",
      })
      await proveThePhone(phone, headers)
      expect(codes(await createCart(api, store, headers))).toEqual(["WALLETPASS-DISCOUNT-15"])
      for (const email of ["karl.owner@example.com", "KARL.Owner@Example.com"]) {
        const cart = await guestCart(email)
        // Medusa attached the guest's cart to the account: the case this test is about.
        expect(cart.customer_id).toBe(customer.id)
        expect(codes(cart)).toEqual([])
        expect(cart).toMatchObject({ item_total: 100, discount_total: 0, total: 110 })
        const order = await placeOrder(api, store, guest(), cart.id)
        expect(order).toMatchObject({ discount_total: 0, total: 110 })
      }
      // A guest cart updated with the e-mail, and changed again after (Medusa re-prices on every change).
      const made = await guestCart()
      await api.post(`/store/carts/${made.id}`, { email: "karl.owner@example.com" }, { headers: guest() })
      await api.post(
        `/store/carts/${made.id}/line-items`,
        { variant_id: store.variantId, quantity: 1 },
        { headers: guest() }
      )
      const updated = await cartOf(made.id, guest())
      expect(updated.customer_id).toBe(customer.id)
      expect(codes(updated)).toEqual([])
      expect(updated).toMatchObject({ item_total: 200, discount_total: 0 })
    })

    it("the plugin's re-pricing after the account proves its phone gives the 15% to the cart it made signed in, not to a guest's cart naming its e-mail", async () => {
      const phone = "+79996660008"
      service.emulator.seedCustomer({ phone, name: "Lena", bonus: 7, discount: 15 })
      const { customer, headers } = await signUpEnrolled(api, store, getContainer(), {
        email: "lena@example.com",
        phone,
        first_name: "Lena",
      })
      const own = await createCart(api, store, headers)
      const guests = await guestCart("lena@example.com")
      expect(guests.customer_id).toBe(customer.id)
      // Unproven: neither cart has the discount.
      expect([codes(own), codes(guests)]).toEqual([[], []])
      await proveThePhone(phone, headers)
      // Proving joins the 15% group and re-prices the customer's open carts without a request.
      const repriced = await waitFor(
        async () => {
          const cart = await cartOf(own.id, headers)
          return codes(cart).length ? cart : null
        },
        "the account's own cart re-priced",
        30_000
      )
      expect(codes(repriced)).toEqual(["WALLETPASS-DISCOUNT-15"])
      expect(repriced).toMatchObject({ discount_total: 15 })
      const stillGuest = await cartOf(guests.id, guest())
      expect(codes(stillGuest)).toEqual([])
      expect(stillGuest).toMatchObject({ discount_total: 0, total: 110 })
    })

    it("after the upgrade, the migration script takes customers without an account out of the discount groups an earlier version put them in; a proven account stays", async () => {
      const { customerId } = await hookCustomer("+79996660005", "earlier@example.com")
      const customers = getContainer().resolve(Modules.CUSTOMER)
      // As an earlier version left it: the customer without an account in the 15% group.
      const [group] = await customers.createCustomerGroups([
        { name: "Wallet pass discount 15%", metadata: { wallet_pass_discount_bp: 1500 } },
      ])
      await customers.addCustomerToGroup({ customer_id: customerId, customer_group_id: group.id })
      const phone = "+79996660006"
      service.emulator.seedCustomer({ phone, name: "Kept", discount: 15 })
      const proven = await signUpEnrolled(api, store, getContainer(), { email: "kept@example.com", phone })
      await walletPass().updateWalletPassHolders({
        id: proven.holder.id,
        verified_customer_id: proven.customer.id,
        verified_at: new Date(),
      })
      await customers.addCustomerToGroup({ customer_id: proven.customer.id, customer_group_id: group.id })
      const groupsOf = async (id: string) =>
        ((await customers.retrieveCustomer(id, { relations: ["groups"] })).groups ?? []).map((g) => g.id)

      expect(await repriceDiscountGroupsWithoutAccount({ container: getContainer() })).toBe(1)
      expect(await groupsOf(customerId)).toEqual([])
      expect(await groupsOf(proven.customer.id)).toEqual([group.id])
    })
  },
})
