import { TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules, PromotionActions } from "@medusajs/framework/utils"
import { updateCartPromotionsWorkflow } from "@medusajs/medusa/core-flows"
import removeStaleBonusPromotions from "../../src/jobs/remove-stale-bonus-promotions"
import settleStaleWalletPassRedemptions from "../../src/jobs/settle-stale-redemptions"
import {
  REDEMPTION_ADJUSTMENT,
  REDEMPTION_MANAGED_BY,
  redemptionPromotionCode,
} from "../../src/workflows/redemption/constants"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, seedBalance, signUpEnrolled, waitFor } from "../support/hooks"
import { createCart, getCart, guestHeaders, placeOrder, registerCustomer, StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const { service, env, storeInFront } = externalCrmService("redemption-key", {
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    // The seed's one item of 100 plus shipping 10, tax 0: the cap (50% of the items) is 50.
    const { store, walletPass } = storeInFront({ api, getContainer })

    const bonusUrl = (cartId: string) => `/store/carts/${cartId}/wallet-pass-bonus`
    const apply = (cartId: string, amount: unknown, headers: StoreHeaders) =>
      api.post(bonusUrl(cartId), { amount }, { headers }).catch((e: any) => e.response)
    const remove = (cartId: string, headers: StoreHeaders) =>
      api.delete(bonusUrl(cartId), { headers }).catch((e: any) => e.response)
    const promotionsWithCode = (cartId: string) =>
      getContainer()
        .resolve(Modules.PROMOTION)
        .listPromotions({ code: redemptionPromotionCode(cartId) })
    /** The cart's bonus adjustments (docs/loyalty.md: no promotion, provider wallet-pass-bonus), amounts summed by item. */
    const bonusAdjustments = async (cartId: string) =>
      (
        await getContainer()
          .resolve(Modules.CART)
          .listLineItemAdjustments({ item: { cart_id: cartId }, provider_id: REDEMPTION_ADJUSTMENT.provider_id })
      ).map((a) => ({ code: a.code, amount: Number(a.amount), description: a.description }))
    /**
     * A cart as a version before this one left it: paying with a one-cart bonus promotion
     * (`WALLETPASS-BONUS-<cart id>`, fixed, across the items) applied through the promotion engine.
     */
    async function payWithLegacyPromotion(cartId: string, customerId: string, amount: number) {
      await getContainer()
        .resolve(Modules.PROMOTION)
        .createPromotions({
          code: redemptionPromotionCode(cartId),
          type: "standard",
          status: "active",
          is_automatic: false,
          is_tax_inclusive: true,
          application_method: {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value: amount,
            currency_code: "eur",
          },
          rules: [{ attribute: "customer_id", operator: "eq", values: [customerId] }],
          metadata: { managed_by: REDEMPTION_MANAGED_BY, cart_id: cartId },
        })
      await updateCartPromotionsWorkflow(getContainer()).run({
        input: { cart_id: cartId, promo_codes: [redemptionPromotionCode(cartId)], action: PromotionActions.ADD },
      })
    }
    const allDone = (holderId: string, method: string) => requestsAnswered(getContainer(), holderId, method)
    const entriesOf = (holderId: string) =>
      walletPass().listWalletPassLedgerEntries({ holder_id: holderId }, { order: { created_at: "ASC" } })

    /** A signed-up, enrolled customer with `balance` (balance unit) credited and known to the service. */
    async function customerWithBalance(phone: string, email: string, balance: number) {
      const { customer, headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email,
        phone,
        first_name: "Anna",
      })
      await seedBalance(getContainer(), holder.id, balance)
      return { customer, headers, holder, phone }
    }

    it("applies up to the cap and the balance, replaces on re-apply, and is removed cleanly by 0 and DELETE", async () => {
      const { headers } = await customerWithBalance("+79995551001", "r1@example.com", 80)
      const cart = await createCart(api, store, headers)
      expect(cart.total).toBe(110)

      let res = await apply(cart.id, 70, headers) // balance 80, cap 50% of 100 = 50
      expect(res.status).toBe(200)
      expect(res.data.wallet_pass_bonus.amount).toBe(50)
      expect(res.data.cart.total).toBe(60)
      expect(res.data.cart.discount_total).toBe(50)

      res = await apply(cart.id, 30.5, headers) // replaces, does not add
      expect(res.data.wallet_pass_bonus).toMatchObject({ amount: 30.5, code: null })
      expect(res.data.cart.total).toBe(79.5)
      // Adjustments of the cart's own, no promotion (docs/loyalty.md).
      expect(await bonusAdjustments(cart.id)).toEqual([{ code: null, amount: 30.5, description: "Paid with bonus" }])
      expect(await promotionsWithCode(cart.id)).toHaveLength(0)

      res = await apply(cart.id, 0, headers)
      expect(res.status).toBe(200)
      expect(res.data.wallet_pass_bonus.amount).toBe(0)
      expect(res.data.cart.total).toBe(110)
      expect(await bonusAdjustments(cart.id)).toEqual([])

      await apply(cart.id, 10, headers)
      expect((await getCart(api, headers, cart.id)).total).toBe(100)
      res = await remove(cart.id, headers)
      expect(res.status).toBe(200)
      expect(res.data.cart.total).toBe(110)
      expect(res.data.cart.promotions ?? []).toEqual([])
      expect(await bonusAdjustments(cart.id)).toEqual([])

      const poor = await customerWithBalance("+79995551002", "r2@example.com", 20)
      const poorCart = await createCart(api, store, poor.headers)
      res = await apply(poorCart.id, 45, poor.headers)
      expect(res.data.wallet_pass_bonus.amount).toBe(20)
      expect(res.data.cart.total).toBe(90)
    })

    it("refuses bad input, strangers and guests in Medusa's error shapes", async () => {
      const owner = await customerWithBalance("+79995551003", "r3@example.com", 10)
      const stranger = await registerCustomer(api, store, { email: "r3-other@example.com", password: "pw-123456" })
      const cart = await createCart(api, store, owner.headers)

      for (const amount of [-1, 1.234, "5", null]) {
        const res = await apply(cart.id, amount, owner.headers)
        expect([res.status, res.data.type]).toEqual([400, "invalid_data"])
      }
      const other = await apply(cart.id, 5, stranger.headers)
      expect(other.status).toBe(404)
      expect((await remove(cart.id, stranger.headers)).status).toBe(404)
      const guest = await apply(cart.id, 5, guestHeaders(store))
      expect(guest.status).toBe(401)
      expect((await apply("cart_does_not_exist", 5, owner.headers)).status).toBe(404)
      expect((await getCart(api, owner.headers, cart.id)).total).toBe(110)
    })

    it("is refused while redemption.maxOrderPercent is 0", async () => {
      const { headers } = await customerWithBalance("+79995551004", "r4@example.com", 10)
      const cart = await createCart(api, store, headers)
      const options = walletPass().getOptions()
      const configured = options.redemption.maxOrderPercent
      options.redemption.maxOrderPercent = 0
      try {
        const res = await apply(cart.id, 5, headers)
        expect([res.status, res.data.type]).toEqual([400, "not_allowed"])
      } finally {
        options.redemption.maxOrderPercent = configured
      }
      expect(await promotionsWithCode(cart.id)).toHaveLength(0)
    })

    it("an order deducts its bonus exactly once, a cancel gives it back once, and the service follows", async () => {
      const { headers, holder, phone } = await customerWithBalance("+79995551005", "r5@example.com", 80)
      const cart = await createCart(api, store, headers)
      await apply(cart.id, 30, headers)
      const order = await placeOrder(api, store, headers, cart.id)
      expect(order.total).toBe(80)

      await waitFor(() => allDone(holder.id, "balance_deduct"), "deduct sent", 15_000)
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const handled = TestEventUtils.waitSubscribersExecution("order.placed", eventBus)
      await eventBus.emit({ name: "order.placed", data: { id: order.id } }) // a duplicate delivery
      await handled
      expect((await entriesOf(holder.id)).map((e) => [e.kind, e.amount, e.order_id])).toEqual([
        ["manual", 8000, null],
        ["redemption", -3000, order.id],
      ])
      await waitFor(async () => service.emulator.getCustomer(phone)?.balance === 50, "service balance 50", 10_000)
      expect(
        service.emulator
          .requests()
          .filter((r) => r.endpoint.includes("balance/deduct") && JSON.stringify(r.body).includes(phone.slice(1)))
      ).toHaveLength(1)

      const admin = await createAdminHeaders(getContainer())
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      const canceled = TestEventUtils.waitSubscribersExecution("order.canceled", eventBus)
      await eventBus.emit({ name: "order.canceled", data: { id: order.id } }) // a duplicate delivery
      await canceled
      await waitFor(
        async () => (await walletPass().getBalance(holder.id)) === 8000 && allDone(holder.id, "balance_add"),
        "refund sent",
        15_000
      )
      expect((await entriesOf(holder.id)).map((e) => [e.kind, e.amount])).toEqual([
        ["manual", 8000],
        ["redemption", -3000],
        ["redemption_refund", 3000],
      ])
      await waitFor(
        async () => service.emulator.getCustomer(phone)?.balance === 80,
        "service balance = ledger (80)",
        10_000
      )
    })

    it("the order keeps what the bonus paid as its own adjustments; a cart from before drops its bonus promotion on the next apply", async () => {
      const { customer, headers } = await customerWithBalance("+79995551009", "r9@example.com", 40)
      const cart = await createCart(api, store, headers)
      await payWithLegacyPromotion(cart.id, customer.id, 15)
      let res = await api.get(bonusUrl(cart.id), { headers })
      expect(res.data.wallet_pass_bonus).toMatchObject({ amount: 15, code: redemptionPromotionCode(cart.id) })

      res = await apply(cart.id, 20, headers)
      expect(res.data.wallet_pass_bonus).toMatchObject({ amount: 20, code: null })
      expect(res.data.cart.total).toBe(90)
      expect(await promotionsWithCode(cart.id)).toEqual([])
      const order = await placeOrder(api, store, headers, cart.id)
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=total,discount_total,*items.adjustments`,
        await createAdminHeaders(getContainer())
      )
      expect(data.order).toMatchObject({ total: 90, discount_total: 20 })
      expect(data.order.items[0].adjustments).toMatchObject([
        { code: null, amount: 20, provider_id: "wallet-pass-bonus", description: "Paid with bonus" },
      ])
    })

    it("the hourly clean-up removes bonus promotions of completed carts and of carts untouched for 7 days, and leaves live ones", async () => {
      const { customer, headers } = await customerWithBalance("+79995551011", "r11@example.com", 100)
      const [live, abandoned, completed] = [
        await createCart(api, store, headers),
        await createCart(api, store, headers),
        await createCart(api, store, headers),
      ]
      // Carts from before the bonus became adjustments.
      for (const cart of [live, abandoned, completed]) await payWithLegacyPromotion(cart.id, customer.id, 10)
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`UPDATE cart SET updated_at = now() - interval '8 days' WHERE id = ?`, [abandoned.id])
      // Completed before this clean-up existed: its order's work left the promotion behind.
      await pg.raw(`UPDATE cart SET completed_at = now() WHERE id = ?`, [completed.id])

      await removeStaleBonusPromotions(getContainer())
      expect(await promotionsWithCode(live.id)).toHaveLength(1)
      expect(await promotionsWithCode(abandoned.id)).toEqual([])
      expect(await promotionsWithCode(completed.id)).toEqual([])
      expect((await getCart(api, headers, abandoned.id)).total).toBe(110) // its bonus left the cart too
      expect((await getCart(api, headers, live.id)).total).toBe(100)
    })

    it("a cart changed after the bonus was applied cannot complete with more than the cap; within it, it completes", async () => {
      const { headers, holder } = await customerWithBalance("+79995551007", "r7@example.com", 200)
      const cart = await createCart(api, store, headers, { quantity: 2 }) // items 200: cap 100
      expect((await apply(cart.id, 100, headers)).data.wallet_pass_bonus.amount).toBe(100)
      const [item] = (await getCart(api, headers, cart.id)).items!
      await api.post(`/store/carts/${cart.id}/line-items/${item.id}`, { quantity: 1 }, { headers }) // items 100: cap 50
      const { data } = await api.post("/store/payment-collections", { cart_id: cart.id }, { headers })
      await api.post(
        `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
        { provider_id: "pp_system_default" },
        { headers }
      )
      const refused = await api.post(`/store/carts/${cart.id}/complete`, {}, { headers }).catch((e: any) => e.response)
      expect({ status: refused.status, ...refused.data }).toMatchObject({
        status: 400,
        type: "not_allowed",
        message: "The bonus exceeds 50% of the cart since it changed: apply the bonus again",
      })
      expect((await entriesOf(holder.id)).filter((e) => e.kind === "redemption")).toEqual([])

      expect((await apply(cart.id, 50, headers)).data.wallet_pass_bonus.amount).toBe(50)
      const order = await placeOrder(api, store, headers, cart.id)
      expect(order.total).toBe(60)
      await waitFor(() => allDone(holder.id, "balance_deduct"), "deduct sent", 15_000)
      expect(await walletPass().getBalance(holder.id)).toBe(15000)
    })

    it("the stale-reservation job finds the order of a cart that completed and voids the reservation of one that did not", async () => {
      const { headers, holder } = await customerWithBalance("+79995551008", "r8@example.com", 50)
      // A checkout that stopped after reserving, before the order's work: the cart became an order...
      const completed = await createCart(api, store, headers)
      // The order's own work done first, so only the job can find this order for the reservation.
      const orderWork = TestEventUtils.waitSubscribersExecution(
        "order.placed",
        getContainer().resolve(Modules.EVENT_BUS)
      )
      const order = await placeOrder(api, store, headers, completed.id)
      await orderWork
      const placed = await walletPass().reserveCartRedemption({
        holder_id: holder.id,
        cart_id: completed.id,
        amount: 2000,
        currency_code: "eur",
      })
      // ...and one whose cart never did.
      const abandoned = await createCart(api, store, headers)
      const dropped = await walletPass().reserveCartRedemption({
        holder_id: holder.id,
        cart_id: abandoned.id,
        amount: 1000,
        currency_code: "eur",
      })
      expect(await walletPass().getBalance(holder.id)).toBe(2000)
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`UPDATE wallet_pass_ledger_entry SET created_at = now() - interval '31 minutes' WHERE id IN (?, ?)`, [
          placed.entry_id,
          dropped.entry_id,
        ])

      await settleStaleWalletPassRedemptions(getContainer())
      const [kept] = await walletPass().listWalletPassLedgerEntries({ id: placed.entry_id })
      expect(kept).toMatchObject({ state: "applied", order_id: order.id })
      const [voided] = await walletPass().listWalletPassLedgerEntries({ id: dropped.entry_id }, { withDeleted: true })
      expect(voided?.state ?? "gone").not.toBe("applied")
      expect(await walletPass().getBalance(holder.id)).toBe(3000)
      await waitFor(() => allDone(holder.id, "balance_deduct"), "the order's deduct sent", 15_000)
    })

    it("two carts spending the same balance cannot both complete, even at the same time", async () => {
      const { headers, holder, phone } = await customerWithBalance("+79995551006", "r6@example.com", 50)
      const first = await createCart(api, store, headers)
      const second = await createCart(api, store, headers)
      expect((await apply(first.id, 40, headers)).data.wallet_pass_bonus.amount).toBe(40)
      expect((await apply(second.id, 40, headers)).data.wallet_pass_bonus.amount).toBe(40)

      // Payment sessions one after the other (Medusa races creating the customer's account
      // holder), then both completions at the same time.
      for (const cart of [first, second]) {
        const { data } = await api.post("/store/payment-collections", { cart_id: cart.id }, { headers })
        await api.post(
          `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
          { provider_id: "pp_system_default" },
          { headers }
        )
      }
      const results = await Promise.all(
        [first, second].map((cart) =>
          api.post(`/store/carts/${cart.id}/complete`, {}, { headers }).catch((e: any) => e.response)
        )
      )
      const placed = results.filter((r) => r.status === 200 && r.data.type === "order")
      const refused = results.filter((r) => r.status !== 200)
      expect(placed).toHaveLength(1)
      expect(refused).toHaveLength(1)
      const refusal = refused[0]
      expect({ status: refusal?.status, ...refusal?.data }).toMatchObject({
        status: 400,
        type: "not_allowed",
        message: "Insufficient bonus balance: 10.00 EUR available, 40.00 EUR requested",
      })

      await waitFor(() => allDone(holder.id, "balance_deduct"), "deduct sent", 15_000)
      const redemptions = (await entriesOf(holder.id)).filter((e) => e.kind === "redemption")
      expect(redemptions.map((e) => [e.amount, e.state])).toEqual([[-4000, "applied"]])
      expect(await walletPass().getBalance(holder.id)).toBe(1000)
      await waitFor(
        async () => service.emulator.getCustomer(phone)?.balance === 10,
        "service balance = ledger (10)",
        10_000
      )
    })
  },
})
