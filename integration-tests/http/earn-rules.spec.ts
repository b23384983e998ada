import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createCollectionsWorkflow, createProductsWorkflow, createProductTagsWorkflow } from "@medusajs/core-flows"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { afterSubscribers, createCart, placeOrder, type StoreHeaders } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"
import { type OrderBonusBaseHookResult, recordOrderAccrualWorkflow } from "../../src/workflows"
import {
  type ModelEarning,
  type ModelLine,
  modelLineBonuses,
  modelOrderBonus,
  modelReturnedPart,
} from "../model/earning-model"

// Earn rules and campaigns through the store (docs/program.md, "Earn rules", "Campaigns";
// issue 44): an order's lines earn by what they are, gift cards nothing, a campaign multiplies
// orders placed within it in the program's time zone, a rule saved after an order does not
// change it, and the setOrderBonusBase hook's `{ lines }` answer. Expected figures are worked
// by hand from docs/program.md and checked against the model (integration-tests/model).
jest.setTimeout(300_000)

const APP_KEY = "earn-rules-key"
const RATE = 5

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  // 5 % for every holder (the program's default): the rules alone move the figures.
  WALLET_PASS_BONUS_PERCENT: String(RATE),
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: false, graceSeconds: 1 }),
})

/** The store's setOrderBonusBase handler, per test: none, bases by line, or one base. */
const handler = { mode: "none" as "none" | "lines" | "base", lines: {} as Record<string, number> }
type Answer = StepResponse<OrderBonusBaseHookResult, OrderBonusBaseHookResult>
recordOrderAccrualWorkflow.hooks.setOrderBonusBase(({ order }): Answer | void => {
  if (handler.mode === "base") return new StepResponse<OrderBonusBaseHookResult>({ base: 5000 })
  if (handler.mode !== "lines") return undefined
  // Bases by product: the T-shirt's line counts 20.00 of its 40.00.
  const lines = Object.fromEntries(
    order.items
      .filter((l) => handler.lines[l.product_id ?? ""] !== undefined)
      .map((l) => [l.id, handler.lines[l.product_id!]])
  )
  return new StepResponse<OrderBonusBaseHookResult>({ lines })
})

const ZONE = "Asia/Tokyo"
/** A moment as the program's local "YYYY-MM-DDTHH:mm" in Tokyo (UTC+9, no DST). */
const tokyo = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16)
const MINUTE = 60_000

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront(
      { api, getContainer },
      { seed: { itemPrice: 33.33 }, resetEachTest: true }
    )
    const admin = { headers: {} as Record<string, string> }
    const ids = { sale: "", fresh: "", clearance: "" }
    const products: Record<string, { productId: string; variantId: string; line: ModelLine }> = {}

    beforeAll(async () => {
      const container = getContainer()
      const { result: collections } = await createCollectionsWorkflow(container).run({
        input: {
          collections: [
            { title: "Sale", handle: "earn-sale" },
            { title: "New Arrivals", handle: "earn-new" },
          ],
        },
      })
      ids.sale = collections[0].id
      ids.fresh = collections[1].id
      const { result: tags } = await createProductTagsWorkflow(container).run({
        input: { product_tags: [{ value: "clearance" }] },
      })
      ids.clearance = tags[0].id
      const made = [
        { key: "tshirt", price: 40, collection_id: ids.fresh },
        { key: "hoodie", price: 30, collection_id: ids.sale },
        { key: "mug", price: 9.99, collection_id: ids.fresh, tag_ids: [ids.clearance] },
        { key: "giftcard", price: 25, is_giftcard: true },
        { key: "socks", price: 7.99 },
      ]
      const { result } = await createProductsWorkflow(container).run({
        input: {
          products: made.map(({ key, price, ...facts }) => ({
            title: `Earn ${key}`,
            status: "published" as const,
            shipping_profile_id: store.shippingProfileId,
            options: [{ title: "Size", values: ["One"] }],
            variants: [
              {
                title: "One",
                options: { Size: "One" },
                manage_inventory: false,
                prices: [{ amount: price, currency_code: store.currencyCode }],
              },
            ],
            sales_channels: [{ id: store.salesChannelId }],
            ...facts,
          })),
        },
      })
      made.forEach((m, i) => {
        products[m.key] = {
          productId: result[i].id,
          variantId: result[i].variants[0].id,
          line: {
            base: Math.round(m.price * 100),
            giftCard: m.is_giftcard === true,
            collection: m.collection_id ?? null,
            tags: m.tag_ids ?? [],
          },
        }
      })
    })
    beforeEach(async () => {
      admin.headers = (await createAdminHeaders(getContainer())).headers
      handler.mode = "none"
      handler.lines = {}
    })

    /** The program's earning as the admin saves it (partial: only `earning`, `timeZone`). */
    const rules = () => [
      { target: { kind: "collection", id: ids.sale }, earn: { none: true } },
      { target: { kind: "collection", id: ids.fresh }, earn: { multiplier: 2 } },
      { target: { kind: "tag", id: ids.clearance }, earn: { none: true }, redeem: false },
    ]
    const save = async (earning: Record<string, unknown>) =>
      (await api.post("/admin/wallet-pass/program", { timeZone: ZONE, earning }, admin)).data.program
    /** The same rules as the model reads them. */
    const modelEarning = (campaigns: ModelEarning["campaigns"] = []): ModelEarning => ({
      rules: [
        { id: "1", kind: "collection", target: ids.sale, earn: { none: true } },
        { id: "2", kind: "collection", target: ids.fresh, earn: { multiplier: 2 } },
        { id: "3", kind: "tag", target: ids.clearance, earn: { none: true }, redeem: false },
      ],
      giftCards: { earn: false, redeem: false },
      campaigns,
      timeZone: ZONE,
    })

    /**
     * A cart of `keys` (one each, or as `quantities` says), checked out; `lost`: its order.placed
     * never reaches the subscribers.
     */
    async function order(
      headers: StoreHeaders,
      keys: string[],
      { lost = false, quantities = {} as Record<string, number> } = {}
    ) {
      const items = keys.map((k) => ({ variant_id: products[k].variantId, quantity: quantities[k] ?? 1 }))
      const cartId = (await createCart(api, store, headers, { items })).id
      if (lost) {
        const restore = dropEvents(getContainer(), ["order.placed"])
        try {
          return await placeOrder(api, store, headers, cartId)
        } finally {
          restore()
        }
      }
      let placed!: Awaited<ReturnType<typeof placeOrder>>
      await afterSubscribers(getContainer(), "order.placed", async () => {
        placed = await placeOrder(api, store, headers, cartId)
      })
      return placed
    }
    const decision = async (orderId: string) =>
      (await walletPass().listWalletPassOrderDecisions({ order_id: orderId }))[0]
    const entries = async (orderId: string) =>
      (await walletPass().listWalletPassLedgerEntries({ order_id: orderId })).map((e) => [e.kind, e.amount])
    const shopper = (n: number) =>
      signUpEnrolled(api, store, getContainer(), { email: `earn${n}@rules.example`, phone: `+7999559000${n}` })
    const modelSays = (keys: string[], campaigns: ModelEarning["campaigns"] = [], at = Date.now()) =>
      modelOrderBonus(
        keys.map((k) => products[k].line),
        RATE,
        modelEarning(campaigns),
        at
      )

    it("a cart with a gift card, a sale item at none, a New Arrivals item ×2, a tagged item and a plain one earns what the rules and the model say", async () => {
      const saved = await save({ rules: rules() })
      // Ids are given on save, one per rule.
      expect(saved.program.earning.rules.map((r: { id: string }) => r.id)).toEqual([
        expect.stringMatching(/^er_/),
        expect.stringMatching(/^er_/),
        expect.stringMatching(/^er_/),
      ])
      const [saleRule, newRule, tagRule] = saved.program.earning.rules.map((r: { id: string }) => r.id)
      const { headers } = await shopper(1)
      const keys = ["tshirt", "hoodie", "mug", "giftcard", "socks"]
      const placed = await order(headers, keys)
      // By hand (docs/program.md): T-shirt 40.00 × 5 % × 2 = 4.00; hoodie 0 (sale); mug 0 (tag beats
      // New Arrivals); gift card 0; socks 7.99 × 5 % = 0.3995; 4.3995 rounded down once: 4.39.
      expect(modelSays(keys)).toBe(439)
      expect(await entries(placed.id)).toEqual([["accrual", 439]])
      const d = await decision(placed.id)
      expect(d).toMatchObject({ outcome: "credited", amount: 439, rate_bp: 500 })
      const byProduct = new Map(placed.items!.map((i) => [i.id, i.product_id]))
      const lines = Object.fromEntries(
        (d.breakdown as { lines: { id: string; rule_id: string | null; bonus_exact: number }[] }).lines.map((l) => [
          byProduct.get(l.id) ?? l.id,
          [l.rule_id, l.bonus_exact],
        ])
      )
      expect(lines).toEqual({
        [products.tshirt.productId]: [newRule, 400],
        [products.hoodie.productId]: [saleRule, 0],
        [products.mug.productId]: [tagRule, 0],
        [products.giftcard.productId]: [null, 0],
        [products.socks.productId]: [null, 39.95],
      })

      // Only excluded lines: nothing, recorded as "excluded".
      const excluded = await order(headers, ["hoodie", "giftcard"])
      expect(modelSays(["hoodie", "giftcard"])).toBe(0)
      expect(await entries(excluded.id)).toEqual([])
      expect(await decision(excluded.id)).toMatchObject({ outcome: "excluded", amount: 0 })
    })

    it("a campaign in Asia/Tokyo multiplies orders placed within it, not one placed just before its start or just after its end; the admin sees its cost", async () => {
      const { headers } = await shopper(2)
      const keys = ["tshirt", "socks"]
      const now = Date.now()
      const minute = now - (now % MINUTE)
      // Starts at the next minute but one: the order placed now is before it.
      const later = {
        name: "Later ×3",
        multiplier: 3,
        start: tokyo(minute + 2 * MINUTE),
        end: tokyo(minute + 60 * MINUTE),
      }
      await save({ rules: rules(), campaigns: [later] })
      const before = await order(headers, keys)
      // 4.00 + 0.3995 = 4.3995: 4.39, no campaign.
      expect(modelSays(keys, [{ id: "l", ...later, collections: [] }], new Date(before.created_at).getTime())).toBe(439)
      expect((await decision(before.id)).amount).toBe(439)

      // Running since the minute before now: (4.00 + 0.3995) × 3 = 13.1985: 13.19.
      const running = { name: "Now ×3", multiplier: 3, start: tokyo(minute - MINUTE), end: tokyo(minute + 60 * MINUTE) }
      const savedRunning = await save({ rules: rules(), campaigns: [running] })
      const inside = await order(headers, keys)
      expect(modelSays(keys, [{ id: "r", ...running, collections: [] }], new Date(inside.created_at).getTime())).toBe(
        1319
      )
      expect((await decision(inside.id)).amount).toBe(1319)

      // Ended at this minute's start (before now): no campaign.
      const ended = { name: "Ended ×3", multiplier: 3, start: tokyo(minute - 24 * 60 * MINUTE), end: tokyo(minute) }
      await save({ rules: rules(), campaigns: [ended] })
      const after = await order(headers, keys)
      expect(modelSays(keys, [{ id: "e", ...ended, collections: [] }], new Date(after.created_at).getTime())).toBe(439)
      expect((await decision(after.id)).amount).toBe(439)

      // The campaigns of every version, with their state now and cost: "Now ×3" added
      // (4.3995 × 2 = 8.799) over one order, 8.79 rounded down.
      const { data } = await api.get("/admin/wallet-pass/program/campaigns", admin)
      expect(data.time_zone).toBe(ZONE)
      // The balance currency the costs are in (the seed store's default).
      expect(data.currency_code).toBe("eur")
      const byName = Object.fromEntries(data.campaigns.map((c: { name: string }) => [c.name, c]))
      expect(byName["Now ×3"]).toMatchObject({
        id: savedRunning.program.earning.campaigns[0].id,
        state: "running",
        orders: 1,
        cost: 879,
        start: running.start,
        end: running.end,
        collections: [],
      })
      expect(byName["Ended ×3"]).toMatchObject({ state: "ended", orders: 0, cost: 0 })
      expect(byName["Later ×3"]).toMatchObject({ orders: 0, cost: 0 })
    })

    it("a rule saved after an order was placed does not change its bonus, even when the order is decided later", async () => {
      await save({ rules: rules() })
      const { headers } = await shopper(3)
      const placed = await order(headers, ["tshirt"], { lost: true })
      // New Arrivals now earn nothing; the order was placed under ×2.
      await save({ rules: [{ target: { kind: "collection", id: ids.fresh }, earn: { none: true } }] })
      await waitFor(
        async () => (await api.post("/admin/wallet-pass/order-sweep", {}, admin)).data.order_sweep_run.found > 0,
        "a sweep that finds the order",
        30_000
      )
      // 40.00 × 5 % × 2 = 4.00.
      expect(await entries(placed.id)).toEqual([["accrual", 400]])
      expect(await decision(placed.id)).toMatchObject({ outcome: "credited", amount: 400 })
    })

    /** `quantity` items of the order's line `itemId` come back, as the admin dashboard returns them. */
    async function returnItems(orderId: string, itemId: string, quantity: number) {
      const { data } = await api.post(
        "/admin/returns",
        { order_id: orderId, location_id: store.stockLocationId },
        admin
      )
      const ret = data.return.id
      await api.post(`/admin/returns/${ret}/request-items`, { items: [{ id: itemId, quantity }] }, admin)
      await api.post(`/admin/returns/${ret}/request`, {}, admin)
      await api.post(`/admin/returns/${ret}/receive`, {}, admin)
      await api.post(`/admin/returns/${ret}/receive-items`, { items: [{ id: itemId, quantity }] }, admin)
      await afterSubscribers(getContainer(), "order.return_received", () =>
        api.post(`/admin/returns/${ret}/receive/confirm`, {}, admin)
      )
    }

    it("a return takes back what the returned lines earned: the sale hoodie 0, one T-shirt of the ×2 line 3.99 (docs/program.md, 'Returns')", async () => {
      await save({ rules: rules() })
      const { headers, holder } = await shopper(5)
      const phone = "+79995590005"
      const placed = await order(headers, ["tshirt", "hoodie", "socks"], { quantities: { tshirt: 2 } })
      // By hand: 2 T-shirts 80.00 × 5 % × 2 = 8.00; hoodie 0 (sale); socks 0.3995: 8.3995, 8.39.
      const lines = [{ ...products.tshirt.line, base: 8000, quantity: 2 }, products.hoodie.line, products.socks.line]
      const bonuses = modelLineBonuses(lines, RATE, modelEarning(), Date.now())
      expect(modelOrderBonus(lines, RATE, modelEarning(), Date.now())).toBe(839)
      expect(await entries(placed.id)).toEqual([["accrual", 839]])
      await waitFor(
        async () =>
          service.emulator.getCustomer(phone)?.balance === 8.39 && requestsAnswered(getContainer(), holder.id),
        "the accrual at the service"
      )
      const itemOf = (key: string) => placed.items!.find((i) => i.product_id === products[key].productId)!
      await api.post(
        `/admin/orders/${placed.id}/fulfillments`,
        { items: placed.items!.map((i) => ({ id: i.id, quantity: i.quantity })) },
        admin
      )

      // The hoodie earned nothing: nothing comes back (by value it would have been 2.13).
      await returnItems(placed.id, itemOf("hoodie").id, 1)
      expect(modelReturnedPart(839, bonuses, [2, 1, 1], [{ line: 1, quantity: 1 }])).toBe(0)
      expect(await entries(placed.id)).toEqual([["accrual", 839]])

      // One T-shirt of 2: floor(8.39 × 4.00 / 8.3995) = 3.99 (by value 2.84), 4.40 stays.
      await returnItems(placed.id, itemOf("tshirt").id, 1)
      expect(modelReturnedPart(839, bonuses, [2, 1, 1], [{ line: 0, quantity: 1 }])).toBe(399)
      expect(await entries(placed.id)).toEqual([
        ["accrual", 839],
        ["accrual_reversal", -399],
      ])
      await waitFor(
        async () =>
          service.emulator.getCustomer(phone)?.balance === 4.4 &&
          requestsAnswered(getContainer(), holder.id, "balance_deduct"),
        "the reversal at the service"
      )
      // One deduct reached the service, the T-shirt's: the hoodie's return sent none.
      const deducts = service.emulator.requests().filter((r) => r.endpoint.includes("balance/deduct"))
      expect(deducts.map((r) => (r.body as { sum?: number }).sum)).toEqual([3.99])
    })

    it("a refund of the returned hoodie takes back nothing more; 10.00 refunded beyond the returns takes its paid share (docs/loyalty.md, 'Refunds')", async () => {
      await save({ rules: rules() })
      const { headers, holder } = await shopper(6)
      const phone = "+79995590006"
      const placed = await order(headers, ["tshirt", "hoodie", "socks"], { quantities: { tshirt: 2 } })
      expect(await entries(placed.id)).toEqual([["accrual", 839]])
      await waitFor(
        async () =>
          service.emulator.getCustomer(phone)?.balance === 8.39 && requestsAnswered(getContainer(), holder.id),
        "the accrual at the service"
      )
      const hoodie = placed.items!.find((i) => i.product_id === products.hoodie.productId)!
      await api.post(
        `/admin/orders/${placed.id}/fulfillments`,
        { items: placed.items!.map((i) => ({ id: i.id, quantity: i.quantity })) },
        admin
      )
      const { data } = await api.get(`/admin/orders/${placed.id}?fields=total,*payment_collections.payments`, admin)
      const paymentId = data.order.payment_collections[0].payments[0].id
      await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)
      // Paid: 80.00 + 30.00 + 7.99 + 10.00 shipping, no tax.
      expect(Number(data.order.total)).toBe(127.99)
      const refund = (amount: number) =>
        afterSubscribers(getContainer(), "payment.refunded", () =>
          api.post(`/admin/payments/${paymentId}/refund`, { amount }, admin)
        )

      // The hoodie (30.00, on sale: it earned nothing) comes back, and its 30.00 is refunded:
      // the return took its bonus, 0, and the refund repays only it: nothing more.
      await returnItems(placed.id, hoodie.id, 1)
      await refund(30)
      expect(await entries(placed.id)).toEqual([["accrual", 839]])

      // 10.00 more, beyond what came back: floor(8.39 × 10.00 / 127.99) = 0.65.
      await refund(10)
      const share = 65
      expect(await entries(placed.id)).toEqual([
        ["accrual", 839],
        ["accrual_reversal", -share],
      ])
      await waitFor(
        async () =>
          service.emulator.getCustomer(phone)?.balance === (839 - share) / 100 &&
          requestsAnswered(getContainer(), holder.id, "balance_deduct"),
        "the refund's reversal at the service"
      )
      const deducts = service.emulator
        .requests()
        .filter((r) => r.endpoint.includes("balance/deduct") && (r.body as { phone?: string }).phone === phone)
      expect(deducts.map((r) => (r.body as { sum?: number }).sum)).toEqual([share / 100])
    })

    it("the setOrderBonusBase hook: { lines } sets a line's base and the rules apply; { base } earns the rate with no rules", async () => {
      await save({ rules: rules() })
      const { headers } = await shopper(4)
      handler.mode = "lines"
      handler.lines = { [products.tshirt.productId]: 2000 }
      const byLines = await order(headers, ["tshirt", "socks", "giftcard"])
      // T-shirt at 20.00 × 5 % × 2 = 2.00; socks 0.3995; gift card 0: 2.3995, 2.39.
      expect(await entries(byLines.id)).toEqual([["accrual", 239]])
      expect((await decision(byLines.id)).base).toBe(2000 + 799 + 2500)

      handler.mode = "base"
      const byBase = await order(headers, ["tshirt", "giftcard"])
      // 50.00 at 5 %, no rules (the gift card is not left out): 2.50.
      expect(await entries(byBase.id)).toEqual([["accrual", 250]])
      expect((await decision(byBase.id)).breakdown).toMatchObject({ hook_base: true, lines: [] })
    })
  },
})
