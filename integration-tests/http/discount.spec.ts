import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { createCartWorkflow } from "@medusajs/medusa/core-flows"
import { WALLET_PASS_EVENTS, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { applyHolderDiscountWorkflow } from "../../src/workflows/discount/apply-holder-discount"
import { emulatedServiceHooking, storeEnv } from "../support/hooks"
import {
  createCart,
  getCart,
  guestHeaders,
  placeOrder,
  registerCustomer,
  seedStore,
  SeededStore,
} from "../support/store"
import { PAYMENT_PROVIDER_ID } from "../support/seed-store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const HOOKS = { login: "wallet-service", password: "hook-password-for-discounts" }

// docs/loyalty.md: a holder's discount percent reaches store prices through Medusa's promotion
// engine (one customer group + one automatic promotion per percent); open carts follow.
storeTestRunner({
  env: storeEnv({
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_CURRENCY_CODE: "eur",
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    const eventBus = () => getContainer().resolve(Modules.EVENT_BUS)

    beforeAll(async () => {
      store = await seedStore(getContainer(), { currencyCode: "eur", itemPrice: 100, shippingPrice: 10 })
    })
    const service = emulatedServiceHooking(() => api.defaults.baseURL, HOOKS)

    /** A store customer (signed up with a phone) whose pass is installed: the holder is linked to them. */
    async function holder(phone: string) {
      const email = `${phone.slice(1)}@example.com`
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email, password: "secret-pw-1", phone },
        { container: getContainer() }
      )
      const linked = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.HOLDER_LINKED, eventBus())
      const installed = await service.emulator.install({ phone, name: "Anna" })
      expect(installed.hook).toMatchObject({ status: 200, response: { customerId: customer.id } })
      await linked
      // The account has proven its phone: the service's discount is its own (docs/security.md).
      const [linkedHolder] = await getContainer()
        .resolve(WALLET_PASS_MODULE)
        .listWalletPassHolders({ customer_id: customer.id }, { select: ["id"] })
      await getContainer()
        .resolve(WALLET_PASS_MODULE)
        .updateWalletPassHolders({ id: linkedHolder.id, verified_customer_id: customer.id, verified_at: new Date() })
      return { customer, headers }
    }

    /** The service sets a holder's discount; resolves when the plugin's subscribers are done. */
    async function setDiscount(phone: string, discount: number) {
      const applied = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, eventBus())
      const { hooks } = await service.emulator.setPrivileges({ phone, discount })
      expect(hooks.map((h) => h.status)).toEqual([200])
      await applied
    }

    async function pluginGroupsOf(customerId: string) {
      const customer = await getContainer()
        .resolve(Modules.CUSTOMER)
        .retrieveCustomer(customerId, { relations: ["groups"] })
      return (customer.groups ?? []).map((g) => g.name).sort()
    }

    const totals = (cart: {
      item_subtotal?: number
      item_total?: number
      discount_total?: number
      total?: number
    }) => ({
      item_subtotal: cart.item_subtotal,
      item_total: cart.item_total,
      discount_total: cart.discount_total,
      total: cart.total,
    })
    const codes = (cart: { promotions?: { code?: string | null }[] | null }) =>
      (cart.promotions ?? []).map((p) => p.code)

    it("a holder at 10% pays 90 for a 100 cart (shipping is not discounted)", async () => {
      const { headers } = await holder("+79991120001")
      await setDiscount("+79991120001", 10)

      const cart = await createCart(api, store, headers)
      expect(totals(cart)).toEqual({ item_subtotal: 100, item_total: 90, discount_total: 10, total: 100 })
      expect(codes(cart)).toEqual(["WALLETPASS-DISCOUNT-10"])
    })

    it("an open cart follows the percent at once: 10% -> 15% shows 85, 0% shows 100", async () => {
      const { customer, headers } = await holder("+79991120002")
      await setDiscount("+79991120002", 10)
      const cart = await createCart(api, store, headers)
      expect(cart.item_total).toBe(90)

      await setDiscount("+79991120002", 15)
      let now = await getCart(api, headers, cart.id)
      expect(totals(now)).toEqual({ item_subtotal: 100, item_total: 85, discount_total: 15, total: 95 })
      expect(codes(now)).toEqual(["WALLETPASS-DISCOUNT-15"])
      expect(await pluginGroupsOf(customer.id)).toEqual(["Wallet pass discount 15%"])

      await setDiscount("+79991120002", 0)
      now = await getCart(api, headers, cart.id)
      expect(totals(now)).toEqual({ item_subtotal: 100, item_total: 100, discount_total: 0, total: 110 })
      expect(codes(now)).toEqual([])
      expect(await pluginGroupsOf(customer.id)).toEqual([])
    })

    it("the refreshed cart can be paid at its new total", async () => {
      const { headers } = await holder("+79991120003")
      const cart = await createCart(api, store, headers, { quantity: 2 })
      expect(cart.total).toBe(210)
      await setDiscount("+79991120003", 10)

      const order = await placeOrder(api, store, headers, cart.id)
      expect(order.total).toBe(190)
    })

    it("a cart whose checkout has started keeps its price, so its completion is not cut off", async () => {
      const { headers } = await holder("+79991120009")
      const cart = await createCart(api, store, headers)
      // The storefront started the checkout: a payment session exists.
      const { data } = await api.post("/store/payment-collections", { cart_id: cart.id }, { headers })
      await api.post(
        `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
        { provider_id: PAYMENT_PROVIDER_ID },
        { headers }
      )
      await setDiscount("+79991120009", 10)
      expect((await getCart(api, headers, cart.id)).item_total).toBe(100)
      const completed = await api.post(`/store/carts/${cart.id}/complete`, {}, { headers })
      expect(completed.data).toMatchObject({ type: "order", order: { total: 110 } })
      // The next cart has the new percent.
      expect((await createCart(api, store, headers)).item_total).toBe(90)
    })

    it("an order placed at 10% records the promotion like any other", async () => {
      const { headers } = await holder("+79991120004")
      await setDiscount("+79991120004", 10)
      const placed = await placeOrder(api, store, headers)

      const res = await api.get(`/store/orders/${placed.id}`, {
        headers,
        params: { fields: "+promotions.code,*items.adjustments" },
      })
      const order = res.data.order
      expect(order).toMatchObject({ item_total: 90, discount_total: 10, total: 100 })
      expect(order.promotions.map((p: any) => p.code)).toEqual(["WALLETPASS-DISCOUNT-10"])
      expect(order.items.flatMap((i: any) => i.adjustments).map((a: any) => [a.code, a.amount])).toEqual([
        ["WALLETPASS-DISCOUNT-10", 10],
      ])
    })

    it("two holders at the same percent, set at the same moment, share one group and one promotion", async () => {
      const a = await holder("+79991120005")
      const b = await holder("+79991120006")
      const both = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, eventBus(), {
        triggerCount: 2,
      })
      await Promise.all([
        service.emulator.setPrivileges({ phone: "+79991120005", discount: 20 }),
        service.emulator.setPrivileges({ phone: "+79991120006", discount: 20 }),
      ])
      await both

      const container = getContainer()
      const groups = await container
        .resolve(Modules.CUSTOMER)
        .listCustomerGroups({ name: "Wallet pass discount 20%" }, { relations: ["customers"] })
      expect(groups).toHaveLength(1)
      expect(groups[0].customers!.map((c) => c.id).sort()).toEqual([a.customer.id, b.customer.id].sort())
      const promotions = await container
        .resolve(Modules.PROMOTION)
        .listPromotions(
          { code: "WALLETPASS-DISCOUNT-20" },
          { relations: ["application_method", "rules", "rules.values"] }
        )
      expect(promotions).toHaveLength(1)
      expect(promotions[0]).toMatchObject({
        is_automatic: true,
        status: "active",
        application_method: { type: "percentage", target_type: "order", allocation: "across", value: 20 },
      })
      expect(promotions[0].rules!.map((r) => [r.attribute, r.operator, r.values.map((v) => v.value)])).toEqual([
        ["customer.groups.id", "in", [groups[0].id]],
      ])
      for (const { headers } of [a, b]) {
        expect((await createCart(api, store, headers)).item_total).toBe(80)
      }
    })

    it("a holder at 12.5% is in that percent's group (a code without a dot)", async () => {
      const { customer, headers } = await holder("+79991120007")
      await setDiscount("+79991120007", 12.5)

      expect(await pluginGroupsOf(customer.id)).toEqual(["Wallet pass discount 12.5%"])
      const cart = await createCart(api, store, headers)
      expect(totals(cart)).toMatchObject({ item_subtotal: 100, item_total: 87.5, discount_total: 12.5 })
      expect(codes(cart)).toEqual(["WALLETPASS-DISCOUNT-12_5"])
    })

    it("a pass installed with a discount for a customer without an account puts it in no group: anyone who types its e-mail at checkout shops as it (docs/security.md)", async () => {
      service.emulator.seedCustomer({ phone: "+79991120013", discount: 12.5 })
      const linked = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.HOLDER_LINKED, eventBus())
      const { hook } = await service.emulator.install({ phone: "+79991120013", name: "Ivan" })
      expect(hook?.status).toBe(200)
      await linked
      const customerId = (hook!.response as { customerId: string }).customerId

      expect(await pluginGroupsOf(customerId)).toEqual([])
      const { result } = await createCartWorkflow(getContainer()).run({
        input: {
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          customer_id: customerId,
          items: [{ variant_id: store.variantId, quantity: 1 }],
        },
      })
      const cart = await getCart(api, guestHeaders(store), result.id)
      expect(totals(cart)).toMatchObject({ item_subtotal: 100, item_total: 100, discount_total: 0 })
      expect(codes(cart)).toEqual([])
    })

    it("keeps a coupon the customer applied when the cart is re-priced", async () => {
      const { headers } = await holder("+79991120008")
      await getContainer()
        .resolve(Modules.PROMOTION)
        .createPromotions({
          code: "WELCOME5",
          type: "standard",
          status: "active",
          application_method: {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value: 5,
            currency_code: "eur",
          },
        })
      const cart = await createCart(api, store, headers)
      await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: ["WELCOME5"] }, { headers })

      await setDiscount("+79991120008", 10)
      const now = await getCart(api, headers, cart.id)
      expect(codes(now).sort()).toEqual(["WALLETPASS-DISCOUNT-10", "WELCOME5"])
      expect(now.item_total).toBeLessThan(90)
    })

    it("applying the same percent again changes nothing", async () => {
      const { customer } = await holder("+79991120009")
      await setDiscount("+79991120009", 10)
      const { result } = await applyHolderDiscountWorkflow(getContainer()).run({ input: { customer_id: customer.id } })
      expect(result).toMatchObject({ basis_points: 1000, added_group_ids: [], removed_group_ids: [], enabled: true })
      expect(await pluginGroupsOf(customer.id)).toEqual(["Wallet pass discount 10%"])
    })

    it("a bonus-only change leaves prices and groups alone", async () => {
      const { customer, headers } = await holder("+79991120010")
      await setDiscount("+79991120010", 10)
      const cart = await createCart(api, store, headers)
      const applied = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, eventBus())
      await service.emulator.setPrivileges({ phone: "+79991120010", bonus: 7 })
      await applied
      expect((await getCart(api, headers, cart.id)).item_total).toBe(90)
      expect(await pluginGroupsOf(customer.id)).toEqual(["Wallet pass discount 10%"])
    })

    it("the merchant deleting a percent's group does not leave its promotion pointing nowhere", async () => {
      await holder("+79991120011")
      await setDiscount("+79991120011", 30)
      const customers = getContainer().resolve(Modules.CUSTOMER)
      const [old] = await customers.listCustomerGroups({ name: "Wallet pass discount 30%" })
      await customers.deleteCustomerGroups([old.id])

      const second = await holder("+79991120012")
      await setDiscount("+79991120012", 30)
      const [fresh] = await customers.listCustomerGroups({ name: "Wallet pass discount 30%" })
      expect(fresh.id).not.toBe(old.id)
      expect((await createCart(api, store, second.headers)).item_total).toBe(70)
    })
  },
})
