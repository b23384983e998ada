import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { basicAuth, postHook, storeEnv, waitFor, waitForHolder, emulatedServiceBeforeStore } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"
import { modelServices } from "../support/model-services"

jest.setTimeout(120_000)

const APP_KEY = "admin-routes-app-key-never-shown"
const HOOKS = { login: "svc", password: "hook-pw-never-shown" }

// Started before the store boots: the store's options name its URL.
const service = emulatedServiceBeforeStore({
  appKey: APP_KEY,
  mode: "external_crm",
  limits: "unlimited",
  accountName: "Demo shop",
})

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: "advanced",
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
  }),
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const noSecrets = (body: unknown) => {
      const text = typeof body === "string" ? body : JSON.stringify(body)
      expect(text).not.toContain(APP_KEY)
      expect(text).not.toContain(HOOKS.password)
    }
    const op = (state: "failed" | "needs_review" | "done", method: "status" | "event_send" = "status") =>
      modelServices(walletPass()).walletPassOperationService.create({
        method,
        payload: {},
        dedupe_key: `test:${state}:${Math.random()}`,
        state,
        last_error: state === "done" ? null : "the service answered 500",
      })

    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
      service.emulator.reset()
      service.emulator.setWebhook({ url: `${api.defaults.baseURL}/hooks/wallet-pass`, ...HOOKS })
    })

    /** A customer who installed a pass (createCustomer hook through the real route). */
    async function installed(phone: string) {
      const { hook } = await service.emulator.install({ phone, name: "Olga" })
      expect(hook?.status).toBe(200)
      return (hook!.response as { customerId: string }).customerId
    }
    /** The request once it is in one of `states`. */
    const operationIn = (id: string, states: string[], what: string) =>
      waitFor(
        async () => {
          const [row] = await walletPass().listWalletPassOperations({ id })
          return states.includes(row.state) && row
        },
        what,
        15_000
      )
    const settled = (id: string) => operationIn(id, ["done", "failed", "needs_review", "resolved"], "request settled")

    it.each([
      ["get", "/admin/wallet-pass/status"],
      ["get", "/admin/wallet-pass/operations"],
      ["post", "/admin/wallet-pass/operations/wpop_x/retry"],
      ["post", "/admin/wallet-pass/operations/wpop_x/resolve"],
      ["get", "/admin/wallet-pass/hook-deliveries"],
      ["get", "/admin/wallet-pass/hook-refusals"],
      ["get", "/admin/wallet-pass/api-calls"],
    ])("%s %s requires an admin", async (method, url) => {
      const res = await (api as any)[method](url).catch((e: any) => e.response)
      expect(res.status).toBe(401)
    })

    it("status: the connection check goes through the queue and shows the account, never the key", async () => {
      const before = await api.get("/admin/wallet-pass/status", admin)
      expect(before.data.wallet_pass_status).toMatchObject({
        connection: null,
        service: { api_url: service.emulator.url, plan: "advanced", mode: "external_crm", dispatcher_enabled: true },
        rate: { per_second: 1, per_hour: 600 },
      })
      const checked = await api.get("/admin/wallet-pass/status?check=true", admin)
      expect(checked.data.wallet_pass_status.connection).toMatchObject({ ok: true, account: "Demo shop", error: null })
      expect(checked.data.wallet_pass_status.rate.used_last_hour).toBeGreaterThanOrEqual(1)
      expect(service.emulator.requests().map((r) => r.endpoint)).toContain("/status")
      noSecrets(checked.data)
    })

    it("status: bad query parameters answer 400", async () => {
      const res = await api.get("/admin/wallet-pass/status?check=maybe", admin).catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.type).toBe("invalid_data")
    })

    it("operations: listed by state; a bad state is a 400", async () => {
      const failed = await op("failed")
      await op("done")
      const res = await api.get("/admin/wallet-pass/operations?state=failed,needs_review", admin)
      expect(res.data.operations.map((o: any) => o.id)).toEqual([failed.id])
      expect(res.data.count).toBe(1)
      const bad = await api.get("/admin/wallet-pass/operations?state=lost", admin).catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("state must be a comma list")
    })

    it("retry puts a failed request back in the queue and the dispatcher sends it", async () => {
      const failed = await op("failed")
      const res = await api.post(`/admin/wallet-pass/operations/${failed.id}/retry`, { note: "key fixed" }, admin)
      expect(res.data.operation).toMatchObject({
        id: failed.id,
        state: "pending",
        result: { review_action: "retry", review_note: "key fixed" },
      })
      const done = await operationIn(failed.id, ["done"], "retried request sent")
      expect(done.attempts).toBe(1)
    })

    it("resolve closes a needs-review request; anything else is refused in Medusa's error shape", async () => {
      const review = await op("needs_review", "event_send")
      const res = await api.post(`/admin/wallet-pass/operations/${review.id}/resolve`, {}, admin)
      expect(res.data.operation.state).toBe("resolved")

      const done = await op("done")
      const notAllowed = await api
        .post(`/admin/wallet-pass/operations/${done.id}/resolve`, {}, admin)
        .catch((e: any) => e.response)
      expect(notAllowed.status).toBe(400)
      expect(notAllowed.data).toMatchObject({ type: "not_allowed", message: expect.stringContaining("is done") })
      const missing = await api
        .post(`/admin/wallet-pass/operations/wpop_missing/retry`, {}, admin)
        .catch((e: any) => e.response)
      expect(missing.status).toBe(404)
      const badBody = await api
        .post(`/admin/wallet-pass/operations/${review.id}/retry`, { note: 5 }, admin)
        .catch((e: any) => e.response)
      expect(badBody.status).toBe(400)
    })

    it("hook deliveries are listed newest first, without secrets", async () => {
      const baseUrl = api.defaults.baseURL
      await postHook(
        baseUrl,
        { method: "readBalance", customer: { phone: "+79990001111" } },
        { authorization: basicAuth(HOOKS.login, HOOKS.password) }
      )
      const res = await waitFor(async () => {
        const r = await api.get("/admin/wallet-pass/hook-deliveries?limit=5", admin)
        return r.data.count >= 1 && r
      }, "a logged delivery")
      expect(res.data.hook_deliveries[0]).toMatchObject({
        method: "readBalance",
        status_code: 400,
        outcome: "rejected",
      })
      noSecrets(res.data)
    })

    it("hook refusals (not authenticated) are listed per minute with samples, without secrets", async () => {
      const baseUrl = api.defaults.baseURL
      for (let i = 0; i < 7; i++) {
        await postHook(
          baseUrl,
          { method: "readBalance", customer: { phone: "+79990001111" } },
          { authorization: basicAuth(HOOKS.login, "guess") }
        )
      }
      const res = await waitFor(async () => {
        const r = await api.get("/admin/wallet-pass/hook-refusals", admin)
        return r.data.hook_refusals.reduce((sum: number, m: any) => sum + m.refused, 0) === 7 && r
      }, "7 refusals listed")
      expect(res.data.hook_refusals[0]).toMatchObject({
        minute: expect.any(String),
        samples: expect.arrayContaining([
          {
            at: expect.any(String),
            status: 401,
            reason: "invalid or missing HTTP Basic credentials",
            address: "127.0.0.1",
          },
        ]),
      })
      noSecrets(res.data)
      expect(JSON.stringify(res.data)).not.toContain("guess")
    })

    it("the redacted call log downloads as NDJSON for the service's support", async () => {
      await api.get("/admin/wallet-pass/status?check=true", admin)
      const res = await api.get("/admin/wallet-pass/api-calls", {
        ...admin,
        responseType: "text",
        transformResponse: (d: string) => d,
      })
      expect(res.headers["content-type"]).toContain("application/x-ndjson")
      expect(res.headers["content-disposition"]).toContain("attachment")
      const lines = String(res.data)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
      expect(lines.at(-1)).toMatchObject({ path: "/status", status: 200, outcome: "applied" })
      expect(lines.at(-1).request).toMatchObject({ app_key: expect.not.stringContaining(APP_KEY) })
      noSecrets(res.data)
      const bad = await api.get("/admin/wallet-pass/api-calls?since=yesterday", admin).catch((e: any) => e.response)
      expect(bad.status).toBe(400)
    })

    it("text the store cannot keep (NUL, an unpaired surrogate) is a 400 in Medusa's shape, never a 500", async () => {
      const customerId = await installed("+79993330009")
      const review = await op("needs_review", "event_send")
      const cases: [string, string, Record<string, unknown>, string][] = [
        [
          "push message",
          `/admin/customers/${customerId}/wallet-pass/push`,
          { type: "push", message: "Sale\u0000today" },
          "message",
        ],
        [
          "push message",
          `/admin/customers/${customerId}/wallet-pass/push`,
          { type: "push", message: "Sale \ud800" },
          "message",
        ],
        [
          "adjust reason",
          `/admin/customers/${customerId}/wallet-pass/adjust`,
          { amount: 5, reason: "why\u0000" },
          "reason",
        ],
        ["event name", `/admin/customers/${customerId}/wallet-pass/events`, { event: "visit\udfff" }, "event"],
        [
          "event value",
          `/admin/customers/${customerId}/wallet-pass/events`,
          { event: "visit", value: "\u0000" },
          "value",
        ],
        ["campaign name", "/admin/wallet-pass/campaigns", { message: "Hi", name: "\ud83d" }, "name"],
        ["campaign message", "/admin/wallet-pass/campaigns", { message: "Hi\u0000" }, "message"],
        ["review note", `/admin/wallet-pass/operations/${review.id}/retry`, { note: "fixed\u0000" }, "note"],
      ]
      const wrong: string[] = []
      for (const [label, url, body, field] of cases) {
        const res = await api.post(url, body, admin).catch((e: any) => e.response)
        const expected = new RegExp(`${field}.*(NUL character|unpaired surrogate)`)
        if (res.status !== 400 || res.data?.type !== "invalid_data" || !expected.test(res.data?.message)) {
          wrong.push(`${label}: ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`)
        }
      }
      expect(wrong).toEqual([])
      expect(await walletPass().listWalletPassOperations({ holder_id: { $ne: null } })).toEqual([])
      expect(await walletPass().listWalletPassLedgerEntries({ reason: { $like: "why%" } })).toEqual([])
    })

    it.each([
      ["get", "/admin/customers/%00/wallet-pass"],
      ["post", "/admin/customers/cus%00x/wallet-pass/refresh"],
      ["get", "/admin/orders/%00/wallet-pass"],
      ["post", "/admin/wallet-pass/operations/wpop%00/retry"],
      ["post", "/admin/wallet-pass/campaigns/%00/send"],
    ])("%s %s: an id the store cannot keep is a 400, never a 500", async (method, url) => {
      const res = await (api as any)
        [method](url, ...(method === "post" ? [{}, admin] : [admin]))
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringMatching(/^id contains/) })
    })

    it.each(["0000-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "+275760-09-13T00:00:00Z"])(
      "api-calls ?since=%s is a 400 naming the range, never a 500",
      async (since) => {
        const res = await api
          .get(`/admin/wallet-pass/api-calls?since=${encodeURIComponent(since)}`, admin)
          .catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining("since must be") })
      }
    )

    describe("customer actions", () => {
      it("refresh re-reads cards, install flags and invites from the service", async () => {
        const customerId = await installed("+79993330001")
        const res = await api.post(`/admin/customers/${customerId}/wallet-pass/refresh`, {}, admin)
        expect(res.status).toBe(202)
        expect(await settled(res.data.operation.id)).toMatchObject({ state: "done", method: "read_customer" })
        const pass = (await api.get(`/admin/customers/${customerId}/wallet-pass`, admin)).data.wallet_pass
        expect(pass.cards).toEqual([
          expect.objectContaining({ installed: true, installed_checked_at: expect.any(String) }),
        ])
      })

      it("a personal push goes alone, so no bound variable changes with it", async () => {
        const customerId = await installed("+79993330002")
        const res = await api.post(
          `/admin/customers/${customerId}/wallet-pass/push`,
          { type: "push", message: "Sale today" },
          admin
        )
        expect(await settled(res.data.operation.id)).toMatchObject({ state: "done" })
        const sent = service.emulator.requests().find((r) => r.endpoint.includes("user_create_or_update"))!
        expect(Object.keys(sent.body as object).sort()).toEqual(["app_key", "phone", "push"])
        expect(JSON.stringify(service.emulator.snapshot().pushes)).toContain("Sale today")
      })

      it("credit and debit with a reason go to the ledger and the service; a debit can't overdraw", async () => {
        const phone = "+79993330003"
        const customerId = await installed(phone)
        const credit = await api.post(
          `/admin/customers/${customerId}/wallet-pass/adjust`,
          { amount: 12.5, reason: "apology" },
          admin
        )
        expect(credit.data.ledger_entry_id).toMatch(/^wple_/)
        await waitFor(async () => service.emulator.getCustomer(phone)?.balance === 12.5, "service balance 12.5")
        const overdraw = await api
          .post(`/admin/customers/${customerId}/wallet-pass/adjust`, { amount: -100, reason: "oops" }, admin)
          .catch((e: any) => e.response)
        expect(overdraw.status).toBe(400)
        // In the balance currency, as the widget shows the balance (not in hundredths).
        expect(overdraw.data).toEqual({
          type: "not_allowed",
          message: "Insufficient bonus balance: 12.50 EUR available, 100.00 EUR requested",
        })
        const bad = await api
          .post(`/admin/customers/${customerId}/wallet-pass/adjust`, { amount: 0.001, reason: "x" }, admin)
          .catch((e: any) => e.response)
        expect(bad.status).toBe(400)
        const entries = await walletPass().listWalletPassLedgerEntries({ reason: ["apology", "oops"] })
        expect(entries.map((e) => [e.kind, e.amount, e.reason])).toEqual([["manual", 1250, "apology"]])
      })

      it("a credit that would take the balance beyond 21,474,836.47 is refused before anything is written", async () => {
        const customerId = await installed("+79993330010")
        const adjust = (amount: number) =>
          api
            .post(`/admin/customers/${customerId}/wallet-pass/adjust`, { amount, reason: "big" }, admin)
            .catch((e: any) => e.response)
        expect((await adjust(20_000_000)).status).toBe(200)
        const second = await adjust(20_000_000)
        expect(second.status).toBe(400)
        expect(second.data).toEqual({
          type: "invalid_data",
          message:
            "a credit of 20,000,000.00 EUR would take the balance to 40,000,000.00 EUR, beyond the largest balance the store keeps (21,474,836.47 EUR)",
        })
        expect(await walletPass().listWalletPassLedgerEntries({ reason: "big" })).toHaveLength(1)
      })

      it("a credit's amount must be a JSON number: text such as 10,50 and other mistakes are refused, each for its reason", async () => {
        const customerId = await installed("+79993330011")
        const cases: [unknown, string][] = [
          [
            "10,50",
            'amount must be a JSON number in the balance unit with "." before the decimals (e.g. 10.5), not the text "10,50"',
          ],
          [
            "10.50",
            'amount must be a JSON number in the balance unit with "." before the decimals (e.g. 10.5), not the text "10.50"',
          ],
          [0.001, "amount must have at most two decimals"],
          [10.000000001, "amount must have at most two decimals"],
          [1e20, "amount must be at most 20,000,000 in size"],
          [0, "amount must not be zero"],
          [null, "amount must be a number in the balance unit"],
        ]
        for (const [amount, message] of cases) {
          const res = await api
            .post(`/admin/customers/${customerId}/wallet-pass/adjust`, { amount, reason: "typo" }, admin)
            .catch((e: any) => e.response)
          expect({ amount, status: res.status, type: res.data.type, message: res.data.message }).toEqual({
            amount,
            status: 400,
            type: "invalid_data",
            message: `Invalid request: ${message}`,
          })
        }
        expect(await walletPass().listWalletPassLedgerEntries({ reason: "typo" })).toEqual([])
      })

      it("events: the value is checked, then event/send goes out", async () => {
        const customerId = await installed("+79993330004")
        const tooLong = await api
          .post(`/admin/customers/${customerId}/wallet-pass/events`, { event: "visit", value: "x".repeat(101) }, admin)
          .catch((e: any) => e.response)
        expect(tooLong.status).toBe(400)
        const res = await api.post(
          `/admin/customers/${customerId}/wallet-pass/events`,
          { event: "visit", value: "shop 1" },
          admin
        )
        expect(await settled(res.data.operation.id)).toMatchObject({ state: "done" })
        expect(service.emulator.snapshot().events).toEqual([
          expect.objectContaining({ event: "visit", value: "shop 1" }),
        ])
      })

      it("enrol now; a customer without a pass or without the install link option gets a clear error", async () => {
        const customer = await getContainer()
          .resolve(Modules.CUSTOMER)
          .createCustomers({ email: "late@example.com", phone: "+79993330005", first_name: "Late" })
        const noPass = await api
          .post(`/admin/customers/${customer.id}/wallet-pass/refresh`, {}, admin)
          .catch((e: any) => e.response)
        expect(noPass.status).toBe(404)
        const res = await api.post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
        expect(res.data.enrollment).toMatchObject({ created: true, state: "pending" })
        await waitFor(
          async () => service.emulator.getCustomer("+79993330005")?.remoteId === customer.id,
          "enrolled at the service"
        )
        const link = await api
          .post(`/admin/customers/${customer.id}/wallet-pass/install-link`, {}, admin)
          .catch((e: any) => e.response)
        expect(link.status).toBe(400)
        expect(link.data.message).toContain("installLink")
      })
    })

    it("campaigns: created at the service, then sent once", async () => {
      await installed("+79993330006")
      const early = await api.post(
        "/admin/wallet-pass/campaigns",
        { message: "Hello all", type: "push", name: "Autumn" },
        admin
      )
      expect(early.status).toBe(201)
      const id = early.data.campaign.id
      const tooSoon = await api.post(`/admin/wallet-pass/campaigns/${id}/send`, {}, admin).catch((e: any) => e.response)
      expect([202, 400]).toContain(tooSoon.status) // 400 unless the dispatcher already created it
      const created = await waitFor(async () => {
        const [c] = await walletPass().listWalletPassCampaigns({ id })
        return c.state !== "draft" && c
      }, "campaign created at the service")
      expect(created).toMatchObject({ state: "created", remote_uuid: expect.any(String) })
      if (tooSoon.status === 400) {
        const send = await api.post(`/admin/wallet-pass/campaigns/${id}/send`, {}, admin)
        expect(send.status).toBe(202)
      }
      await waitFor(
        async () => (await walletPass().listWalletPassCampaigns({ id }))[0].state === "sent",
        "campaign sent"
      )
      expect(service.emulator.snapshot().campaigns).toEqual([
        expect.objectContaining({ message: "Hello all", uuid: created.remote_uuid }),
      ])
      const list = await api.get("/admin/wallet-pass/campaigns", admin)
      expect(list.data.campaigns[0]).toMatchObject({ id, state: "sent" })
      const bad = await api
        .post("/admin/wallet-pass/campaigns", { message: "", type: "fax" }, admin)
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
    })

    it("bulk enrolment enrols existing customers with a phone after all other work, and can be repeated", async () => {
      const customers = getContainer().resolve(Modules.CUSTOMER)
      const [a, b] = await customers.createCustomers([
        { email: "bulk-a@example.com", phone: "+79994440001", first_name: "A" },
        { email: "bulk-b@example.com", phone: "+79994440002", first_name: "B" },
        { email: "bulk-c@example.com", first_name: "No phone" },
      ])
      const alreadyId = await installed("+79994440003")
      const res = await api.post("/admin/wallet-pass/enroll-all", {}, admin)
      expect(res.status).toBe(202)
      expect(res.data.run).toMatchObject({ enrolled: 2, already: 1 })
      const ops = await walletPass().listWalletPassOperations({ method: "user_create_or_update", priority: 30 })
      expect(ops).toHaveLength(2)
      await waitFor(
        async () => {
          const { data } = await api.get("/admin/wallet-pass/enroll-all", admin)
          return data.progress.enrolled === 2 && data.progress
        },
        "bulk enrolment sent",
        15_000
      )
      expect(service.emulator.getCustomer("+79994440001")?.remoteId).toBe(a.id)
      expect(service.emulator.getCustomer("+79994440002")?.remoteId).toBe(b.id)
      const again = await api.post("/admin/wallet-pass/enroll-all", {}, admin)
      expect(again.data.run).toMatchObject({ enrolled: 0, already: 3 })
      expect(alreadyId).toBeTruthy()
    })

    it("enrol now and bulk enrolment take a customer recorded without a phone once they have one", async () => {
      const customers = getContainer().resolve(Modules.CUSTOMER)
      const customer = await customers.createCustomers({ email: "nophone-admin@example.com", first_name: "Nina" })
      const noPhone = await api
        .post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
        .catch((e: any) => e.response)
      expect(noPhone.status).toBe(400)
      expect(noPhone.data.message).toBe(`Customer ${customer.id} cannot be enrolled: no phone`)
      const [recorded] = await walletPass().listWalletPassHolders({ customer_id: customer.id })
      expect(recorded).toMatchObject({ phone: null, enrollment_state: "not_enrolled_no_phone" })

      await customers.updateCustomers(customer.id, { phone: "+79994440011" }) // no event: only a bulk run finds it
      const run = await api.post("/admin/wallet-pass/enroll-all", {}, admin)
      expect(run.data.run).toMatchObject({ examined: 1, enrolled: 1, already: 0 })
      const holder = await waitForHolder(
        getContainer(),
        customer.id,
        (h) => h.enrollment_state === "enrolled",
        "enrolled"
      )
      expect(holder).toMatchObject({ id: recorded.id, phone: "+79994440011", enrollment_error: null })
      expect(service.emulator.getCustomer("+79994440011")?.remoteId).toBe(customer.id)
      const again = await api.post("/admin/wallet-pass/enroll-all", {}, admin)
      expect(again.data.run).toMatchObject({ enrolled: 0, already: 1 })
    })

    it("enrol now retries an enrolment the service refused", async () => {
      const customer = await getContainer()
        .resolve(Modules.CUSTOMER)
        .createCustomers({ email: "refused@example.com", phone: "+79994440012", first_name: "Rita" })
      // Refused three times (a 4xx is not retried beyond that): the enrolment fails for good.
      service.emulator.injectFault({ kind: "status", status: 400, path: "/crm/user_create_or_update", count: 3 })
      await api.post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
      const failed = await waitForHolder(
        getContainer(),
        customer.id,
        (h) => h.enrollment_state === "failed",
        "the enrolment failed",
        { timeoutMs: 45_000 }
      )
      expect(failed.enrollment_error).toContain("400")
      expect(service.emulator.getCustomer("+79994440012")).toBeUndefined()

      const res = await api.post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
      expect(res.data.enrollment).toMatchObject({
        holder_id: failed.id,
        created: false,
        reenrolled: true,
        state: "pending",
      })
      const holder = await waitForHolder(
        getContainer(),
        customer.id,
        (h) => h.enrollment_state === "enrolled",
        "enrolled"
      )
      expect(holder).toMatchObject({ enrollment_error: null, phone: "+79994440012" })
      expect(service.emulator.getCustomer("+79994440012")?.remoteId).toBe(customer.id)
      // Enrolled: asking again changes nothing and queues nothing.
      const repeat = await api.post(`/admin/customers/${customer.id}/wallet-pass/enroll`, {}, admin)
      expect(repeat.data.enrollment).toMatchObject({ reenrolled: false, state: "enrolled", operation_id: null })
    })

    it("bulk enrolment sees every customer once, across pages, even when they share one created_at (an import)", async () => {
      const customers = getContainer().resolve(Modules.CUSTOMER)
      const imported = await customers.createCustomers(
        Array.from({ length: 450 }, (_, i) => ({
          email: `import-${i}@example.com`,
          phone: `+7999555${String(i).padStart(4, "0")}`,
        }))
      )
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`UPDATE customer SET created_at = '2026-01-01T00:00:00Z' WHERE id = ANY(?)`, [imported.map((c) => c.id)])
      const res = await api.post("/admin/wallet-pass/enroll-all", {}, admin)
      expect(res.data.run).toMatchObject({ examined: 450, enrolled: 450, already: 0 })
      const holders = await walletPass().listWalletPassHolders(
        { customer_id: imported.map((c) => c.id) },
        { take: 1000 }
      )
      expect(new Set(holders.map((h) => h.customer_id)).size).toBe(450)
    })

    it("an order's bonus: 404 for an unknown order", async () => {
      const res = await api.get("/admin/orders/order_missing/wallet-pass", admin).catch((e: any) => e.response)
      expect(res.status).toBe(404)
    })
  },
})
