import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { CUSTOMER_PROMO_METADATA_KEY, WALLET_PASS_EVENTS } from "../../src/modules/wallet-pass"
import updateWalletPassLevels from "../../src/jobs/update-wallet-pass-levels"
import { grantBirthdayBonuses } from "../../src/workflows/program/grant-birthday-bonuses"
import { grantReferralBonuses } from "../../src/workflows/program/grant-referral-bonuses"
import { adminHeadersEachTest } from "../support/admin"
import {
  basicAuth,
  externalCrmService,
  postHook,
  requestsAnswered,
  signUpEnrolled,
  waitFor,
  waitForHolder,
} from "../support/hooks"
import { afterSubscribers, createCart, getCart, placeOrder, shipAndReturn } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Base from 0, Silver from 100, Gold from 300 (the balance unit); one item is 100, shipping 10.
const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
  { name: "Gold", threshold: 300, bonusPercent: 10, discountPercent: 10 },
]
const PROGRAM = { ratesOwner: "program", tiers: { windowDays: null, levels: LEVELS } }

// The option's program (version 0): levels the service owns the rates of, until an admin saves one.
const { service, env, hooks, storeInFront } = externalCrmService("program-key", {
  WALLET_PASS_BONUS_PERCENT: "1",
  // Level changes send profile updates one after another: no spacing here (queue-classes.spec.ts tests it).
  WALLET_PASS_PROFILE_INTERVAL_SECONDS: "0",
  WALLET_PASS_PROGRAM: JSON.stringify({ tiers: { levels: [LEVELS[0], LEVELS[1]] } }),
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = adminHeadersEachTest(getContainer)

    const saveProgram = (body: unknown) =>
      api.post("/admin/wallet-pass/program", body, admin).catch((e: any) => e.response)
    const holderOf = async (customerId: string) =>
      (await walletPass().listWalletPassHolders({ customer_id: customerId }))[0]
    const settled = async (holderId: string) => !!(await requestsAnswered(getContainer(), holderId))
    /** The holder once their level is `level` and every request of theirs has been sent. */
    const onLevel = (customerId: string, level: string | null) =>
      waitForHolder(
        getContainer(),
        customerId,
        async (h) => h.level === level && (await settled(h.id)),
        `level ${level}`,
        { timeoutMs: 20_000 }
      )
    const card = (phone: string) => service.emulator.getCustomer(phone)
    /**
     * A new cart of one item (100) once it is `amount` off: the customer's discount group (the
     * existing promotion groups) followed the level. A discount that never follows times out.
     */
    const newCartOff = (headers: Record<string, string>, amount: number) =>
      waitFor(
        async () => {
          const c = await getCart(api, headers, (await createCart(api, store, headers)).id)
          return c.discount_total === amount && c
        },
        `a new cart ${amount} off`,
        20_000
      )

    const signUp = (phone: string, email: string, metadata?: Record<string, unknown>) =>
      signUpEnrolled(
        api,
        store,
        getContainer(),
        { email, phone, first_name: "Vera", ...(metadata && { metadata }) },
        {
          ready: async (h) => h.level !== null && (await settled(h.id)),
          what: "enrolment on a level",
          timeoutMs: 20_000,
        }
      )

    /** Runs `act` and waits until the plugin's subscribers of `event` are done. */
    const handled = (event: string, act: () => Promise<unknown>) => afterSubscribers(getContainer(), event, act)

    it("refuses a bad program with 400 naming the field, and saves nothing", async () => {
      const bad = [
        [{ tiers: { levels: [LEVELS[0], { ...LEVELS[1], threshold: 0 }] } }, "tiers.levels.1.threshold"],
        [{ tiers: { levels: [{ ...LEVELS[0], bonusPercent: 120 }] } }, "tiers.levels.0.bonusPercent"],
        [{ tiers: { levels: LEVELS, bonus: 1 } }, 'unknown field(s) "bonus"'],
        [{ ratesOwner: "crm" }, "ratesOwner"],
        ["not a program", "Invalid program"],
      ] as const
      for (const [body, field] of bad) {
        const res = await saveProgram(body)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data" })
        expect(res.data.message).toContain(field)
      }
      const { data } = await api.get("/admin/wallet-pass/program", admin)
      expect(data.program).toMatchObject({ version: 0, source: "options", actor: null })
      expect(data.program.program.tiers.levels.map((l: any) => l.name)).toEqual(["Base", "Silver"])
      expect((await api.get("/admin/wallet-pass/program/history", admin)).data).toMatchObject({ count: 0 })
    })

    it("the option's program places customers by spend while the service keeps the rates", async () => {
      const { customer, headers, holder } = await signUp("+79996660001", "vera1@example.com")
      expect(holder).toMatchObject({ level: "Base", rates_source: "service", bonus_percent_bp: null })
      const requests = service.emulator.requests().length
      await placeOrder(api, store, headers)
      const silver = await onLevel(customer.id, "Silver")
      // The service owns the rates: the level changes no rate and sends nothing but the bonus; the
      // card shows the rate the store answers the service with (accrual.bonusPercent, 1%).
      expect(silver).toMatchObject({ rates_source: "service", bonus_percent_bp: null, discount_percent_bp: 0 })
      expect(card("+79996660001")).toMatchObject({ bonus: 1, discount: 0 })
      expect(
        service.emulator
          .requests()
          .slice(requests)
          .map((r) => r.endpoint)
      ).toEqual([expect.stringContaining("balance/add")])
      // Its setPrivileges sets them as before.
      await service.emulator.setPrivileges({ phone: "+79996660001", bonus: 8 })
      expect(await holderOf(customer.id)).toMatchObject({ level: "Silver", bonus_percent_bp: 800 })
      const { data } = await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)
      expect(data.wallet_pass.level).toMatchObject({ name: "Silver", spend: 110, next: null, window_days: null })
    })

    it("program-owned rates: an order reaches a level, the card and the cart discount follow; a cancel takes it back", async () => {
      const saved = await saveProgram(PROGRAM)
      expect(saved.status).toBe(200)
      expect(saved.data.program).toMatchObject({ version: 1, source: "admin", actor: expect.any(String) })

      const { customer, headers, holder } = await signUp("+79996660002", "vera2@example.com")
      // A new customer starts on the first level, and the enrolment carried its rates.
      expect(holder).toMatchObject({ level: "Base", rates_source: "level", bonus_percent_bp: 300 })
      expect(card("+79996660002")).toMatchObject({ bonus: 3, discount: 0 })

      const openCart = await createCart(api, store, headers) // another cart, open while the order is placed
      const order = await placeOrder(api, store, headers)
      const silver = await onLevel(customer.id, "Silver")
      expect(silver).toMatchObject({ bonus_percent_bp: 500, discount_percent_bp: 500, rates_source: "level" })
      await waitFor(async () => card("+79996660002")?.discount === 5 && card("+79996660002"), "card rates")
      expect(card("+79996660002")).toMatchObject({ bonus: 5, discount: 5 })
      // The order that reached the level earned at the level it was placed on: 3% of 100.
      const [accrual] = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "accrual" })
      expect(accrual.amount).toBe(300)
      // The discount applies through the promotion groups: a new cart of 100 is 5 off.
      const cart = await waitFor(
        async () => {
          const c = await getCart(api, headers, (await createCart(api, store, headers)).id)
          return c.discount_total > 0 && c
        },
        "cart discount",
        20_000
      )
      expect(cart.discount_total).toBe(5)
      // The cart open during the order keeps its price (it may be in checkout) until its next change.
      expect((await getCart(api, headers, openCart.id)).discount_total).toBe(0)
      await api.post(
        `/store/carts/${openCart.id}/line-items`,
        { variant_id: store.variantId, quantity: 1 },
        { headers }
      )
      expect((await getCart(api, headers, openCart.id)).discount_total).toBe(10)

      const { data } = await api.get("/store/customers/me/wallet-pass", { headers })
      expect(data.wallet_pass.level).toEqual({
        name: "Silver",
        spend: 110,
        window_days: null,
        changed_at: expect.any(String),
        next: { name: "Gold", threshold: 300, missing: 190 },
      })

      await handled("order.canceled", () => api.post(`/admin/orders/${order.id}/cancel`, {}, admin))
      const base = await onLevel(customer.id, "Base")
      expect(base).toMatchObject({ bonus_percent_bp: 300, discount_percent_bp: 0 })
      await waitFor(async () => card("+79996660002")?.discount === 0, "card back on Base")
      expect(card("+79996660002")).toMatchObject({ bonus: 3, discount: 0 })
      // The cart discount follows: a new cart is full price again.
      expect((await newCartOff(headers, 0)).discount_total).toBe(0)
    })

    it("a return takes the returned share off the spend, once", async () => {
      await saveProgram(PROGRAM)
      const { customer, headers } = await signUp("+79996660003", "vera3@example.com")
      const order = await placeOrder(api, store, headers, (await createCart(api, store, headers, { quantity: 3 })).id)
      await onLevel(customer.id, "Gold") // 310
      await waitFor(async () => card("+79996660003")?.discount === 10, "card on Gold")
      expect(card("+79996660003")).toMatchObject({ bonus: 10, discount: 10 })
      await newCartOff(headers, 10)
      const ret = await shipAndReturn(api, getContainer(), store, admin, order)
      // A third of the items came back: 310 - 103.33 = 206.67, Silver.
      const silver = await onLevel(customer.id, "Silver")
      // The card's rates and the cart discount follow: Silver's 5% and 5%.
      await waitFor(async () => card("+79996660003")?.discount === 5, "card on Silver")
      expect(card("+79996660003")).toMatchObject({ bonus: 5, discount: 5 })
      expect((await newCartOff(headers, 5)).discount_total).toBe(5)
      expect(silver).toMatchObject({ bonus_percent_bp: 500, discount_percent_bp: 500 })
      // The event again changes nothing.
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      await handled("order.return_received", () =>
        eventBus.emit({ name: "order.return_received", data: { order_id: order.id, return_id: ret.id } })
      )
      const [spend] = await walletPass().listWalletPassOrderSpends({ order_id: order.id })
      expect(spend).toMatchObject({ amount: 31_000, returns: { [ret.id]: 10_333 }, canceled_at: null })
      expect(
        (await api.get(`/admin/customers/${customer.id}/wallet-pass`, admin)).data.wallet_pass.level
      ).toMatchObject({ name: "Silver", spend: 206.67, next: { name: "Gold", missing: 93.33 } })
    })

    it("orders that leave the rolling window stop counting when the daily job runs, and a second run changes nothing", async () => {
      await saveProgram({ ...PROGRAM, tiers: { ...PROGRAM.tiers, windowDays: 30 } })
      const { customer, headers, holder } = await signUp("+79996660004", "vera4@example.com")
      const order = await placeOrder(api, store, headers)
      await onLevel(customer.id, "Silver")
      await waitFor(async () => card("+79996660004")?.discount === 5, "card on Silver")
      await newCartOff(headers, 5)

      // The order was placed 31 days ago.
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`UPDATE wallet_pass_order_spend SET placed_at = now() - interval '31 days' WHERE order_id = ?`, [order.id])
      const before = service.emulator.requests().length
      await updateWalletPassLevels(getContainer())
      const base = await onLevel(customer.id, "Base")
      expect(base).toMatchObject({ bonus_percent_bp: 300, discount_percent_bp: 0 })
      await waitFor(async () => card("+79996660004")?.discount === 0, "card back on Base")
      const sent = service.emulator.requests().length
      expect(sent - before).toBe(1) // one profile update with the level's rates

      await updateWalletPassLevels(getContainer())
      await new Promise((r) => setTimeout(r, 300))
      expect(await settled(holder.id)).toBe(true)
      expect(service.emulator.requests().length).toBe(sent)
      const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id, method: "user_create_or_update" })
      expect(ops.filter((o) => o.state === "pending")).toHaveLength(0)
      // The cart discount follows the level back: a new cart is full price.
      expect((await newCartOff(headers, 0)).discount_total).toBe(0)
    })

    it("setPrivileges while the program owns the rates is an override until the next level change", async () => {
      await saveProgram(PROGRAM)
      const { customer, headers } = await signUp("+79996660005", "vera5@example.com")
      await placeOrder(api, store, headers)
      await onLevel(customer.id, "Silver")
      await service.emulator.setPrivileges({ phone: "+79996660005", bonus: 20 })
      const overridden = await holderOf(customer.id)
      expect(overridden).toMatchObject({ bonus_percent_bp: 2000, rates_source: "override" })
      // One profile update repeats the store's rates, now the override: a level's request that
      // landed after the service's change cannot leave the card on the level's rates.
      await waitFor(() => settled(overridden.id), "the override's profile update")
      expect(card("+79996660005")).toMatchObject({ bonus: 20, discount: 5 })

      // Another order on the same level keeps the override (220: still Silver) ...
      await placeOrder(api, store, headers)
      await waitFor(
        async () => (await walletPass().listWalletPassOrderSpends({ customer_id: customer.id })).length === 2,
        "spend"
      )
      const still = await onLevel(customer.id, "Silver")
      expect(still).toMatchObject({ bonus_percent_bp: 2000, discount_percent_bp: 500, rates_source: "override" })
      // ... the next level ends it (330: Gold).
      await placeOrder(api, store, headers)
      const gold = await onLevel(customer.id, "Gold")
      expect(gold).toMatchObject({ bonus_percent_bp: 1000, discount_percent_bp: 1000, rates_source: "level" })
      await waitFor(async () => card("+79996660005")?.bonus === 10, "card on Gold")
    })

    it("welcome and first-install bonuses: each once however often its event comes, with its lifetime", async () => {
      await saveProgram({
        tiers: PROGRAM.tiers,
        bonuses: { welcome: { amount: 50, lifetimeDays: 30 }, install: { amount: 20, lifetimeDays: null } },
      })
      const { customer, holder } = await signUp("+79996660007", "vera7@example.com")
      const bonuses = () => walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "program_bonus" })
      const welcome = await waitFor(async () => (await bonuses())[0], "the welcome bonus")
      expect(welcome).toMatchObject({ amount: 5000, dedupe_key: `bonus:welcome:${holder.id}`, state: "applied" })
      const days = (new Date(welcome.expires_at!).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThanOrEqual(30)

      // customer.created delivered twice more: still one welcome.
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      for (const _ of [1, 2]) {
        await handled("customer.created", () => eventBus.emit({ name: "customer.created", data: { id: customer.id } }))
      }
      // The card installed, and its createCustomer hook delivered three times: one install bonus.
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () => service.emulator.install({ phone: "+79996660007" }))
      const hook = service.emulator.hooks().find((h) => h.method === "createCustomer")!
      for (const _ of [1, 2]) {
        await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () =>
          postHook(api.defaults.baseURL!, hook.body, { authorization: basicAuth(hooks.login, hooks.password) })
        )
      }
      const entries = await bonuses()
      expect(entries.map((e) => [e.amount, e.metadata?.bonus, e.expires_at === null])).toEqual(
        expect.arrayContaining([
          [5000, "welcome", false],
          [2000, "install", true],
        ])
      )
      expect(entries).toHaveLength(2)
      await waitFor(async () => (await settled(holder.id)) && card("+79996660007")?.balance === 70, "70 at the service")
      // Each bonus reached the service once: as its own balance/add, or carried by the request
      // it waited behind (the enrolment, a balance set: coalescing, docs/architecture.md).
      const sent = await walletPass().listWalletPassOperations({ ledger_entry_id: entries.map((e) => e.id) })
      expect(sent).toHaveLength(2)
      expect(sent.every((o) => o.state === "done" || (o.state === "resolved" && o.result?.coalesced_into))).toBe(true)
      const added = service.emulator.requests().filter((r) => r.endpoint.includes("balance/add"))
      expect(added).toHaveLength(sent.filter((o) => o.state === "done").length)
    })

    it("a birthday bonus once a year on the day in the store's time zone, 29 February on the 28th", async () => {
      await saveProgram({ tiers: PROGRAM.tiers, timeZone: "Asia/Tokyo", bonuses: { birthday: { amount: 10 } } })
      const leapling = (await signUp("+79996660008", "vera8@example.com")).holder
      const may = (await signUp("+79996660009", "vera9@example.com")).holder
      await walletPass().updateWalletPassHolders([
        { id: leapling.id, birthday: "2000-02-29" },
        { id: may.id, birthday: "1990-05-10" },
      ])
      const birthdayKeys = async () =>
        (await walletPass().listWalletPassLedgerEntries({ kind: "program_bonus" })).map((e) => e.dedupe_key).sort()

      // 2027 has no 29 February: the 28th, twice in the day, credits once.
      expect(await grantBirthdayBonuses(getContainer(), new Date("2027-02-28T03:00:00Z"))).toBe(1)
      expect(await grantBirthdayBonuses(getContainer(), new Date("2027-02-28T14:00:00Z"))).toBe(0)
      // 2028 has one: nothing on the 28th, the bonus on the 29th.
      expect(await grantBirthdayBonuses(getContainer(), new Date("2028-02-28T03:00:00Z"))).toBe(0)
      expect(await grantBirthdayBonuses(getContainer(), new Date("2028-02-29T03:00:00Z"))).toBe(1)
      // 16:00 UTC on 9 May is already 10 May in Tokyo.
      expect(await grantBirthdayBonuses(getContainer(), new Date("2027-05-09T16:00:00Z"))).toBe(1)
      expect(await birthdayKeys()).toEqual(
        [
          `bonus:birthday:${leapling.id}:2027`,
          `bonus:birthday:${leapling.id}:2028`,
          `bonus:birthday:${may.id}:2027`,
        ].sort()
      )
      await waitFor(
        async () => (await settled(leapling.id)) && card("+79996660008")?.balance === 20,
        "20 at the service"
      )
    })

    const REFERRAL = {
      tiers: PROGRAM.tiers,
      bonuses: { referral: { amount: 50, newCustomerAmount: 20, afterDays: 7 } },
    }
    /** The referral job as it runs `days` from now. */
    const settleReferrals = (days: number) =>
      grantReferralBonuses(getContainer(), new Date(Date.now() + days * 86_400_000))
    const referralOf = (holderId: string, state: string) =>
      waitFor(
        async () => {
          const [h] = await walletPass().listWalletPassHolders({ id: holderId })
          return h.referral_state === state && h
        },
        `referral ${state}`,
        20_000
      )

    it("a referral by promo code at signup pays the referrer and the new customer once, after the first order stood its days", async () => {
      await saveProgram(REFERRAL)
      const referrer = await signUp("+79996660011", "vera11@example.com")
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () => service.emulator.install({ phone: "+79996660011" }))
      const promo = card("+79996660011")!.promo
      expect((await holderOf(referrer.customer.id)).promo).toBe(promo)

      const friend = await signUp("+79996660012", "vera12@example.com", { [CUSTOMER_PROMO_METADATA_KEY]: promo })
      expect(await referralOf(friend.holder.id, "pending")).toMatchObject({ referrer_phone: "+79996660011" })
      expect(await settleReferrals(30)).toEqual({ paid: 0, void: 0, waiting: 1 }) // no order yet
      await placeOrder(api, store, friend.headers)
      // The order's own bonus, credited after the request (the friend's balance below counts it).
      await waitFor(
        async () =>
          (await walletPass().listWalletPassLedgerEntries({ holder_id: friend.holder.id, kind: "accrual" })).length,
        "the order's bonus",
        20_000
      )
      expect(await settleReferrals(6)).toEqual({ paid: 0, void: 0, waiting: 1 }) // inside the 7 days
      expect(await settleReferrals(8)).toEqual({ paid: 1, void: 0, waiting: 0 })
      expect(await settleReferrals(9)).toEqual({ paid: 0, void: 0, waiting: 0 })
      // Settled again (say two processes at once, the state read before either wrote): the keys pay once.
      await walletPass().updateWalletPassHolders({ id: friend.holder.id, referral_state: "pending" })
      expect(await settleReferrals(9)).toEqual({ paid: 1, void: 0, waiting: 0 })

      const entries = async (key: string) => walletPass().listWalletPassLedgerEntries({ dedupe_key: key })
      const [toReferrer, ...moreToReferrer] = await entries(`bonus:referral:${friend.holder.id}`)
      expect(moreToReferrer).toHaveLength(0)
      expect(toReferrer).toMatchObject({ holder_id: referrer.holder.id, amount: 5000, kind: "program_bonus" })
      const [toFriend, ...moreToFriend] = await entries(`bonus:referred:${friend.holder.id}`)
      expect(moreToFriend).toHaveLength(0)
      expect(toFriend).toMatchObject({ holder_id: friend.holder.id, amount: 2000 })
      await waitFor(
        async () => (await settled(referrer.holder.id)) && card("+79996660011")?.balance === 50,
        "the referrer's 50 at the service"
      )
      // The friend's 20, beside their order's bonus: the service holds what the ledger holds.
      const friendBalance = await walletPass().getBalance(friend.holder.id)
      expect(friendBalance).toBeGreaterThan(2000)
      await waitFor(
        async () => (await settled(friend.holder.id)) && card("+79996660012")?.balance === friendBalance / 100,
        `the friend's ${friendBalance / 100} at the service`
      )

      // The admin widget lists the bonus and the referral; the store route too, once the phone is verified.
      const { data: adminPass } = await api.get(`/admin/customers/${referrer.customer.id}/wallet-pass`, admin)
      expect(adminPass.wallet_pass.bonuses).toEqual([
        expect.objectContaining({ bonus: "referral", amount: 50, received_at: expect.any(String), expires_at: null }),
      ])
      const { data: friendPass } = await api.get(`/admin/customers/${friend.customer.id}/wallet-pass`, admin)
      expect(friendPass.wallet_pass.holder).toMatchObject({ referrer_phone: "+79996660011", referral_state: "paid" })
      const storePass = async () =>
        (await api.get("/store/customers/me/wallet-pass", { headers: friend.headers })).data.wallet_pass
      expect((await storePass()).bonuses).toEqual([])
      await walletPass().updateWalletPassHolders({
        id: friend.holder.id,
        verified_customer_id: friend.customer.id,
        verified_at: new Date(),
      })
      expect((await storePass()).bonuses).toEqual([expect.objectContaining({ bonus: "referred", amount: 20 })])
    })

    it("a referral pays nothing when the first order is canceled inside the window, or came before the referral", async () => {
      await saveProgram(REFERRAL)
      const referrer = await signUp("+79996660013", "vera13@example.com")
      // One friend installs the card through the referrer's invitation, then orders and cancels.
      const canceled = await signUp("+79996660014", "vera14@example.com")
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () =>
        service.emulator.install({ phone: "+79996660014", invitedBy: "+79996660013" })
      )
      expect(await referralOf(canceled.holder.id, "pending")).toMatchObject({ referrer_phone: "+79996660013" })
      const order = await placeOrder(api, store, canceled.headers)
      await handled("order.canceled", () => api.post(`/admin/orders/${order.id}/cancel`, {}, admin))
      // Another had ordered before installing the card through the invitation: not new to the store.
      const regular = await signUp("+79996660015", "vera15@example.com")
      await placeOrder(api, store, regular.headers)
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () =>
        service.emulator.install({ phone: "+79996660015", invitedBy: "+79996660013" })
      )
      await referralOf(regular.holder.id, "pending")

      expect(await settleReferrals(8)).toEqual({ paid: 0, void: 2, waiting: 0 })
      expect(await settleReferrals(9)).toEqual({ paid: 0, void: 0, waiting: 0 })
      for (const friend of [canceled, regular]) await referralOf(friend.holder.id, "void")
      const bonuses = await walletPass().listWalletPassLedgerEntries({
        holder_id: [referrer.holder.id, canceled.holder.id, regular.holder.id],
        kind: "program_bonus",
      })
      expect(bonuses).toEqual([])
    })

    it("a referral pays when the first order is canceled after its days, even before the job ran since", async () => {
      await saveProgram(REFERRAL)
      const referrer = await signUp("+79996660016", "vera16@example.com")
      const friend = await signUp("+79996660017", "vera17@example.com")
      await handled(WALLET_PASS_EVENTS.HOLDER_LINKED, () =>
        service.emulator.install({ phone: "+79996660017", invitedBy: "+79996660016" })
      )
      await referralOf(friend.holder.id, "pending")
      const order = await placeOrder(api, store, friend.headers)
      // Referred 9 days ago, the first order placed 8 days ago (the days are 7); the job has not
      // run since (a store down): the order is canceled now, after it stood its days.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await walletPass().updateWalletPassHolders({
        id: friend.holder.id,
        referred_at: new Date(Date.now() - 9 * 86_400_000),
      })
      await pg.raw(`UPDATE "order" SET created_at = now() - interval '8 days' WHERE id = ?`, [order.id])
      await handled("order.canceled", () => api.post(`/admin/orders/${order.id}/cancel`, {}, admin))

      expect(await settleReferrals(0)).toEqual({ paid: 1, void: 0, waiting: 0 })
      await referralOf(friend.holder.id, "paid")
      const bonuses = await walletPass().listWalletPassLedgerEntries({
        holder_id: [referrer.holder.id, friend.holder.id],
        kind: "program_bonus",
      })
      expect(bonuses.map((b) => [b.holder_id, b.metadata?.bonus, b.amount]).sort()).toEqual(
        [
          [referrer.holder.id, "referral", 5000],
          [friend.holder.id, "referred", 2000],
        ].sort()
      )
    })

    it("an order placed without an authorized payment (a draft order converted before it is paid) counts toward no level", async () => {
      await saveProgram(PROGRAM)
      const { customer, headers } = await signUp("+79996660018", "vera18@example.com")
      const address = {
        first_name: "Vera",
        last_name: "Petrova",
        address_1: "Hauptstr. 5",
        city: "Berlin",
        postal_code: "10115",
        country_code: store.countryCode,
      }
      const { data } = await api.post(
        "/admin/draft-orders",
        {
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          customer_id: customer.id,
          email: "vera18@example.com",
          items: [{ variant_id: store.variantId, quantity: 3 }],
          shipping_address: address,
          billing_address: address,
        },
        admin
      )
      await handled("order.placed", () =>
        api.post(`/admin/draft-orders/${data.draft_order.id}/convert-to-order`, {}, admin)
      )
      const { data: placed } = await api.get(`/admin/orders/${data.draft_order.id}`, admin)
      expect(placed.order.total).toBe(300) // Gold, were it counted
      expect(await walletPass().listWalletPassOrderSpends({ customer_id: customer.id })).toEqual([])
      expect(await holderOf(customer.id)).toMatchObject({ level: "Base" })

      // An order through checkout (its payment authorized) counts.
      await placeOrder(api, store, headers)
      await onLevel(customer.id, "Silver")
      expect(await walletPass().listWalletPassOrderSpends({ customer_id: customer.id })).toHaveLength(1)
    })

    it("the preview counts the moves a program would make; the history keeps every version", async () => {
      await saveProgram(PROGRAM)
      const { customer, headers } = await signUp("+79996660006", "vera6@example.com")
      await placeOrder(api, store, headers)
      await onLevel(customer.id, "Silver")

      const stricter = {
        ...PROGRAM,
        tiers: { ...PROGRAM.tiers, levels: [LEVELS[0], { ...LEVELS[1], threshold: 200 }] },
      }
      const preview = await api.post("/admin/wallet-pass/program/preview", stricter, admin)
      expect(preview.data.moved).toEqual({ total: 1, moves: [{ from: "Silver", to: "Base", count: 1 }] })
      expect((await api.get("/admin/wallet-pass/program", admin)).data.program.version).toBe(1)

      const saved = await saveProgram(stricter)
      expect(saved.data).toMatchObject({ program: { version: 2 }, moved: { total: 1 }, levels: { changed: 1 } })
      await onLevel(customer.id, "Base")
      const history = (await api.get("/admin/wallet-pass/program/history", admin)).data
      expect(history).toMatchObject({ count: 2 })
      expect(history.versions.map((v: any) => [v.version, v.moved?.total])).toEqual([
        [2, 1],
        [1, 0],
      ])
      // What each changed: version 2 of version 1, version 1 of the option's program.
      expect(history.versions.map((v: any) => v.changes)).toEqual([
        [
          { field: "threshold", level: "Silver", from: 100, to: 200 },
          { field: "levelRemoved", level: "Gold", from: null, to: null },
        ],
        [
          { field: "ratesOwner", from: "service", to: "program" },
          { field: "levelAdded", level: "Gold", from: null, to: null },
        ],
      ])
      // A page of one still compares its version with the one before it.
      const page = (await api.get("/admin/wallet-pass/program/history?limit=1&offset=0", admin)).data
      expect(page.versions.map((v: any) => [v.version, v.changes.length])).toEqual([[2, 2]])
      // A secret API key saved it here: no user, so its id (check:admin shows a user's email).
      expect(history.versions[0].actor).toMatch(/^apk_/)
    })
  },
})
