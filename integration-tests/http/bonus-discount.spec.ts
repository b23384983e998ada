import { TestEventUtils } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_EVENTS } from "../../src/modules/wallet-pass"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { createCart, placeOrder, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const { service, env, storeInFront } = externalCrmService("bonus-discount-key", {
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
})

const DISCOUNT_CODE = "WALLETPASS-DISCOUNT-5"

// docs/loyalty.md, "Paying with bonus": the card's discount is taken on the price, and the bonus
// pays part of what is left, whichever came first. The seed's one item of 100 plus shipping 10,
// tax 0: 5% off is 5.00, and 20 of bonus leaves 75 of items, 85 with shipping.
storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer })
    const eventBus = () => getContainer().resolve(Modules.EVENT_BUS)

    /** A signed-up, enrolled customer with `balance` credited and known to the service. */
    async function customerWithBalance(phone: string, email: string, balance: number) {
      const { headers, holder, customer } = await signUpEnrolled(api, store, getContainer(), {
        email,
        phone,
        first_name: "Anna",
      })
      // The account has proven its phone: the service's discount is its own (docs/security.md).
      await walletPass().updateWalletPassHolders({
        id: holder.id,
        verified_customer_id: customer.id,
        verified_at: new Date(),
      })
      await walletPass().applyLedgerEntryAndEnqueue(
        { holder_id: holder.id, amount: balance * 100, kind: "manual", dedupe_key: `seed:${holder.id}` },
        { method: "balance_add", payload: {}, dedupe_key: `op:seed:${holder.id}`, priority: 0 }
      )
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "seed sent", 15_000)
      return { headers, holder }
    }

    /** The service gives the customer a discount percent; resolves once the plugin has re-priced their carts. */
    async function setDiscount(phone: string, discount: number) {
      const applied = TestEventUtils.waitSubscribersExecution(WALLET_PASS_EVENTS.PRIVILEGES_CHANGED, eventBus())
      const { hooks } = await service.emulator.setPrivileges({ phone, discount })
      expect(hooks.map((h) => h.status)).toEqual([200])
      await applied
    }

    const payWithBonus = async (cartId: string, amount: number, headers: StoreHeaders) => {
      const res = await api.post(`/store/carts/${cartId}/wallet-pass-bonus`, { amount }, { headers })
      return res.data.wallet_pass_bonus.amount as number
    }

    /** The cart as the store shows it: what the card's discount takes, what bonus pays, the totals. */
    async function shown(cartId: string, headers: StoreHeaders) {
      const [{ data }, bonus] = await Promise.all([
        api.get(`/store/carts/${cartId}`, { headers, params: { fields: "+items.adjustments.*" } }),
        api.get(`/store/carts/${cartId}/wallet-pass-bonus`, { headers }),
      ])
      const adjustments = (data.cart.items ?? []).flatMap((i: any) => i.adjustments ?? [])
      const discount = adjustments
        .filter((a: any) => a.code === DISCOUNT_CODE)
        .reduce((sum: number, a: any) => sum + Number(a.amount), 0)
      return {
        discount: Math.round(discount * 100) / 100,
        bonus: bonus.data.wallet_pass_bonus.amount,
        discount_total: data.cart.discount_total,
        total: data.cart.total,
      }
    }
    const expected = { discount: 5, bonus: 20, discount_total: 25, total: 85 }

    it("discount first, then bonus: the 5% stays 5.00 and the bonus pays 20 of what is left", async () => {
      const phone = "+79995552001"
      const { headers } = await customerWithBalance(phone, "bd1@example.com", 80)
      await setDiscount(phone, 5)
      const cart = await createCart(api, store, headers)
      expect(await shown(cart.id, headers)).toEqual({ discount: 5, bonus: 0, discount_total: 5, total: 105 })

      expect(await payWithBonus(cart.id, 20, headers)).toBe(20)
      expect(await shown(cart.id, headers)).toEqual(expected)
    })

    it("bonus first, then the discount: the 5% is taken on the price, not on what the bonus left", async () => {
      const phone = "+79995552002"
      const { headers, holder } = await customerWithBalance(phone, "bd2@example.com", 80)
      const cart = await createCart(api, store, headers)
      expect(await payWithBonus(cart.id, 20, headers)).toBe(20)
      expect(await shown(cart.id, headers)).toEqual({ discount: 0, bonus: 20, discount_total: 20, total: 90 })

      await setDiscount(phone, 5)
      expect(await shown(cart.id, headers)).toEqual(expected)

      // The order records the same: 5.00 of discount, 20 paid with bonus and taken from the balance.
      const order = await placeOrder(api, store, headers, cart.id)
      expect(order.total).toBe(85)
      const { data } = await api.get(`/store/orders/${order.id}`, {
        headers,
        params: { fields: "+items.adjustments.*" },
      })
      const orderAdjustments = data.order.items.flatMap((i: any) => i.adjustments ?? [])
      expect(
        orderAdjustments.filter((a: any) => a.code === DISCOUNT_CODE).reduce((s: number, a: any) => s + a.amount, 0)
      ).toBe(5)
      const redeemed = await waitFor(async () => {
        const [entry] = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "redemption" })
        return entry?.order_id === order.id && entry
      }, "the order's redemption")
      expect(redeemed.amount).toBe(-2000)
    })
  },
})
