import { TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { startEmulator, WalletPassEmulator } from "../../src/emulator"
import expireWalletPassCredits from "../../src/jobs/expire-wallet-pass-credits"
import { createAdminHeaders } from "../support/admin"
import {
  externalCrmService,
  FAST_PLAN,
  holderOperations,
  requestsAnswered,
  signUpEnrolled,
  waitFor,
} from "../support/hooks"
import { createCart, placeOrder, registerCustomer, shipAndReturn } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { modelServices } from "../support/model-services"

jest.setTimeout(180_000)

const APP_KEY = "purchase-flow-key"

const { service, env, storeInFront } = externalCrmService(APP_KEY, {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_INSTALL_FORM_URL: "https://forms.example/card",
  WALLET_PASS_INSTALL_SMS: "Your loyalty card: %link%",
})

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass, hookUp } = storeInFront(
      { api, getContainer },
      { seed: { itemPrice: 33.33, shippingPrice: 10 }, resetEachTest: true }
    )

    const holderOf = async (customerId: string) =>
      (await walletPass().listWalletPassHolders({ customer_id: customerId }, { relations: ["cards"] }))[0]
    const operationsOf = (holderId: string) => holderOperations(getContainer(), holderId)
    /** Every request of the holder settled, and at least one of `method` among them (events are async). */
    const allDone = (holderId: string, method = "balance_add") => requestsAnswered(getContainer(), holderId, method)
    const ledgerMatchesEmulator = async (holderId: string, phone: string) => {
      const ledger = (await walletPass().getBalance(holderId)) / 100
      return service.emulator.getCustomer(phone)?.balance === ledger && ledger
    }

    const signUpAndEnroll = (phone: string, email: string) =>
      signUpEnrolled(api, store, getContainer(), { email, phone, first_name: "Anna" }, { relations: ["cards"] })

    it("signup with a phone enrols the customer: card number and links are stored; the unproven phone is not texted", async () => {
      const { customer, holder } = await signUpAndEnroll("8 999 555-00-01", "anna1@example.com")
      expect(holder).toMatchObject({ phone: "+79995550001", source: "signup", customer_id: customer.id })
      expect(holder.card_url).toMatch(/^http/)
      expect(holder.card_gpay_url).toMatch(/^http/)
      expect(holder.form_url).toContain("https://forms.example/card")
      expect(holder.user_hash).toBeTruthy()
      expect(holder.cards).toHaveLength(1)
      const atService = service.emulator.getCustomer("+79995550001")!
      expect(atService).toMatchObject({ name: "Anna", remoteId: customer.id })
      // A store signup's phone is only a claim: its enrolment texts no install link (docs/security.md).
      expect(service.emulator.snapshot().sms).toEqual([])
    })

    it("signup without a phone is recorded as not enrolled and sends nothing", async () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const done = TestEventUtils.waitSubscribersExecution("customer.created", eventBus)
      const { customer } = await registerCustomer(api, store, { email: "nophone@example.com", password: "pw-123456" })
      await done
      const holder = await holderOf(customer.id)
      expect(holder).toMatchObject({
        phone: null,
        enrollment_state: "not_enrolled_no_phone",
        enrollment_error: "no phone",
      })
      expect(await operationsOf(holder.id)).toEqual([])
      expect(service.emulator.requests().filter((r) => r.endpoint.includes("user_create_or_update"))).toEqual([])
    })

    it("a customer who signed up without a phone is enrolled once they add one, with their new name", async () => {
      const { customer, headers } = await registerCustomer(
        api,
        store,
        { email: "latephone@example.com", password: "pw-123456", first_name: "Vera" },
        { container: getContainer() }
      )
      expect(await holderOf(customer.id)).toMatchObject({ enrollment_state: "not_enrolled_no_phone" })

      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const updated = TestEventUtils.waitSubscribersExecution("customer.updated", eventBus)
      await api.post("/store/customers/me", { phone: "8 999 555-00-09", first_name: "Vera-Maria" }, { headers })
      await updated
      // The dispatcher records the answer's effects (enrolled) before it marks the request done.
      const holder = await waitFor(
        async () => {
          const h = await holderOf(customer.id)
          if (h?.enrollment_state !== "enrolled") return false
          const sent = await operationsOf(h.id)
          return sent.length > 0 && sent.every((o) => o.state === "done") && h
        },
        "enrolment after the phone was added",
        15_000
      )
      expect(holder).toMatchObject({ phone: "+79995550009", enrollment_error: null, name: "Vera-Maria" })
      // The read that adopts what the service holds, then one enrolment: the profile change coalesced into it.
      const ops = await operationsOf(holder.id)
      expect(ops.map((o) => [o.method, o.payload.type, o.state])).toEqual([
        ["read_customer", "adopt", "done"],
        ["user_create_or_update", "enroll", "done"],
      ])
      expect(service.emulator.getCustomer("+79995550009")).toMatchObject({ name: "Vera-Maria", remoteId: customer.id })

      // A later change of anything else does not enrol them again.
      const again = TestEventUtils.waitSubscribersExecution("customer.updated", eventBus)
      await api.post("/store/customers/me", { last_name: "Ivanova" }, { headers })
      await again
      const after = await waitFor(
        async () => {
          const list = await operationsOf(holder.id)
          return list.length === 3 && list.every((o) => o.state === "done") && list
        },
        "the profile update sent",
        15_000
      )
      expect(after[2].payload.type).toBe("profile")
    })

    it("an enrolment whose answer was lost is sent again without its text, and the store still gets the card", async () => {
      service.emulator.injectFault({ kind: "drop_after_apply", path: "/crm/user_create_or_update" })
      // A customer the admin makes (its phone is the admin's, so its enrolment texts the link).
      const admin = await createAdminHeaders(getContainer())
      const { data } = await api.post(
        "/admin/customers",
        { email: "lost@example.com", phone: "+79995550030", first_name: "Lost" },
        admin
      )
      const holder = await waitFor(
        async () => {
          const h = await holderOf(data.customer.id)
          return h && h.cards.length > 0 && (await allDone(h.id, "read_customer")) && h
        },
        "enrolment with its card",
        30_000
      )
      const atService = service.emulator.getCustomer("+79995550030")!
      expect(holder.cards.map((c) => c.number)).toEqual(atService.cards.map((c) => c.number))
      // Two enrolment requests reached the service; the customer got one text.
      expect(
        service.emulator.requests().filter((r) => r.endpoint === "/crm/user_create_or_update" && r.applied)
      ).toHaveLength(2)
      expect(service.emulator.snapshot().sms.filter((m) => m.phone === "+79995550030")).toHaveLength(1)
    })

    it("an order credits its bonus exactly once, even when order.placed arrives three times", async () => {
      const { headers, holder } = await signUpAndEnroll("+79995550002", "anna2@example.com")
      const order = await placeOrder(api, store, headers)

      // 5% of 33.33 (items, no shipping, no tax) = 1.6665 -> rounded down to 1.66.
      await waitFor(() => allDone(holder.id), "accrual sent", 15_000)
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      for (let i = 0; i < 2; i++) {
        const handled = TestEventUtils.waitSubscribersExecution("order.placed", eventBus)
        await eventBus.emit({ name: "order.placed", data: { id: order.id } })
        await handled
      }
      const entries = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id })
      expect(entries.map((e) => [e.kind, e.amount, e.order_id])).toEqual([["accrual", 166, order.id]])
      expect(await waitFor(() => ledgerMatchesEmulator(holder.id, "+79995550002"), "emulator = ledger")).toBe(1.66)
      expect(service.emulator.requests().filter((r) => r.endpoint.includes("balance/add"))).toHaveLength(1)
    })

    it("cancel reverses the bonus once and the service.emulator follows", async () => {
      const { headers, holder } = await signUpAndEnroll("+79995550003", "anna3@example.com")
      const order = await placeOrder(api, store, headers)
      await waitFor(async () => (await walletPass().getBalance(holder.id)) === 166 && allDone(holder.id), "accrual")

      const admin = await createAdminHeaders(getContainer())
      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin)
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const handled = TestEventUtils.waitSubscribersExecution("order.canceled", eventBus)
      await eventBus.emit({ name: "order.canceled", data: { id: order.id } }) // a duplicate delivery
      await handled

      await waitFor(() => allDone(holder.id, "balance_deduct"), "reversal sent", 15_000)
      const entries = await walletPass().listWalletPassLedgerEntries(
        { holder_id: holder.id },
        { order: { created_at: "ASC" } }
      )
      expect(entries.map((e) => [e.kind, e.amount])).toEqual([
        ["accrual", 166],
        ["accrual_reversal", -166],
      ])
      await waitFor(
        async () => service.emulator.getCustomer("+79995550003")?.balance === 0,
        "service.emulator balance 0"
      )

      // The order widget's data: credited, reversed, and each entry's request.
      const { data } = await api.get(`/admin/orders/${order.id}/wallet-pass`, admin)
      expect(data.wallet_pass).toMatchObject({ credited: 1.66, reversed: 1.66, redeemed: 0, redemption_refunded: 0 })
      expect(
        data.wallet_pass.entries.map((e: any) => [e.kind, e.amount, e.operation?.method, e.operation?.state])
      ).toEqual([
        ["accrual", 1.66, "balance_add", "done"],
        ["accrual_reversal", -1.66, "balance_deduct", "done"],
      ])
    })

    it("a return takes back the returned share once; a cancel afterwards takes the rest", async () => {
      const { headers, holder } = await signUpAndEnroll("+79995550004", "anna4@example.com")
      const cart = await createCart(api, store, headers, { quantity: 3 })
      const order = await placeOrder(api, store, headers, cart.id)
      // 5% of 3 x 33.33 = 4.9995 -> 4.99
      await waitFor(async () => (await walletPass().getBalance(holder.id)) === 499 && allDone(holder.id), "accrual")

      const admin = await createAdminHeaders(getContainer())
      // A return as the admin dashboard makes it: request one item back, then receive it.
      const ret = await shipAndReturn(api, getContainer(), store, admin, order)
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const again = TestEventUtils.waitSubscribersExecution("order.return_received", eventBus)
      await eventBus.emit({ name: "order.return_received", data: { order_id: order.id, return_id: ret.id } })
      await again
      await waitFor(() => allDone(holder.id, "balance_deduct"), "return reversal sent", 15_000)
      // A third of the items' value: floor(4.99 x 33.33 / 99.99) = 1.66
      let entries = await walletPass().listWalletPassLedgerEntries(
        { holder_id: holder.id },
        { order: { created_at: "ASC" } }
      )
      expect(entries.map((e) => [e.kind, e.amount])).toEqual([
        ["accrual", 499],
        ["accrual_reversal", -166],
      ])

      await api.post(`/admin/orders/${order.id}/cancel`, {}, admin).catch((e: any) => e.response)
      const canceled = TestEventUtils.waitSubscribersExecution("order.canceled", eventBus)
      await eventBus.emit({ name: "order.canceled", data: { id: order.id } })
      await canceled
      await waitFor(
        async () => (await walletPass().getBalance(holder.id)) === 0 && allDone(holder.id, "balance_deduct"),
        "cancel reversal"
      )
      entries = await walletPass().listWalletPassLedgerEntries(
        { holder_id: holder.id },
        { order: { created_at: "ASC" } }
      )
      expect(entries.map((e) => e.amount)).toEqual([499, -166, -333])
      await waitFor(
        async () => service.emulator.getCustomer("+79995550004")?.balance === 0,
        "service.emulator balance 0"
      )
    })

    it("refunds take back the refunded share of what was paid, each refund once", async () => {
      const { headers, holder } = await signUpAndEnroll("+79995550005", "anna5@example.com")
      const cart = await createCart(api, store, headers, { quantity: 3 })
      const order = await placeOrder(api, store, headers, cart.id)
      await waitFor(async () => (await walletPass().getBalance(holder.id)) === 499 && allDone(holder.id), "accrual")

      const admin = await createAdminHeaders(getContainer())
      const { data } = await api.get(`/admin/orders/${order.id}?fields=*payment_collections.payments`, admin)
      const paymentId = data.order.payment_collections[0].payments[0].id
      await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)

      // 33.33 of 109.99 paid: floor(4.99 x 3333 / 10999) = 1.51
      let refunded = TestEventUtils.waitSubscribersExecution("payment.refunded", eventBus)
      await api.post(`/admin/payments/${paymentId}/refund`, { amount: 33.33 }, admin)
      await refunded
      refunded = TestEventUtils.waitSubscribersExecution("payment.refunded", eventBus)
      await eventBus.emit({ name: "payment.refunded", data: { id: paymentId } }) // delivered again
      await refunded
      const amounts = async () =>
        (
          await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id }, { order: { created_at: "ASC" } })
        ).map((e) => e.amount)
      expect(await amounts()).toEqual([499, -151])

      refunded = TestEventUtils.waitSubscribersExecution("payment.refunded", eventBus)
      await api.post(`/admin/payments/${paymentId}/refund`, { amount: 76.66 }, admin)
      await refunded
      expect(await amounts()).toEqual([499, -151, -348])
      await waitFor(() => allDone(holder.id, "balance_deduct"), "reversals sent", 15_000)
      await waitFor(
        async () => service.emulator.getCustomer("+79995550005")?.balance === 0,
        "service.emulator balance 0"
      )
    })

    it("a customer's name change follows to the service", async () => {
      const { headers, holder } = await signUpAndEnroll("+79995550006", "anna6@example.com")
      await api.post("/store/customers/me", { first_name: "Anya", last_name: "Ivanova" }, { headers })
      await waitFor(
        async () => {
          const atService = service.emulator.getCustomer("+79995550006")
          return atService?.name === "Anya" && atService.surname === "Ivanova"
        },
        "profile at the service",
        15_000
      )
      expect(await walletPass().retrieveWalletPassHolder(holder.id)).toMatchObject({ name: "Anya", surname: "Ivanova" })
    })

    it("a lapsed service credit expires and the service is told the new balance", async () => {
      const phone = "+79995550007"
      const { holder } = await signUpAndEnroll(phone, "anna7@example.com")
      await service.emulator.adjustBalance({ phone, sum: 20, lifetime: 1 }) // addBalance hook with a 1-day lifetime
      const [credit] = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "service_credit" })
      expect(credit).toMatchObject({ amount: 2000, remaining: 2000 })
      expect(service.emulator.getCustomer(phone)?.balance).toBe(20)

      await modelServices(walletPass()).walletPassLedgerEntryService.update({
        id: credit.id,
        expires_at: new Date(Date.now() - 1000),
      })
      await expireWalletPassCredits(getContainer())
      await waitFor(
        async () => service.emulator.getCustomer(phone)?.balance === 0,
        "service balance 0 after expiry",
        15_000
      )
      const kinds = (
        await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id }, { order: { created_at: "ASC" } })
      ).map((e) => [e.kind, e.amount])
      expect(kinds).toEqual([
        ["service_credit", 2000],
        ["expiry", -2000],
      ])
    })

    describe("faults, each ending with the emulator's balance equal to the ledger", () => {
      async function orderWithFault(
        phone: string,
        email: string,
        fault: Parameters<WalletPassEmulator["injectFault"]>[0]
      ) {
        const { headers, holder } = await signUpAndEnroll(phone, email)
        service.emulator.injectFault(fault)
        await placeOrder(api, store, headers)
        await waitFor(() => allDone(holder.id), "operations settled", 30_000)
        expect(await waitFor(() => ledgerMatchesEmulator(holder.id, phone), "emulator = ledger", 10_000)).toBe(1.66)
        const entries = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id })
        expect(entries).toHaveLength(1)
        return { holder, ops: await operationsOf(holder.id) }
      }

      it("5xx without applying: unknown, no echo, then an absolute balance set", async () => {
        const { ops } = await orderWithFault("+79995550010", "f1@example.com", {
          kind: "status",
          status: 500,
          path: "/crm/balance/add",
        })
        const add = ops.find((o) => o.method === "balance_add")!
        expect(add).toMatchObject({
          state: "resolved",
          result: expect.objectContaining({ resolution: "balance_sync" }),
        })
        expect(ops.find((o) => o.payload.type === "balance_sync")).toMatchObject({ state: "done" })
      })

      it("applied, then the connection dropped: the echo proves it, nothing is sent again", async () => {
        const { ops } = await orderWithFault("+79995550011", "f2@example.com", {
          kind: "drop_after_apply",
          path: "/crm/balance/add",
        })
        const add = ops.find((o) => o.method === "balance_add")!
        expect(add.state).toBe("resolved")
        expect(add.result).toMatchObject({ echo_transaction_id: expect.any(String) })
        expect(service.emulator.requests().filter((r) => r.endpoint.includes("balance/add"))).toHaveLength(1)
      })

      it("a 5xx on the absolute balance set too: sent again only after the echo grace, even when the service answers others", async () => {
        // The balance/add fails (unknown, then resolved by an absolute set), and so does the
        // set's first attempt. That one may still land at the service, with the balance of
        // its time: sent again at once, it could land after the second and after the
        // holder's later changes, and put the old balance back.
        const phone = "+79995550015"
        const { headers, holder } = await signUpAndEnroll(phone, "f6@example.com")
        service.emulator.injectFault({ kind: "status", status: 500, path: "/crm/balance/add" })
        service.emulator.injectFault({ kind: "status", status: 500, path: "/crm/user_create_or_update" })
        await placeOrder(api, store, headers)
        const failed = await waitFor(
          async () => {
            const sync = (await operationsOf(holder.id)).find((o) => o.payload.type === "balance_sync")
            return sync?.attempts === 1 && sync.state === "pending" && sync
          },
          "the balance set failed once",
          30_000
        )
        expect(failed.result).toMatchObject({ retry: "service", not_before: expect.any(String) })
        // A good answer now releases requests backing off after service trouble, not this one.
        const status = await api.get("/admin/wallet-pass/status?check=true", await createAdminHeaders(getContainer()))
        expect(status.data.wallet_pass_status.connection).toMatchObject({ ok: true })
        await waitFor(() => allDone(holder.id), "operations settled", 30_000)
        expect(await waitFor(() => ledgerMatchesEmulator(holder.id, phone), "emulator = ledger", 10_000)).toBe(1.66)

        const sets = service.emulator
          .requests()
          .filter((r) => r.endpoint.includes("user_create_or_update") && r.receivedAt > failed.created_at.getTime())
        expect(sets.map((r) => r.status)).toEqual([500, 200])
        // The grace is 2 s here (WALLET_PASS_ECHO_GRACE_SECONDS); the status check came right after the failure.
        expect(sets[1].receivedAt - sets[0].receivedAt).toBeGreaterThanOrEqual(2000)
      })

      /** An order placed while the service is down: its balance/add refused once; `back()` restarts the service. */
      async function orderDuringOutage(phone: string, email: string) {
        const { headers, holder } = await signUpAndEnroll(phone, email)
        const port = service.emulator.port
        const customer = service.emulator.getCustomer(phone)!
        await service.emulator.close()
        await placeOrder(api, store, headers)
        const refused = await waitFor(
          async () => {
            const add = (await operationsOf(holder.id)).find((o) => o.method === "balance_add")
            return add?.state === "pending" && add.attempts === 1 && add
          },
          "a refused attempt",
          15_000
        )
        const back = async () => {
          service.emulator = await startEmulator({ appKey: APP_KEY, port, mode: "external_crm", limits: FAST_PLAN })
          service.emulator.seedCustomer({ phone, name: "Anna", balance: customer.balance })
          hookUp()
        }
        return { holder, refused, back }
      }

      it("connection refused: not applied, retried after a backoff until the service is back", async () => {
        const phone = "+79995550013"
        const { holder, refused, back } = await orderDuringOutage(phone, "f4@example.com")
        expect(refused.last_error).toBeTruthy()
        await back()
        await waitFor(() => allDone(holder.id), "sent once the service is back", 30_000)
        expect(await waitFor(() => ledgerMatchesEmulator(holder.id, phone), "emulator = ledger")).toBe(1.66)
        expect((await operationsOf(holder.id)).find((o) => o.method === "balance_add")).toMatchObject({
          state: "done",
          attempts: 2,
        })
      })

      it("after an outage the first good answer releases the backed-off requests: the queue does not wait out its backoffs", async () => {
        const phone = "+79995550014"
        const { holder, refused, back } = await orderDuringOutage(phone, "f5@example.com")
        expect(refused.result).toMatchObject({ retry: "service", service_failures: 1 })
        // As after several failures in a long outage: the next try is far off.
        await getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(`UPDATE wallet_pass_operation SET next_attempt_at = now() + interval '1 hour' WHERE id = ?`, [
            refused.id,
          ])
        await back()
        // Any good answer does it; here the admin's connection check.
        const status = await api.get("/admin/wallet-pass/status?check=true", await createAdminHeaders(getContainer()))
        expect(status.data.wallet_pass_status.connection).toMatchObject({ ok: true })
        await waitFor(() => allDone(holder.id), "sent right after the service answered", 15_000)
        expect(await waitFor(() => ledgerMatchesEmulator(holder.id, phone), "emulator = ledger")).toBe(1.66)
      })

      it("429 with Retry-After: the gate waits, then the request goes through once", async () => {
        const { ops } = await orderWithFault("+79995550012", "f3@example.com", {
          kind: "rate_limit",
          retryAfterSeconds: 2,
          path: "/crm/balance/add",
        })
        expect(ops.find((o) => o.method === "balance_add")).toMatchObject({ state: "done", attempts: 2 })
        const adds = service.emulator.requests().filter((r) => r.endpoint.includes("balance/add"))
        expect(adds.map((r) => r.status)).toEqual([429, 200])
        expect(adds[1].receivedAt - adds[0].receivedAt).toBeGreaterThanOrEqual(2000)
      })
    })
  },
})
