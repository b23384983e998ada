import { Modules } from "@medusajs/framework/utils"
import { BONUS_FIELDS, bonusPaid } from "../../src/storefront"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { createCart, placeOrder, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const { env, storeInFront } = externalCrmService("storefront-bonus-paid-key", {
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
})

const PROMO = "TENOFF"
const VAT = 19

// The kit's bonusPaid (docs/storefront-react.md, "Bonus shown as bonus") on what the store
// answers with BONUS_FIELDS. Expected values from docs/loyalty.md, "Paying with bonus": the
// promotion is taken on the price, the bonus pays 20 of what is left, tax-inclusive. The
// seed's item of 100 (tax-exclusive), here with 19% VAT: the 10% promotion takes 10 without
// tax, 11.90 with it; the bonus is 20 with tax, 20 / 1.19 without.
const EXPECTED = {
  total: 20,
  subtotal: 20 / (1 + VAT / 100),
  discount: { total: 10 * (1 + VAT / 100), subtotal: 10 },
}

function expectPaid(actual: ReturnType<typeof bonusPaid>) {
  expect(actual.total).toBeCloseTo(EXPECTED.total, 4)
  expect(actual.subtotal).toBeCloseTo(EXPECTED.subtotal, 4)
  expect(actual.discount.total).toBeCloseTo(EXPECTED.discount.total, 4)
  expect(actual.discount.subtotal).toBeCloseTo(EXPECTED.discount.subtotal, 4)
}

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer })

    beforeAll(async () => {
      const tax = getContainer().resolve(Modules.TAX)
      const [region] = await tax.listTaxRegions({
        country_code: store.countryCode,
        parent_id: null as unknown as string,
      })
      await tax.createTaxRates({ tax_region_id: region.id, rate: VAT, code: "VAT", name: "VAT", is_default: true })
      await getContainer()
        .resolve(Modules.PROMOTION)
        .createPromotions({
          code: PROMO,
          type: "standard",
          status: "active",
          is_automatic: false,
          application_method: { type: "percentage", target_type: "order", allocation: "across", value: 10 },
        })
    })

    async function customerWithBalance(phone: string, email: string, balance: number) {
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), { email, phone, first_name: "Anna" })
      await walletPass().applyLedgerEntryAndEnqueue(
        { holder_id: holder.id, amount: balance * 100, kind: "manual", dedupe_key: `seed:${holder.id}` },
        { method: "balance_add", payload: {}, dedupe_key: `op:seed:${holder.id}`, priority: 0 }
      )
      await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "seed sent", 15_000)
      return { headers }
    }
    const get = async (url: string, headers: StoreHeaders, fields?: string) =>
      (await api.get(url, { headers, params: fields ? { fields } : {} })).data

    it("tells the bonus from the 10% promotion on the cart, the order and the order list", async () => {
      const { headers } = await customerWithBalance("+79995553001", "bp1@example.com", 80)
      const cart = await createCart(api, store, headers)
      await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: [PROMO] }, { headers })
      const applied = await api.post(`/store/carts/${cart.id}/wallet-pass-bonus`, { amount: 20 }, { headers })
      expect(applied.data.wallet_pass_bonus.amount).toBe(20)

      // The store's default cart fields leave the adjustments' provider out: the bonus is not seen.
      const plain = (await get(`/store/carts/${cart.id}`, headers)).cart
      expect(bonusPaid(plain).total).toBe(0)

      const shown = (await get(`/store/carts/${cart.id}`, headers, BONUS_FIELDS)).cart
      expectPaid(bonusPaid(shown))
      // The two lines make up what Medusa shows as one "Discount".
      expect(bonusPaid(shown).total + bonusPaid(shown).discount.total).toBeCloseTo(shown.discount_total, 4)

      const order = await placeOrder(api, store, headers, cart.id)
      const single = (await get(`/store/orders/${order.id}`, headers, BONUS_FIELDS)).order
      expectPaid(bonusPaid(single))
      const { orders } = await get(`/store/orders`, headers, BONUS_FIELDS)
      const listed = orders.find((o: { id: string }) => o.id === order.id)
      expect(listed).toBeTruthy()
      expectPaid(bonusPaid(listed))
    })

    it("a cart without bonus shows its promotion as discount, nothing as bonus", async () => {
      const { headers } = await customerWithBalance("+79995553002", "bp2@example.com", 80)
      const cart = await createCart(api, store, headers)
      await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: [PROMO] }, { headers })
      const paid = bonusPaid((await get(`/store/carts/${cart.id}`, headers, BONUS_FIELDS)).cart)
      expect(paid.total).toBe(0)
      expect(paid.subtotal).toBe(0)
      expect(paid.discount.total).toBeCloseTo(EXPECTED.discount.total, 4)
      expect(paid.discount.subtotal).toBeCloseTo(EXPECTED.discount.subtotal, 4)
    })
  },
})
