import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { type Reason, reason } from "../../src/lib/reasons"
import { createAdminHeaders } from "../support/admin"
import { storeEnv } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"
import { modelServices } from "../support/model-services"

jest.setTimeout(120_000)

const APP_KEY = "app-key-that-must-never-leak"

storeTestRunner({
  env: storeEnv({ WALLET_PASS_APP_KEY: APP_KEY, WALLET_PASS_CRM_KEY: "crm-key-that-must-never-leak" }),
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    let customerId: string

    beforeEach(async () => {
      const container = getContainer()
      admin = await createAdminHeaders(container)
      const customer = await container
        .resolve(Modules.CUSTOMER)
        .createCustomers({ email: "anna@example.com", phone: "+79991234567", first_name: "Anna" })
      customerId = customer.id
    })

    it("boots with the options from the environment", () => {
      expect(getContainer().resolve(WALLET_PASS_MODULE).getOptions()).toMatchObject({
        appKey: APP_KEY,
        hooks: { crmKey: "crm-key-that-must-never-leak" },
      })
    })

    it("requires an admin", async () => {
      const res = await api.get(`/admin/customers/${customerId}/wallet-pass`).catch((e: any) => e.response)
      expect(res.status).toBe(401)
    })

    it("answers 404 in Medusa's error shape for an unknown customer", async () => {
      const res = await api.get(`/admin/customers/cus_missing/wallet-pass`, admin).catch((e: any) => e.response)
      expect(res.status).toBe(404)
      expect(res.data).toMatchObject({ type: "not_found", message: expect.stringContaining("cus_missing") })
    })

    it("shows a clear empty state for a customer without a pass", async () => {
      const res = await api.get(`/admin/customers/${customerId}/wallet-pass`, admin)
      expect(res.status).toBe(200)
      expect(res.data).toEqual({
        wallet_pass: null,
        pass_elsewhere: null,
        expiring: [],
        // One status: never enrolled, the merchant's way out is to enrol (docs/operations.md, "One status").
        status: { state: "no_pass", next: "merchant", merchant: ["enroll"], shopper: [] },
        opening_balance: null,
        program_bonus_percent: 0,
        // No order of theirs waits as pending bonus (docs/loyalty.md, "Pending bonus").
        pending: null,
        // Enrolment is offered (the customer has a phone); requests about a pass are not.
        actions: {
          enroll: true,
          refresh: false,
          push: false,
          adjust: false,
          install_link: false,
          blocked: "no_pass",
          phone_problem: null,
        },
      })
    })

    it("shows the holder, cards, balance in the balance unit, percents and recent ledger", async () => {
      const walletPass = getContainer().resolve(WALLET_PASS_MODULE)
      const holder = await walletPass.createWalletPassHolders({
        phone: "+79991234567",
        customer_id: customerId,
        enrollment_state: "enrolled",
        bonus_percent_bp: 500,
        discount_percent_bp: 250,
        card_url: "https://wallet.example/ios/abc",
      })
      await walletPass.createWalletPassCards({ number: "100001", holder_id: holder.id, installed: true })
      await walletPass.applyLedgerEntry({
        holder_id: holder.id,
        amount: 12345,
        kind: "accrual",
        dedupe_key: "order:o1:accrual",
        order_id: "order_o1",
      })
      await walletPass.applyLedgerEntry({
        holder_id: holder.id,
        amount: -2345,
        kind: "service_debit",
        dedupe_key: "hook:t1",
        transaction_id: "t1",
      })

      const res = await api.get(`/admin/customers/${customerId}/wallet-pass`, admin)
      expect(res.status).toBe(200)
      const pass = res.data.wallet_pass
      expect(pass).toMatchObject({
        holder: { id: holder.id, phone: "+79991234567", enrollment_state: "enrolled" },
        cards: [{ number: "100001", installed: true }],
        balance: 100,
        bonus_percent: 5,
        discount_percent: 2.5,
        links: { ios: "https://wallet.example/ios/abc", android: null, form: null },
        pending_operations: [],
      })
      expect(pass.ledger.map((e: any) => [e.kind, e.amount])).toEqual([
        ["service_debit", -23.45],
        ["accrual", 123.45],
      ])
      expect(JSON.stringify(res.data)).not.toContain("must-never-leak")
    })

    it("keeps the plugin's reasons as codes with their values and answers them so; rows from before codes read the same", async () => {
      const walletPass = getContainer().resolve(WALLET_PASS_MODULE)
      const holder = await walletPass.createWalletPassHolders({
        phone: "+79991234567",
        customer_id: customerId,
        enrollment_state: "enrolled",
      })
      const entry = (kind: "accrual" | "manual" | "redemption", amount: number, key: string, why: Reason | string) =>
        walletPass.applyLedgerEntry({ holder_id: holder.id, amount, kind, dedupe_key: key, reason: why })
      await entry("accrual", 500, "k1", reason("accrual", { percent: 7.5, order: 1042 }))
      await entry("manual", 100, "k2", "goodwill after the late delivery")
      // Written before codes, outside reasons.ts: English text in `reason`.
      await entry("redemption", -200, "k3", "bonus paid for order #2")
      const stored = await walletPass.listWalletPassLedgerEntries(
        { holder_id: holder.id },
        { order: { created_at: "ASC" }, select: ["reason", "reason_code", "reason_values"] }
      )
      expect(stored.map((e) => [e.reason, e.reason_code, e.reason_values])).toEqual([
        [null, "accrual", { percent: 7.5, order: 1042 }],
        ["goodwill after the late delivery", null, null],
        ["bonus paid for order #2", null, null],
      ])

      const { data } = await api.get(`/admin/customers/${customerId}/wallet-pass/ledger`, admin)
      expect(data.ledger.map((e: any) => [e.reason, e.reason_code, e.reason_values])).toEqual([
        ["bonus paid for order #2", "redemption_order", { order: "2" }],
        ["goodwill after the late delivery", null, null],
        ["bonus 7.5% for order #1042", "accrual", { percent: 7.5, order: 1042 }],
      ])

      // A store event skipped, with its value's parts: the admin words both in its language.
      await walletPass.createWalletPassStoreEvents({
        name: "order.placed",
        key: "purchase",
        dedupe_key: "order.placed:order_1",
        entity_id: "order_1",
        customer_id: customerId,
        holder_id: holder.id,
        value: "#2 96.00 EUR",
        value_code: "order_total",
        value_values: { order: "2", amount: 96, currency: "eur" },
        state: "skipped",
        reason_code: "event_not_enrolled",
        reason_values: {},
      })
      const events = await api.get(`/admin/customers/${customerId}/wallet-pass/store-events`, admin)
      expect(events.data.store_events).toMatchObject([
        {
          value: "#2 96.00 EUR",
          value_code: "order_total",
          value_values: { order: "2", amount: 96, currency: "eur" },
          reason: "the customer's pass is not enrolled",
          reason_code: "event_not_enrolled",
        },
      ])
    })

    it("the migrations made the idempotency guards real database constraints", async () => {
      const walletPass = getContainer().resolve(WALLET_PASS_MODULE)
      const holder = await walletPass.createWalletPassHolders({ phone: "+79990000009" })
      const input = { holder_id: holder.id, amount: 100, kind: "manual" as const, dedupe_key: "k" }
      // A plain insert (the model's own service: the facade refuses it) that skips the module's
      // checks is stopped by the database itself.
      const entries = modelServices(walletPass).walletPassLedgerEntryService
      await entries.create({ ...input, balance_after: 100 })
      await expect(entries.create({ ...input, balance_after: 200 })).rejects.toThrow()
      await expect(entries.create({ ...input, dedupe_key: "zero", amount: 0, balance_after: 0 })).rejects.toThrow()
    })
  },
})
