import { Modules } from "@medusajs/framework/utils"
import { type Earning, programSchema } from "../../src/modules/wallet-pass"
import { REDEMPTION_ADJUSTMENT } from "../../src/workflows/redemption/constants"
import { externalCrmService, seedBalance, signUpEnrolled } from "../support/hooks"
import { addProduct, createCart, placeOrder, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const { env, storeInFront } = externalCrmService("pay-by-line-key", {
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
})

/**
 * Paying with bonus by line (docs/loyalty.md, "Lines that cannot be paid with bonus"): gift
 * cards (by default) and lines an earning rule marks `redeem: false` are out of the cap's base
 * and get no bonus; the cart route names them; checkout rechecks with the rules in force.
 */
storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    // The seed's item costs 100.00, shipping 10.00, no tax: alone, its cap (50%) is 50.00.
    const { store, walletPass } = storeInFront({ api, getContainer })
    const products = { giftCard: "", saleShirt: "", saleTag: "" }

    const product = (title: string, price: number, extra: Parameters<typeof addProduct>[4]) =>
      addProduct(getContainer(), store, title, price, extra)

    beforeAll(async () => {
      const [tag] = await getContainer()
        .resolve(Modules.PRODUCT)
        .createProductTags([{ value: "sale" }])
      products.saleTag = tag.id
      products.giftCard = await product("Gift card", 50, { is_giftcard: true })
      products.saleShirt = await product("Sale shirt", 40, { tag_ids: [tag.id] })
    })

    /** Saves the program with `earning` (the program in force decides for a cart). */
    async function saveEarning(earning: Partial<Earning>) {
      const { program } = await walletPass().getProgram()
      await walletPass().saveProgram({
        program: programSchema.parse({ ...program, earning: { ...program.earning, ...earning } }),
        actor: null,
      })
    }
    const noSale = () => ({
      rules: [{ id: "er_sale", target: { kind: "tag" as const, id: products.saleTag }, redeem: false }],
    })

    async function customerWithBalance(phone: string, email: string, balance: number) {
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), { email, phone, first_name: "Anna" })
      await seedBalance(getContainer(), holder.id, balance)
      return { headers, holder }
    }
    /** Checks out a cart expecting a refusal: Medusa's error (status, type, message), nothing reserved. */
    async function refusedCheckout(cartId: string, headers: StoreHeaders, holderId: string) {
      const { data } = await api.post("/store/payment-collections", { cart_id: cartId }, { headers })
      await api.post(
        `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
        { provider_id: "pp_system_default" },
        { headers }
      )
      const res = await api.post(`/store/carts/${cartId}/complete`, {}, { headers }).catch((e: any) => e.response)
      const entries = await walletPass().listWalletPassLedgerEntries({ holder_id: holderId })
      expect(entries.map((e) => e.kind)).toEqual(["manual"])
      return { status: res.status, ...res.data }
    }
    async function cartWith(headers: StoreHeaders, variants: string[]) {
      const cart = await createCart(api, store, headers)
      for (const variant_id of variants) {
        await api.post(`/store/carts/${cart.id}/line-items`, { variant_id, quantity: 1 }, { headers })
      }
      const { data } = await api.get(`/store/carts/${cart.id}/wallet-pass-bonus`, { headers })
      return data as {
        cart: { id: string; items: { id: string; title: string; variant_id: string }[] }
        wallet_pass_bonus: any
      }
    }
    const lineOf = (cart: { items: { id: string; variant_id: string }[] }, variantId: string) =>
      cart.items.find((i) => i.variant_id === variantId)!.id
    /** The bonus adjustments of a cart, by line id (minor units). */
    async function bonusByLine(cartId: string) {
      const adjustments = await getContainer()
        .resolve(Modules.CART)
        .listLineItemAdjustments({ item: { cart_id: cartId }, provider_id: REDEMPTION_ADJUSTMENT.provider_id })
      const by: Record<string, number> = {}
      for (const a of adjustments) by[a.item_id] = (by[a.item_id] ?? 0) + Math.round(Number(a.amount) * 100)
      return by
    }

    it("a gift card is out of the cap and gets no bonus; the answer names it and what it costs", async () => {
      const { headers } = await customerWithBalance("+79995561001", "line1@example.com", 200)
      const { cart, wallet_pass_bonus } = await cartWith(headers, [products.giftCard])
      const gift = lineOf(cart, products.giftCard)
      // 50% of the 100.00 item only; the 50.00 gift card is named.
      expect(wallet_pass_bonus).toMatchObject({
        max: 50,
        excluded: [{ line_id: gift, title: "Gift card", reason: "gift_card" }],
        excluded_total: 50,
      })
      const res = await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 200 }, { headers })
      expect(res.data.wallet_pass_bonus.amount).toBe(50)
      expect(await bonusByLine(cart.id)).toEqual({ [lineOf(cart, store.variantId)]: 5000 })
      expect(res.data.cart.total).toBe(110) // 100 + 50 + 10 shipping - 50 of bonus
    })

    it("a rule redeem:false on a tag takes its lines out; the gift card's setting lets gift cards in", async () => {
      await saveEarning({ ...noSale(), giftCards: { earn: false, redeem: true } })
      try {
        const { headers } = await customerWithBalance("+79995561002", "line2@example.com", 200)
        const { cart, wallet_pass_bonus } = await cartWith(headers, [products.saleShirt, products.giftCard])
        expect(wallet_pass_bonus).toMatchObject({
          max: 75, // 50% of 100 + 50 (the gift card may now pay with bonus), not of the 40.00 shirt
          excluded: [{ line_id: lineOf(cart, products.saleShirt), title: "Sale shirt", reason: "rule" }],
          excluded_total: 40,
        })
        await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 75 }, { headers })
        const by = await bonusByLine(cart.id)
        expect(by[lineOf(cart, products.saleShirt)]).toBeUndefined()
        expect(by[lineOf(cart, store.variantId)] + by[lineOf(cart, products.giftCard)]).toBe(7500)
      } finally {
        await saveEarning({ rules: [], giftCards: { earn: false, redeem: false } })
      }
    })

    it("checkout refuses a cart whose bonus exceeds the new cap or sits on a line the rules now exclude", async () => {
      const { headers, holder } = await customerWithBalance("+79995561003", "line3@example.com", 200)
      // The shirt may be paid with bonus at first: 50% of 140 = 70, spread over both lines.
      const { cart } = await cartWith(headers, [products.saleShirt])
      await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 70 }, { headers })
      expect(Object.keys(await bonusByLine(cart.id))).toHaveLength(2)
      await saveEarning(noSale())
      try {
        expect(await refusedCheckout(cart.id, headers, holder.id)).toMatchObject({
          status: 400,
          type: "not_allowed",
          message: "Bonus pays for Sale shirt, which cannot be paid with bonus: apply the bonus again",
        })
        // Applied again: on the item only, within its cap; then it completes.
        const res = await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 70 }, { headers })
        expect(res.data.wallet_pass_bonus).toMatchObject({ amount: 50, max: 50, excluded_total: 40 })

        // Another cart: 2 items (cap 100) paid 100; a gift card added and one item taken off: the
        // cap is 50% of the one item left, the gift card adds nothing to it.
        const second = await cartWith(headers, [])
        const item = lineOf(second.cart, store.variantId)
        await api.post(`/store/carts/${second.cart.id}/line-items/${item}`, { quantity: 2 }, { headers })
        await api.post(`/store/carts/${second.cart.id}/wallet-pass-bonus`, { amount: 100 }, { headers })
        await api.post(
          `/store/carts/${second.cart.id}/line-items`,
          { variant_id: products.giftCard, quantity: 1 },
          { headers }
        )
        await api.post(`/store/carts/${second.cart.id}/line-items/${item}`, { quantity: 1 }, { headers })
        expect(await refusedCheckout(second.cart.id, headers, holder.id)).toMatchObject({
          status: 400,
          message: "The bonus exceeds 50% of the cart since it changed: apply the bonus again",
        })
        const order = await placeOrder(api, store, headers, cart.id)
        expect(order.total).toBe(100) // 140 + 10 - 50
      } finally {
        await saveEarning({ rules: [] })
      }
    })
  },
})
