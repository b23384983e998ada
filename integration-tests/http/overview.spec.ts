import { TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import expireWalletPassCredits from "../../src/jobs/expire-wallet-pass-credits"
import settleStaleWalletPassRedemptions from "../../src/jobs/settle-stale-redemptions"
import { holdBackgroundWork } from "../../src/utils/background-work"
import type { AdminWalletPassOverview, AdminWalletPassOverviewResponse } from "../../src/api/types"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, waitFor } from "../support/hooks"
import {
  createCart,
  placeOrder,
  registerCustomer,
  type SeededStore,
  seedStore,
  type StoreHeaders,
} from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(300_000)

const TIMEZONE = "Europe/Moscow"
const DAY = 86_400_000

/**
 * Where docs/overview.md puts each ledger kind, credits and debits apart, written out here on
 * purpose: the figures are checked against the documented rule, not against the code's table.
 */
const DOCUMENTED_FLOW: Record<string, { credit: string | null; debit: string | null }> = {
  accrual: { credit: "credited", debit: "credited" },
  program_bonus: { credit: "credited", debit: "credited" },
  service_credit: { credit: "credited", debit: "credited" },
  manual: { credit: "credited", debit: "redeemed" },
  redemption: { credit: "redeemed", debit: "redeemed" },
  redemption_refund: { credit: "redeemed", debit: "redeemed" },
  service_debit: { credit: "redeemed", debit: "redeemed" },
  accrual_reversal: { credit: "reversed", debit: "reversed" },
  expiry: { credit: "lapsed", debit: "lapsed" },
  opening_balance: { credit: null, debit: null },
  sync_adjustment: { credit: null, debit: null },
}
const ACTIVITY = ["accrual", "redemption", "service_credit", "service_debit"]

const { service, env, deliverHooksTo } = externalCrmService("overview-key", {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_REDEMPTION_MAX_ORDER_PERCENT: "50",
  WALLET_PASS_CURRENCY_CODE: "eur",
})

type Row = Record<string, any>
const localDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE }).format(at)

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    let eur: SeededStore
    let usd: SeededStore
    let gbp: SeededStore
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const sql = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const rows = async (text: string, bindings: unknown[] = []): Promise<Row[]> =>
      (await sql().raw(text, bindings as any)).rows

    beforeAll(async () => {
      eur = await seedStore(getContainer(), { itemPrice: 100, shippingPrice: 10 })
      usd = await seedStore(getContainer(), { currencyCode: "usd", countryCode: "us", label: "Dollar" })
      gbp = await seedStore(getContainer(), { currencyCode: "gbp", countryCode: "gb", label: "Pound" })
      // Each seed made its currency the store's only one: the store sells in all three, euros first.
      const [store] = await getContainer()
        .resolve(Modules.STORE)
        .listStores({}, { select: ["id"] })
      await updateStoresWorkflow(getContainer()).run({
        input: {
          selector: { id: store.id },
          update: {
            supported_currencies: ["eur", "usd", "gbp"].map((c) => ({ currency_code: c, is_default: c === "eur" })),
            default_sales_channel_id: eur.salesChannelId,
          },
        },
      })
    })
    deliverHooksTo(() => api.defaults.baseURL)

    const holderOf = async (customerId: string) =>
      (await walletPass().listWalletPassHolders({ customer_id: customerId }))[0]
    const settled = async () =>
      (
        await rows(
          `SELECT count(*)::int AS n FROM wallet_pass_operation WHERE state NOT IN ('done', 'resolved') AND deleted_at IS NULL`
        )
      )[0].n === 0
    async function enrolled(phone: string, email: string) {
      const { customer, headers } = await registerCustomer(api, eur, { email, password: "pw-123456", phone })
      const holder = await waitFor(
        async () => {
          const h = await holderOf(customer.id)
          return h?.enrollment_state === "enrolled" && h
        },
        "enrolment",
        20_000
      )
      return { customer, headers, holder }
    }
    const entriesOf = (holderId: string, kind: string) =>
      rows(`SELECT * FROM wallet_pass_ledger_entry WHERE holder_id = ? AND kind = ? ORDER BY created_at`, [
        holderId,
        kind,
      ])
    const backdate = (ids: string[], days: number) =>
      sql().raw(
        `UPDATE wallet_pass_ledger_entry SET created_at = created_at - make_interval(days => ?) WHERE id = ANY(?)`,
        [days, ids]
      )
    /** Places an order (of a new cart of `quantity`, or `cartId`) once its order.placed subscribers are done. */
    async function placedWith(headers: StoreHeaders, store: SeededStore, { quantity = 1, cartId = "" } = {}) {
      const id = cartId || (await createCart(api, store, headers, { quantity })).id
      const placed = TestEventUtils.waitSubscribersExecution("order.placed", getContainer().resolve(Modules.EVENT_BUS))
      const order = await placeOrder(api, store, headers, id)
      await placed
      return order
    }

    /** The overview computed from the rows themselves: the ledger, the holders, the call log. */
    async function fromTheRows(days: number) {
      const now = new Date()
      const ledger = await rows(`SELECT * FROM wallet_pass_ledger_entry WHERE deleted_at IS NULL`)
      const holders = await rows(`SELECT * FROM wallet_pass_holder WHERE deleted_at IS NULL`)
      const cards = await rows(`SELECT * FROM wallet_pass_card WHERE deleted_at IS NULL AND installed`)
      const spends = await rows(`SELECT * FROM wallet_pass_order_spend WHERE deleted_at IS NULL`)
      const calls = await rows(`SELECT started_at FROM wallet_pass_api_call WHERE deleted_at IS NULL`)
      const dayList = Array.from({ length: days }, (_, i) => localDay(new Date(now.getTime() - (days - 1 - i) * DAY)))
      const perDay = new Map(dayList.map((day) => [day, { credited: 0, redeemed: 0, reversed: 0, lapsed: 0 }]))
      const add = (day: string, flow: string | null, minor: number) => {
        const sums = perDay.get(day) as Record<string, number> | undefined
        if (sums && flow) sums[flow] += minor
      }
      const applied = ledger.filter((e) => e.state === "applied")
      for (const e of applied) {
        const place = DOCUMENTED_FLOW[e.kind]
        const flow = e.amount < 0 ? place.debit : place.credit
        add(localDay(e.created_at), flow, flow === "credited" ? e.amount : -e.amount)
      }
      const lapsedUnwritten = applied.filter((e) => e.expires_at && e.expires_at <= now && !e.expired_at)
      for (const e of lapsedUnwritten) add(localDay(e.expires_at), "lapsed", e.remaining)
      const activeSince = now.getTime() - 90 * DAY
      const active = holders.filter(
        (h) =>
          ledger.some((e) => e.holder_id === h.id && ACTIVITY.includes(e.kind) && e.created_at >= activeSince) ||
          spends.some((s) => s.customer_id === h.customer_id && s.placed_at >= activeSince)
      )
      const enrolledHolders = holders.filter((h) => h.enrollment_state === "enrolled")
      const balances = await walletPass().getBalances(holders.map((h) => h.id))
      const expiring = applied.filter(
        (e) => e.expires_at && !e.expired_at && e.expires_at > now && e.expires_at.getTime() <= now.getTime() + 30 * DAY
      )
      const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString()
      const perHour = new Map<string, number>()
      for (const c of calls) perHour.set(hourOf(c.started_at), (perHour.get(hourOf(c.started_at)) ?? 0) + 1)
      const unit = (minor: number) => minor / 100
      const days_ = dayList.map((day) => {
        const s = perDay.get(day)!
        return {
          day,
          credited: unit(s.credited),
          redeemed: unit(s.redeemed),
          reversed: unit(s.reversed),
          lapsed: unit(s.lapsed),
        }
      })
      const total = (flow: "credited" | "redeemed" | "reversed" | "lapsed") =>
        unit(dayList.reduce((sum, day) => sum + (perDay.get(day) as Record<string, number>)[flow], 0))
      return {
        holders: {
          total: holders.length,
          enrolled: enrolledHolders.length,
          installed: enrolledHolders.filter((h) => cards.some((c) => c.holder_id === h.id)).length,
          active: active.length,
        },
        balance: {
          outstanding: unit([...balances.values()].reduce((a, b) => a + b, 0)),
          expiring: unit(expiring.reduce((sum, e) => sum + e.remaining, 0)),
        },
        per_day: days_,
        totals: {
          credited: total("credited"),
          redeemed: total("redeemed"),
          reversed: total("reversed"),
          lapsed: total("lapsed"),
        },
        perHour,
      }
    }

    /** The route's overview and the one computed from the rows, read while no background work runs. */
    async function overviewAndRows(days: 30 | 90, admin: { headers: Record<string, string> }) {
      const release = await holdBackgroundWork({ waitMs: 10_000 })
      try {
        const { data }: { data: AdminWalletPassOverviewResponse } = await api.get(
          `/admin/wallet-pass/overview?days=${days}&timezone=${encodeURIComponent(TIMEZONE)}`,
          admin
        )
        return { overview: data.overview, expected: await fromTheRows(days) }
      } finally {
        release()
      }
    }

    function expectSameFigures(overview: AdminWalletPassOverview, expected: Awaited<ReturnType<typeof fromTheRows>>) {
      expect(overview.holders).toEqual({
        ...expected.holders,
        installed_share: expected.holders.installed / expected.holders.enrolled,
      })
      expect(overview.balance).toEqual(expected.balance)
      expect(overview.flows.per_day).toEqual(expected.per_day)
      expect(overview.flows.totals).toEqual(expected.totals)
      expect(overview.requests.per_hour).toHaveLength(168)
      expect(overview.requests.per_hour.map((h) => h.used)).toEqual(
        overview.requests.per_hour.map((h) => expected.perHour.get(new Date(h.hour).toISOString()) ?? 0)
      )
      expect(overview.requests.total).toBe([...expected.perHour.values()].reduce((a, b) => a + b, 0))
    }

    it("the overview's figures equal those computed from the ledger, and follow an old entry canceled", async () => {
      const admin = await createAdminHeaders(getContainer())
      const a = await enrolled("+79996100001", "overview-a@example.com")
      const b = await enrolled("+79996100002", "overview-b@example.com")
      const c = await enrolled("+79996100003", "overview-c@example.com")
      await registerCustomer(
        api,
        eur,
        { email: "overview-nophone@example.com", password: "pw-123456" },
        { container: getContainer() }
      )
      await service.emulator.install({ phone: "+79996100001" })
      await waitFor(
        async () =>
          (await rows(`SELECT 1 FROM wallet_pass_card WHERE holder_id = ? AND installed`, [a.holder.id])).length,
        "A's card installed",
        15_000
      )

      // A buys twice in euros (5 and 10 credited); the second order is canceled (10 reversed).
      const first = await placedWith(a.headers, eur)
      const second = await placedWith(a.headers, eur, { quantity: 2 })
      await api.post(`/admin/orders/${second.id}/cancel`, {}, admin)
      await waitFor(async () => (await entriesOf(a.holder.id, "accrual_reversal")).length === 1, "A's reversal", 20_000)

      // B: an admin's credit of 80 and debit of 4; 30 paid with bonus on an order (3.50 credited
      // on the rest), which is canceled: the 30 comes back, the 3.50 is reversed.
      await api.post(`/admin/customers/${b.customer.id}/wallet-pass/adjust`, { amount: 80, reason: "welcome" }, admin)
      await api.post(`/admin/customers/${b.customer.id}/wallet-pass/adjust`, { amount: -4, reason: "fix" }, admin)
      const paidCart = await createCart(api, eur, b.headers)
      await api.post(`/store/carts/${paidCart.id}/wallet-pass-bonus`, { amount: 30 }, { headers: b.headers })
      const paidOrder = await placedWith(b.headers, eur, { cartId: paidCart.id })
      expect(paidOrder.total).toBe(80)
      await waitFor(async () => (await entriesOf(b.holder.id, "accrual")).length === 1, "B's accrual", 20_000)
      await api.post(`/admin/orders/${paidOrder.id}/cancel`, {}, admin)
      await waitFor(
        async () => (await entriesOf(b.holder.id, "redemption_refund")).length === 1,
        "B's redemption given back",
        20_000
      )

      // The service's credits to A with lifetimes (20 for a day, 7 for 10 days, 9 for 5 days, 12
      // for 60 days) and a write-off of 3, which takes from the 20 (the soonest to lapse).
      for (const [sum, lifetime] of [
        [20, 1],
        [7, 10],
        [9, 5],
        [12, 60],
      ])
        await service.emulator.adjustBalance({ phone: "+79996100001", sum, lifetime })
      await service.emulator.adjustBalance({ phone: "+79996100001", sum: -3 })
      const credits = await entriesOf(a.holder.id, "service_credit")
      expect(credits.map((e) => [e.amount, e.remaining])).toEqual([
        [2000, 1700],
        [700, 700],
        [900, 900],
        [1200, 1200],
      ])
      // The 20 lapsed two days ago and its expiry is written (17 lapsed); the 7 lapsed yesterday
      // and its expiry is not written yet: it left the balance all the same.
      await sql().raw(`UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '2 days' WHERE id = ?`, [
        credits[0].id,
      ])
      await expireWalletPassCredits(getContainer())
      await sql().raw(`UPDATE wallet_pass_ledger_entry SET expires_at = now() - interval '1 day' WHERE id = ?`, [
        credits[1].id,
      ])

      // C buys only in dollars and pounds: refused (no bonus, no spend), so C is not active.
      for (const store of [usd, gbp]) {
        const order = await placedWith({ ...c.headers, "x-publishable-api-key": store.publishableKey }, store)
        expect(order.currency_code).toBe(store.currencyCode)
        expect(await rows(`SELECT 1 FROM wallet_pass_ledger_entry WHERE order_id = ?`, [order.id])).toEqual([])
      }

      await waitFor(settled, "every request answered", 30_000)
      // B's checkout crashed two days ago with 10 reserved from the balance (its request held).
      const abandoned = await createCart(api, eur, b.headers)
      const reservation = await walletPass().reserveCartRedemption({
        holder_id: b.holder.id,
        cart_id: abandoned.id,
        amount: 1000,
        currency_code: "eur",
      })

      // History: A's first order 40 days ago, the second and its cancel 10 days ago, B's credit
      // 60 days ago, the crashed checkout 2 days ago; a third of the requests 5 hours ago.
      const accrualsOfA = await entriesOf(a.holder.id, "accrual")
      await backdate([accrualsOfA.find((e) => e.order_id === first.id)!.id], 40)
      await backdate(
        [
          accrualsOfA.find((e) => e.order_id === second.id)!.id,
          ...(await entriesOf(a.holder.id, "accrual_reversal")).map((e) => e.id),
        ],
        10
      )
      await backdate([(await entriesOf(b.holder.id, "manual")).find((e) => e.amount === 8000)!.id], 60)
      await backdate([reservation.entry_id], 2)
      await sql().raw(
        `UPDATE wallet_pass_api_call SET started_at = started_at - interval '5 hours' WHERE id IN
           (SELECT id FROM wallet_pass_api_call ORDER BY id LIMIT (SELECT count(*) / 3 FROM wallet_pass_api_call))`
      )

      const month = await overviewAndRows(30, admin)
      const quarter = await overviewAndRows(90, admin)
      for (const { overview, expected } of [month, quarter]) expectSameFigures(overview, expected)

      // The sums as they were made: 146.50 credited (5 + 10 + 80 + 3.50 + 20 + 7 + 9 + 12), 17
      // redeemed (4 + 30 - 30 + 3 + 10), 13.50 reversed, 24 lapsed (17 written, 7 not yet); the
      // month leaves out A's first order and B's credit of 80.
      expect(quarter.overview.flows.totals).toEqual({ credited: 146.5, redeemed: 17, reversed: 13.5, lapsed: 24 })
      expect(month.overview.flows.totals).toEqual({ credited: 61.5, redeemed: 17, reversed: 13.5, lapsed: 24 })
      expect(quarter.overview.holders).toEqual({
        total: 4,
        enrolled: 3,
        installed: 1,
        active: 2,
        installed_share: 1 / 3,
      })
      // A: 5 + 10 - 10 + (20 + 7 + 9 + 12 - 3) - 17 - 7 = 26; B: 80 - 4 + 3.50 - 3.50 - 10 = 66.
      expect(quarter.overview.balance).toEqual({ outstanding: 92, expiring: 9 })
      expect(quarter.overview).toMatchObject({
        currency_code: "eur",
        timezone: TIMEZONE,
        flows: { days: 90, from: localDay(new Date(Date.now() - 89 * DAY)), to: localDay(new Date()) },
        requests: { hours: 168, per_hour_limit: 100_000 },
      })
      expect(quarter.overview.requests.total).toBeGreaterThan(0)

      // The crashed checkout is voided now: its day, summed already, follows.
      await settleStaleWalletPassRedemptions(getContainer())
      expect(
        (await rows(`SELECT state FROM wallet_pass_ledger_entry WHERE id = ?`, [reservation.entry_id]))[0].state
      ).toBe("canceled")
      await waitFor(settled, "every request answered", 30_000)
      const after = await overviewAndRows(90, admin)
      expectSameFigures(after.overview, after.expected)
      expect(after.overview.flows.totals.redeemed).toBe(7)
      expect(after.overview.balance.outstanding).toBe(102)
    })

    it("refuses a window or a time zone it does not know with a 400, and writes nothing", async () => {
      const admin = await createAdminHeaders(getContainer())
      for (const query of ["days=7", "days=ninety", "timezone=Mars%2FOlympus", "timezone=%27%3B%20DROP", "color=red"]) {
        const res = await api.get(`/admin/wallet-pass/overview?${query}`, admin).catch((e: any) => e.response)
        expect([query, res.status, res.data.type]).toEqual([query, 400, "invalid_data"])
      }
      expect(await rows(`SELECT id FROM wallet_pass_overview_slot`)).toEqual([])
      const { data }: { data: AdminWalletPassOverviewResponse } = await api.get(`/admin/wallet-pass/overview`, admin)
      expect(data.overview).toMatchObject({ timezone: "UTC", flows: { days: 30 }, currency_code: "eur" })
      expect(data.overview.flows.per_day).toHaveLength(30)
      expect((await rows(`SELECT id FROM wallet_pass_overview_slot`)).length).toBeGreaterThan(0)
    })
  },
})
