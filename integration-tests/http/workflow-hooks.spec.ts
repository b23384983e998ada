import { Modules } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createProductsWorkflow } from "@medusajs/core-flows"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor, waitForHolder } from "../support/hooks"
import { afterSubscribers, createCart, placeOrder, registerCustomer } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"
import {
  enrollCustomerWorkflow,
  type EnrollmentProfileHookInput,
  recordOrderAccrualWorkflow,
  syncHolderProfileWorkflow,
} from "../../src/workflows"

// A store that extends the plugin through its workflow hooks (docs/loyalty.md, "Extending:
// workflow hooks"; issue 43): its handlers are registered on the exported workflows as a
// store's src/workflows/hooks/*.ts registers them. The test app runs in this process and
// loads the plugin's workflows from the same modules, so the handlers registered here are the
// ones the app's order and customer events run. Without a handler the plugin behaves as
// before: order-decision.spec.ts and purchase-flow.spec.ts run without one.
jest.setTimeout(240_000)

const APP_KEY = "workflow-hooks-key"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  // 10 % for every holder (the program's default), so the base alone decides the bonus.
  WALLET_PASS_BONUS_PERCENT: "10",
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

/** What the store's handlers do, per test. */
const store_ = {
  bonusBase: "leave-out-gift-cards" as "leave-out-gift-cards" | "negative" | "too-much",
  profile: "add-surname" as "add-surname" | "set-phone" | "set-customer-id",
  baseInputs: [] as { base: number; max_base: number; lines: unknown[] }[],
}

// The store's src/workflows/hooks/bonus-base.ts (docs/loyalty.md's example).
recordOrderAccrualWorkflow.hooks.setOrderBonusBase(({ order, base, max_base }) => {
  store_.baseInputs.push({ base, max_base, lines: order.items.map((l) => [l.product_id, l.is_giftcard, l.base]) })
  if (store_.bonusBase === "negative") return new StepResponse({ base: -1 })
  if (store_.bonusBase === "too-much") return new StepResponse({ base: max_base + 1 })
  const giftCards = order.items.filter((line) => line.is_giftcard).reduce((sum, line) => sum + line.base, 0)
  return new StepResponse({ base: base - giftCards })
})

// The store's src/workflows/hooks/enrollment-profile.ts: the same handler for both profile hooks.
const profileHandler = ({ customer }: EnrollmentProfileHookInput) => {
  if (store_.profile === "set-phone") return new StepResponse({ profile: { phone: "+79990000000" } } as never)
  if (store_.profile === "set-customer-id") return new StepResponse({ profile: { customerId: "x" } } as never)
  const nickname = customer.metadata?.nickname
  return new StepResponse({ profile: typeof nickname === "string" ? { surname: nickname } : {} })
}
enrollCustomerWorkflow.hooks.setEnrollmentProfile(profileHandler)
syncHolderProfileWorkflow.hooks.setHolderProfile(profileHandler)

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront(
      { api, getContainer },
      { seed: { itemPrice: 33.33, shippingPrice: 10 }, resetEachTest: true }
    )
    const admin = { headers: {} as Record<string, string> }
    const giftCard = { variantId: "", productId: "" }
    beforeAll(async () => {
      const {
        result: [product],
      } = await createProductsWorkflow(getContainer()).run({
        input: {
          products: [
            {
              title: "Gift card",
              status: "published",
              is_giftcard: true,
              shipping_profile_id: store.shippingProfileId,
              options: [{ title: "Value", values: ["50"] }],
              variants: [
                {
                  title: "50",
                  options: { Value: "50" },
                  manage_inventory: false,
                  prices: [{ amount: 50, currency_code: store.currencyCode }],
                },
              ],
              sales_channels: [{ id: store.salesChannelId }],
            },
          ],
        },
      })
      giftCard.variantId = product.variants[0].id
      giftCard.productId = product.id
    })
    beforeEach(async () => {
      admin.headers = (await createAdminHeaders(getContainer())).headers
      store_.bonusBase = "leave-out-gift-cards"
      store_.profile = "add-surname"
      store_.baseInputs = []
    })

    const entries = async (orderId: string) =>
      (await walletPass().listWalletPassLedgerEntries({ order_id: orderId })).map((e) => [e.kind, e.amount])
    const decisions = async (orderId: string) =>
      (await walletPass().listWalletPassOrderDecisions({ order_id: orderId })).map((d) => [d.outcome, d.base, d.amount])

    /** An order of the seeded item (33.33) and a 50.00 gift card; `lost`: its order.placed is dropped. */
    async function orderWithGiftCard(headers: Record<string, string>, { lost = false } = {}) {
      const cart = await createCart(api, store, headers)
      await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: giftCard.variantId, quantity: 1 }, { headers })
      if (lost) {
        const restore = dropEvents(getContainer(), ["order.placed"])
        try {
          return await placeOrder(api, store, headers, cart.id)
        } finally {
          restore()
        }
      }
      let order!: Awaited<ReturnType<typeof placeOrder>>
      await afterSubscribers(getContainer(), "order.placed", async () => {
        order = await placeOrder(api, store, headers, cart.id)
      })
      return order
    }

    it("a handler that leaves out gift cards: the bonus is 10 % of the rest, decided once with the base used", async () => {
      const phone = "+79995580001"
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "gift@hooks.example",
        phone,
      })
      const order = await orderWithGiftCard(headers)
      // The hook saw both lines and the plugin's base: 33.33 + 50.00 (no tax in the seeded region).
      expect(store_.baseInputs).toEqual([
        {
          base: 8333,
          max_base: 8333,
          lines: expect.arrayContaining([
            [store.productId, false, 3333],
            [giftCard.productId, true, 5000],
          ]),
        },
      ])
      // docs/loyalty.md: the base without the gift card, 33.33, at 10 % = 3.333, rounded down: 3.33.
      expect(await entries(order.id)).toEqual([["accrual", 333]])
      expect(await decisions(order.id)).toEqual([["credited", 3333, 333]])
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 30_000)
      expect(service.emulator.getCustomer(phone)?.balance).toBe(3.33)

      // The event again: decided once, the hook is not asked again.
      await afterSubscribers(getContainer(), "order.placed", () =>
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: "order.placed", data: { id: order.id } })
      )
      expect(store_.baseInputs).toHaveLength(1)
      expect(await entries(order.id)).toEqual([["accrual", 333]])
    })

    it.each([
      ["negative", /setOrderBonusBase hook: invalid answer \(base must not be negative\)/],
      ["too-much", /setOrderBonusBase hook: base 8334 is more than the order's items total 8333/],
    ] as const)(
      "a handler answering a %s base: nothing is decided or credited, the error names the hook; the sweep decides the order once the handler is fixed",
      async (mode, error) => {
        const phone = mode === "negative" ? "+79995580002" : "+79995580003"
        const { headers } = await signUpEnrolled(api, store, getContainer(), { email: `${mode}@hooks.example`, phone })
        store_.bonusBase = mode
        const order = await orderWithGiftCard(headers, { lost: true })
        const { errors } = await recordOrderAccrualWorkflow(getContainer()).run({
          input: { order_id: order.id },
          throwOnError: false,
        })
        expect(errors.map((e) => e.error?.message)).toEqual([expect.stringMatching(error)])
        expect(await entries(order.id)).toEqual([])
        expect(await decisions(order.id)).toEqual([])

        // The order sweep tries it again (docs/operations.md, "The order sweep"): still refused.
        const sweep = async () => (await api.post("/admin/wallet-pass/order-sweep", {}, admin)).data.order_sweep_run
        const found = () => waitFor(async () => ((run) => run.found > 0 && run)(await sweep()), "a sweep", 30_000)
        expect(await found()).toMatchObject({ found: 1, failed: 1 })
        expect(await decisions(order.id)).toEqual([])
        // The store fixes its handler: the next run decides the order, on the handler's base.
        store_.bonusBase = "leave-out-gift-cards"
        expect(await found()).toMatchObject({ found: 1, caught: 1, failed: 0 })
        expect(await entries(order.id)).toEqual([["accrual", 333]])
        expect(await decisions(order.id)).toEqual([["credited", 3333, 333]])
      }
    )

    it("the profile hook adds an allowed field (surname) that reaches the service's record", async () => {
      const phone = "+79995580004"
      const { customer, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "nick@hooks.example",
        phone,
        first_name: "Anna",
        metadata: { nickname: "Sunny" },
      })
      expect(holder).toMatchObject({ name: "Anna", surname: "Sunny" })
      await waitFor(
        () => requestsAnswered(getContainer(), holder.id, "user_create_or_update"),
        "enrolment sent",
        30_000
      )
      expect(service.emulator.getCustomer(phone)).toMatchObject({
        name: "Anna",
        surname: "Sunny",
        remoteId: customer.id,
      })
    })

    it.each([
      ["set-phone", /setEnrollmentProfile hook: invalid answer \(profile\.phone cannot be set/],
      ["set-customer-id", /setEnrollmentProfile hook: invalid answer \(profile\.customerId cannot be set/],
    ] as const)(
      "the profile hook answering %s is refused, naming the hook; nothing is enrolled",
      async (mode, error) => {
        store_.profile = mode
        const phone = mode === "set-phone" ? "+79995580005" : "+79995580006"
        const { customer } = await registerCustomer(
          api,
          store,
          { email: `${mode}@hooks.example`, password: "pw-123456", phone },
          { container: getContainer() }
        )
        expect(await walletPass().listWalletPassHolders({ customer_id: customer.id })).toEqual([])
        const { errors } = await enrollCustomerWorkflow(getContainer()).run({
          input: { customer_id: customer.id, source: "admin" },
          throwOnError: false,
        })
        expect(errors.map((e) => e.error?.message)).toEqual([expect.stringMatching(error)])
        expect(await walletPass().listWalletPassHolders({ customer_id: customer.id })).toEqual([])
        expect(service.emulator.getCustomer(phone)).toBeUndefined()

        // Fixed: the admin's "enrol now" enrols the customer with the plugin's profile.
        store_.profile = "add-surname"
        await enrollCustomerWorkflow(getContainer()).run({ input: { customer_id: customer.id, source: "admin" } })
        await waitForHolder(getContainer(), customer.id, (h) => h.enrollment_state === "enrolled", "enrolment")
      }
    )
  },
})
