import { Modules } from "@medusajs/framework/utils"
import { operationKeys, WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { holdBackgroundWork } from "../../src/utils/background-work"
import { createAdminHeaders } from "../support/admin"
import { storeEnv } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"
import { modelServices } from "../support/model-services"

jest.setTimeout(120_000)

/**
 * The admin's lists (docs/routes.md): the request log and the hook log filtered by method,
 * state and phone and paged in SQL, the customer's whole ledger, what the customer widget may
 * offer, the service's latest answer on the status, a campaign's audience and its row while
 * it is being sent. Bad filters are 400s in Medusa's shape.
 */
storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: "admin-lists-key",
    WALLET_PASS_PLAN: "advanced",
    WALLET_PASS_CURRENCY_CODE: "eur",
  }),
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const customers = () => getContainer().resolve(Modules.CUSTOMER)
    const get = (url: string) => api.get(url, admin).catch((e: any) => e.response)

    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
    })

    /** A store customer with a pass the service knows. */
    async function customerWithPass(phone: string, name: string, state: "enrolled" | "failed" = "enrolled") {
      const customer = await customers().createCustomers({
        email: `${name.toLowerCase()}@example.com`,
        phone,
        first_name: name,
        last_name: "Petrova",
      })
      const holder = await walletPass().createWalletPassHolders({
        phone,
        customer_id: customer.id,
        enrollment_state: state,
        adoption_state: "new",
        name: "profile-name",
      })
      return { customer, holder }
    }

    /** A request in a state the dispatcher leaves alone. */
    const operation = (
      holderId: string | null,
      method: "status" | "user_create_or_update" | "event_send" | "balance_add" | "read_customer",
      state: "failed" | "needs_review" | "done" | "resolved",
      payload: Record<string, unknown> = {},
      extra: Record<string, unknown> = {}
    ) =>
      modelServices(walletPass()).walletPassOperationService.create({
        method,
        holder_id: holderId,
        payload,
        dedupe_key: `test:${Math.random()}`,
        state,
        last_error: state === "failed" || state === "needs_review" ? "the service answered 500: try later" : null,
        ...extra,
      })

    describe("the request log", () => {
      it("names the customer and what each request is about", async () => {
        const { customer, holder } = await customerWithPass("+79990001001", "Anna")
        const credit = await walletPass().applyLedgerEntry({
          holder_id: holder.id,
          amount: 2550,
          kind: "manual",
          dedupe_key: "manual:test:1",
        })
        const add = await operation(holder.id, "balance_add", "needs_review", {}, { ledger_entry_id: credit.entry.id })
        const push = await operation(holder.id, "user_create_or_update", "failed", {
          type: "push",
          push_type: "push",
          message: "Sale tomorrow",
        })
        const sync = await operation(holder.id, "user_create_or_update", "failed", { type: "balance_sync" })
        await walletPass().createWalletPassApiCalls({
          operation_id: sync.id,
          path: "/user/create_or_update",
          status: 500,
          outcome: "ambiguous",
          duration_ms: 5,
          request: { phone: "+79990001001", balance: 120 },
          started_at: new Date(),
        })

        const res = await get("/admin/wallet-pass/operations?state=failed,needs_review")
        expect(res.status).toBe(200)
        expect(res.data.count).toBe(3)
        const byId = new Map(res.data.operations.map((o: any) => [o.id, o]))
        const person = { id: customer.id, name: "Anna Petrova", email: "anna@example.com", phone: "+79990001001" }
        expect(byId.get(add.id)).toMatchObject({ customer: person, subject: { amount: 25.5 } })
        expect(byId.get(push.id)).toMatchObject({
          customer: person,
          subject: { type: "push", message: "Sale tomorrow" },
          last_error: "the service answered 500: try later",
        })
        expect(byId.get(sync.id)).toMatchObject({ subject: { type: "balance_sync", balance: 120 } })
      })

      it("filters by state, method, kind, customer and phone, in any combination", async () => {
        const anna = await customerWithPass("+79990001001", "Anna")
        const boris = await customerWithPass("+79990002002", "Boris")
        const annaPush = await operation(anna.holder.id, "user_create_or_update", "done", {
          type: "push",
          message: "a",
        })
        const annaRead = await operation(anna.holder.id, "read_customer", "failed")
        const borisPush = await operation(boris.holder.id, "user_create_or_update", "failed", {
          type: "push",
          message: "b",
        })
        const status = await operation(null, "status", "done")
        const ids = async (query: string) => {
          const res = await get(`/admin/wallet-pass/operations?${query}`)
          expect(res.status).toBe(200)
          expect(res.data.count).toBe(res.data.operations.length)
          return res.data.operations.map((o: any) => o.id).sort()
        }
        expect(await ids("state=failed")).toEqual([annaRead.id, borisPush.id].sort())
        expect(await ids("method=status")).toEqual([status.id])
        expect(await ids("method=read_customer,status")).toEqual([annaRead.id, status.id].sort())
        expect(await ids("type=push")).toEqual([annaPush.id, borisPush.id].sort())
        expect(await ids(`customer_id=${anna.customer.id}`)).toEqual([annaPush.id, annaRead.id].sort())
        expect(await ids(`customer_id=${anna.customer.id}&type=push`)).toEqual([annaPush.id])
        // The last digits, the whole number as written in the store's country, or with "+".
        expect(await ids("phone=2002")).toEqual([borisPush.id])
        expect(await ids(`phone=${encodeURIComponent("8 (999) 000-10-01")}`)).toEqual([annaPush.id, annaRead.id].sort())
        expect(await ids(`phone=${encodeURIComponent("+7 999 000 20 02")}&state=failed`)).toEqual([borisPush.id])
        expect(await ids("phone=555")).toEqual([])
      })

      it("pages: the count is of every match, the page has at most `limit`", async () => {
        for (let i = 0; i < 23; i++) await operation(null, "status", "done")
        const first = await get("/admin/wallet-pass/operations?limit=20")
        expect(first.data).toMatchObject({ count: 23, limit: 20, offset: 0 })
        expect(first.data.operations).toHaveLength(20)
        const second = await get("/admin/wallet-pass/operations?limit=20&offset=20")
        expect(second.data.operations).toHaveLength(3)
        const all = [...first.data.operations, ...second.data.operations].map((o: any) => o.id)
        expect(new Set(all).size).toBe(23)
      })

      it("sorts by date or state either way, for the whole log and one customer's, paging the result", async () => {
        const anna = await customerWithPass("+79990001001", "Anna")
        const boris = await customerWithPass("+79990002002", "Boris")
        // States out of the order of the dates: a sort by state differs from one by date.
        const at = (minutes: number) => ({ created_at: new Date(Date.UTC(2026, 10, 1, 10, minutes)) })
        const a1 = await operation(anna.holder.id, "read_customer", "needs_review", {}, at(1))
        const a2 = await operation(anna.holder.id, "read_customer", "done", {}, at(2))
        const b3 = await operation(boris.holder.id, "read_customer", "failed", {}, at(3))
        const a4 = await operation(anna.holder.id, "read_customer", "failed", {}, at(4))
        const ids = async (query: string) => {
          const res = await get(`/admin/wallet-pass/operations?${query}`)
          expect(res.status).toBe(200)
          return { count: res.data.count, ids: res.data.operations.map((o: any) => o.id) }
        }
        expect(await ids("")).toEqual({ count: 4, ids: [a4.id, b3.id, a2.id, a1.id] })
        expect(await ids("order=-created_at")).toEqual({ count: 4, ids: [a4.id, b3.id, a2.id, a1.id] })
        expect(await ids("order=created_at")).toEqual({ count: 4, ids: [a1.id, a2.id, b3.id, a4.id] })
        expect(await ids("order=created_at&limit=2&offset=1")).toEqual({ count: 4, ids: [a2.id, b3.id] })
        // done < failed < needs_review; equal states by date the same way.
        expect(await ids("order=state")).toEqual({ count: 4, ids: [a2.id, b3.id, a4.id, a1.id] })
        expect(await ids("order=-state")).toEqual({ count: 4, ids: [a1.id, a4.id, b3.id, a2.id] })
        expect(await ids(`customer_id=${anna.customer.id}&order=created_at`)).toEqual({
          count: 3,
          ids: [a1.id, a2.id, a4.id],
        })
        expect(await ids(`customer_id=${anna.customer.id}&state=failed,done&order=-state`)).toEqual({
          count: 2,
          ids: [a4.id, a2.id],
        })
      })

      it.each([
        ["order=amount", "order must be one of created_at, -created_at, state, -state; got amount"],
        ["order=-method", "order must be one of created_at, -created_at, state, -state"],
        ["method=push_everything", "method must be a comma list"],
        ["state=lost", "state must be a comma list"],
        ["type=bonus", "type must be a comma list"],
        ["phone=abc", "phone must be a phone number"],
        ["phone=12", "phone must be a phone number"],
        ["customer_id=cus%20x", "customer_id must be a customer id"],
        ["limit=0", "limit"],
        ["limit=201", "limit"],
        ["offset=-1", "offset"],
        ["sort=created_at", "sort"],
      ])("refuses ?%s with a 400 naming it", async (query, message) => {
        const res = await get(`/admin/wallet-pass/operations?${query}`)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining(message) })
      })
    })

    describe("the hook log", () => {
      const delivery = (method: string | null, outcome: string, phone: string | null) =>
        walletPass().createWalletPassHookDeliveries({
          method,
          phone,
          status_code: outcome === "ok" ? 200 : 400,
          outcome: outcome as any,
          duration_ms: 3,
        })

      it("filters by method (unknown: none of the service's), outcome and phone, and pages", async () => {
        const add = await delivery("addBalance", "ok", "+79990001001")
        const conflict = await delivery("addBalance", "conflict", "+79990001001")
        const read = await delivery("readBalance", "ok", "+79990002002")
        const odd = await delivery("deleteEverything", "rejected", null)
        const none = await delivery(null, "rejected", null)
        const ids = async (query: string) => {
          const res = await get(`/admin/wallet-pass/hook-deliveries?${query}`)
          expect(res.status).toBe(200)
          return res.data.hook_deliveries.map((d: any) => d.id).sort()
        }
        expect(await ids("method=addBalance")).toEqual([add.id, conflict.id].sort())
        expect(await ids("outcome=conflict")).toEqual([conflict.id])
        expect(await ids("method=unknown")).toEqual([odd.id, none.id].sort())
        expect(await ids("phone=2002")).toEqual([read.id])
        expect(await ids("method=addBalance&outcome=ok&phone=1001")).toEqual([add.id])

        const page = await get("/admin/wallet-pass/hook-deliveries?limit=2&offset=4")
        expect(page.data).toMatchObject({ count: 5, limit: 2, offset: 4 })
        expect(page.data.hook_deliveries).toHaveLength(1)
      })

      it("sorts by date, newest or oldest first", async () => {
        const first = await delivery("addBalance", "ok", "+79990001001")
        const second = await delivery("readBalance", "ok", "+79990001001")
        const third = await delivery("addBalance", "conflict", "+79990001001")
        const ids = async (query: string) => {
          const res = await get(`/admin/wallet-pass/hook-deliveries?${query}`)
          expect(res.status).toBe(200)
          return res.data.hook_deliveries.map((d: any) => d.id)
        }
        expect(await ids("")).toEqual([third.id, second.id, first.id])
        expect(await ids("order=created_at")).toEqual([first.id, second.id, third.id])
        expect(await ids("order=created_at&method=addBalance")).toEqual([first.id, third.id])
        expect(await ids("order=-created_at&limit=1&offset=1")).toEqual([second.id])
      })

      it.each([
        ["method=createOrder", "method must be a comma list"],
        ["outcome=maybe", "outcome must be a comma list"],
        ["phone=%2B7", "phone must be a phone number"],
        ["limit=abc", "limit"],
        ["order=outcome", "order must be one of created_at, -created_at; got outcome"],
      ])("refuses ?%s with a 400", async (query, message) => {
        const res = await get(`/admin/wallet-pass/hook-deliveries?${query}`)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining(message) })
      })
    })

    describe("the customer's pass", () => {
      it("pages the whole ledger, newest first, with a credit's expiry and what is left of it", async () => {
        const { customer, holder } = await customerWithPass("+79990001001", "Anna")
        for (let i = 1; i <= 24; i++) {
          await walletPass().applyLedgerEntry({
            holder_id: holder.id,
            amount: i * 100,
            kind: "manual",
            dedupe_key: `m${i}`,
          })
        }
        await walletPass().applyLedgerEntry({
          holder_id: holder.id,
          amount: 500,
          kind: "service_credit",
          dedupe_key: "hook:lifetime",
          transaction_id: "lifetime",
          lifetime_seconds: 30 * 86400,
        })
        const first = await get(`/admin/customers/${customer.id}/wallet-pass/ledger?limit=10`)
        expect(first.status).toBe(200)
        expect(first.data).toMatchObject({ count: 25, limit: 10, offset: 0 })
        expect(first.data.ledger[0]).toMatchObject({
          kind: "service_credit",
          amount: 5,
          remaining: 5,
          expires_at: expect.any(String),
          expired_at: null,
          balance_after: 305,
        })
        const last = await get(`/admin/customers/${customer.id}/wallet-pass/ledger?limit=10&offset=20`)
        expect(last.data.ledger.map((e: any) => e.amount)).toEqual([5, 4, 3, 2, 1])

        const pass = await get(`/admin/customers/${customer.id}/wallet-pass`)
        expect(pass.data.expiring).toEqual([{ amount: 5, expires_at: first.data.ledger[0].expires_at }])
      })

      it("sorts the ledger by date or amount either way and filters it by kind, paging the result", async () => {
        const { customer, holder } = await customerWithPass("+79990001001", "Anna")
        // Amounts out of the order of their dates: a sort by amount differs from one by date.
        for (const [i, amount] of [300, 100, 500, 200, 400].entries()) {
          await walletPass().applyLedgerEntry({ holder_id: holder.id, amount, kind: "manual", dedupe_key: `m${i}` })
        }
        await walletPass().applyLedgerEntry({
          holder_id: holder.id,
          amount: 50,
          kind: "service_credit",
          dedupe_key: "hook:credit",
          transaction_id: "credit",
        })
        const amounts = async (query: string) => {
          const res = await get(`/admin/customers/${customer.id}/wallet-pass/ledger?${query}`)
          expect(res.status).toBe(200)
          return { count: res.data.count, amounts: res.data.ledger.map((e: any) => e.amount) }
        }
        expect(await amounts("order=created_at")).toEqual({ count: 6, amounts: [3, 1, 5, 2, 4, 0.5] })
        expect(await amounts("order=-created_at")).toEqual({ count: 6, amounts: [0.5, 4, 2, 5, 1, 3] })
        expect(await amounts("order=-amount&limit=2&offset=1")).toEqual({ count: 6, amounts: [4, 3] })
        expect(await amounts("order=amount&kind=manual")).toEqual({ count: 5, amounts: [1, 2, 3, 4, 5] })
        expect(await amounts("kind=service_credit,accrual")).toEqual({ count: 1, amounts: [0.5] })
      })

      it.each([
        ["ledger", "order=balance", "order must be one of created_at, -created_at, amount, -amount"],
        ["ledger", "kind=gift", "kind must be a comma list of"],
        ["store-events", "order=-amount", "order must be one of created_at, -created_at"],
        ["store-events", "state=sent", "state must be a comma list of queued, skipped"],
      ])("refuses the %s's ?%s with Medusa's 400", async (list, query, message) => {
        const { customer } = await customerWithPass("+79990001001", "Anna")
        const res = await get(`/admin/customers/${customer.id}/wallet-pass/${list}?${query}`)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining(message) })
      })

      it("pages the store events sent or skipped for the customer, newest first", async () => {
        const { customer, holder } = await customerWithPass("+79990001001", "Anna")
        const other = await customerWithPass("+79990002002", "Boris")
        // One at a time: each later than the one before (newest first is by creation).
        for (let i = 0; i < 12; i++) {
          await walletPass().createWalletPassStoreEvents({
            name: "order.placed",
            key: "purchase",
            dedupe_key: `order.placed:order_${i}`,
            entity_id: `order_${i}`,
            holder_id: holder.id,
            customer_id: customer.id,
            value: `#${i} 10.00 EUR`,
            state: i === 0 ? "skipped" : "queued",
            reason: i === 0 ? "the customer's pass is not enrolled" : null,
          })
        }
        // Another customer's event is not theirs.
        await walletPass().createWalletPassStoreEvents({
          name: "birthday",
          key: "birthday",
          dedupe_key: "birthday:boris",
          entity_id: other.holder.id,
          holder_id: other.holder.id,
          value: "Boris",
          state: "queued",
        })
        const first = await get(`/admin/customers/${customer.id}/wallet-pass/store-events?limit=10`)
        expect(first.status).toBe(200)
        expect(first.data).toMatchObject({ count: 12, limit: 10, offset: 0 })
        expect(first.data.store_events[0]).toMatchObject({
          event: "order.placed",
          key: "purchase",
          value: "#11 10.00 EUR",
        })
        const last = await get(`/admin/customers/${customer.id}/wallet-pass/store-events?limit=10&offset=10`)
        expect(last.data.store_events.map((e: any) => e.value)).toEqual(["#1 10.00 EUR", "#0 10.00 EUR"])
        expect(last.data.store_events[1]).toMatchObject({
          state: "skipped",
          reason: "the customer's pass is not enrolled",
        })
        const oldest = await get(`/admin/customers/${customer.id}/wallet-pass/store-events?order=created_at&limit=2`)
        expect(oldest.data.store_events.map((e: any) => e.value)).toEqual(["#0 10.00 EUR", "#1 10.00 EUR"])
        const skipped = await get(`/admin/customers/${customer.id}/wallet-pass/store-events?state=skipped`)
        expect(skipped.data).toMatchObject({ count: 1, store_events: [{ value: "#0 10.00 EUR" }] })
        const nobody = await customers().createCustomers({ email: "nopass-events@example.com" })
        expect((await get(`/admin/customers/${nobody.id}/wallet-pass/store-events`)).status).toBe(404)
        expect((await get(`/admin/customers/${customer.id}/wallet-pass/store-events?offset=-1`)).status).toBe(400)
      })

      it("answers 404 for a customer without a pass and 400 for a bad page", async () => {
        const customer = await customers().createCustomers({ email: "nopass@example.com" })
        const none = await get(`/admin/customers/${customer.id}/wallet-pass/ledger`)
        expect(none.status).toBe(404)
        expect(none.data.message).toBe("This customer has no wallet pass")
        expect((await get(`/admin/customers/cus_missing/wallet-pass/ledger`)).status).toBe(404)
        expect((await get(`/admin/customers/${customer.id}/wallet-pass/ledger?limit=-5`)).status).toBe(400)
      })

      it("offers only what the service can act on, and says why not", async () => {
        const noPass = await customers().createCustomers({ email: "a@example.com", phone: "+79990003003" })
        const noPhone = await customers().createCustomers({ email: "b@example.com" })
        await walletPass().createWalletPassHolders({
          customer_id: noPhone.id,
          enrollment_state: "not_enrolled_no_phone",
        })
        const failed = await customerWithPass("+79990004004", "Fail", "failed")
        const enrolled = await customerWithPass("+79990005005", "Vera")
        const actions = async (id: string) => (await get(`/admin/customers/${id}/wallet-pass`)).data.actions
        expect(await actions(noPass.id)).toEqual({
          enroll: true,
          refresh: false,
          push: false,
          adjust: false,
          install_link: false,
          blocked: "no_pass",
          phone_problem: null,
        })
        expect(await actions(noPhone.id)).toMatchObject({
          enroll: false,
          push: false,
          adjust: false,
          blocked: "no_phone",
        })
        expect(await actions(failed.customer.id)).toMatchObject({
          enroll: true,
          refresh: false,
          push: false,
          adjust: false,
          blocked: "enrollment_failed",
        })
        // No installLink option in this store: nothing to resend.
        expect(await actions(enrolled.customer.id)).toEqual({
          enroll: false,
          refresh: true,
          push: true,
          adjust: true,
          install_link: false,
          blocked: null,
          phone_problem: null,
        })
      })
    })

    describe("the Wallet pass page", () => {
      it("status: the latest request the service answered shows the connection, with its method", async () => {
        const before = await get("/admin/wallet-pass/status")
        expect(before.data.wallet_pass_status).toMatchObject({ last_answer: null, currency_code: "eur" })
        const { holder } = await customerWithPass("+79990001001", "Anna")
        const push = await operation(holder.id, "user_create_or_update", "done", { type: "push", message: "x" })
        const call = (status: number | null, at: Date, operation_id: string | null = push.id) =>
          walletPass().createWalletPassApiCalls({
            operation_id,
            path: "/user/create_or_update",
            status,
            outcome: status === null ? "ambiguous" : status < 300 ? "applied" : "not_applied",
            duration_ms: 5,
            started_at: at,
          })
        await call(200, new Date(Date.now() - 60_000))
        // A timeout is no answer: the one before it still tells.
        await call(null, new Date())
        const ok = await get("/admin/wallet-pass/status")
        expect(ok.data.wallet_pass_status.last_answer).toMatchObject({
          method: "user_create_or_update",
          type: "push",
          status: 200,
          ok: true,
        })
        await call(401, new Date(Date.now() + 1000), null)
        const refused = await get("/admin/wallet-pass/status")
        expect(refused.data.wallet_pass_status.last_answer).toMatchObject({ method: null, status: 401, ok: false })
      })

      it("campaigns: the audience counts the cards a campaign would reach", async () => {
        const a = await customerWithPass("+79990001001", "Anna")
        const b = await customerWithPass("+79990002002", "Boris")
        const noPhone = await walletPass().createWalletPassHolders({ enrollment_state: "not_enrolled_no_phone" })
        await walletPass().createWalletPassCards([
          { number: "1", holder_id: a.holder.id, installed: true },
          { number: "2", holder_id: a.holder.id, installed: true },
          { number: "3", holder_id: b.holder.id, installed: false },
          { number: "4", holder_id: b.holder.id, installed: null },
          { number: "5", holder_id: noPhone.id, installed: true },
        ])
        const res = await get("/admin/wallet-pass/campaigns/audience")
        expect(res.data).toEqual({ audience: { installed: 2, unchecked: 1, holders: 1 } })
      })

      it("campaigns: a campaign whose send is queued shows as sending", async () => {
        const release = await holdBackgroundWork({ waitMs: 5_000 })
        try {
          const campaign = await walletPass().createWalletPassCampaigns({
            message: "Spring sale",
            state: "created",
            remote_uuid: "c0ffee00-0000-4000-8000-000000000001",
          })
          const listed = async () => (await get("/admin/wallet-pass/campaigns")).data.campaigns[0].state
          expect(await listed()).toBe("created")
          await modelServices(walletPass()).walletPassOperationService.create({
            method: "push_send",
            payload: { campaign_id: campaign.id },
            dedupe_key: operationKeys.campaignSend(campaign.id),
            state: "pending",
          })
          expect(await listed()).toBe("sending")
        } finally {
          release()
        }
      })
    })
  },
})
