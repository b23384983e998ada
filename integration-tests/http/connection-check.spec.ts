import { type EmulatorOptions, startEmulator } from "../../src/emulator"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// "Check the connection" (docs/operations.md) against the emulated service: passes when the
// service is what the options say, and names the failing step for each way it is not. The
// store's options stay; the service changes (restarted on the same port, faults, webhook).

const APP_KEY = "check-key-31"
const HOOKS = { login: "svc", password: "hook-pw-check" }
const STORE_PLAN = { perSecond: 5, perHour: 1000 }
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: "unlimited" })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(STORE_PLAN),
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_DISPATCHER_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const webhook = (password = HOOKS.password) => ({
      url: `${api.defaults.baseURL}/hooks/wallet-pass`,
      login: HOOKS.login,
      password,
    })
    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
    })

    async function restart(options: Partial<EmulatorOptions>) {
      const port = service.emulator.port
      await service.emulator.close()
      service.emulator = await startEmulator({
        appKey: APP_KEY,
        port,
        mode: "external_crm",
        limits: "unlimited",
        ...options,
      })
    }
    async function check() {
      const callsBefore = (await walletPass().listWalletPassApiCalls({}, { select: ["id"] })).length
      const { data } = await api.post("/admin/wallet-pass/check", {}, admin)
      const calls = await walletPass().listWalletPassApiCalls({}, { select: ["id", "path", "operation_id"] })
      // Every request it spent went through the rate gate: a row of the request log each.
      expect(calls.length - callsBefore).toBe(data.check.requests.length)
      expect(data.check.requests.length).toBeLessThanOrEqual(5)
      return data.check as { ok: boolean; failed_step: string | null; steps: any[]; requests: any[] }
    }
    const step = (result: { steps: any[] }, id: string) => result.steps.find((s) => s.id === id)

    it("a service in built-in mode (installed passes, no hook ever) fails the mode step", async () => {
      await restart({ mode: "builtin" })
      service.emulator.seedCustomer({ phone: "+79991800001", name: "Built", installed: true })
      const result = await check()
      expect(result).toMatchObject({ ok: false, failed_step: "mode" })
      expect(step(result, "key").status).toBe("ok")
      expect(step(result, "mode").todo).toContain("external CRM")
    })

    it("a wrong key fails the key step and spends one request", async () => {
      await restart({ appKey: "another-account-key" })
      const result = await check()
      expect(result).toMatchObject({ ok: false, failed_step: "key" })
      expect(step(result, "key").todo).toContain("appKey")
      // Said as codes and values for the admin's language; the service's words kept as its value.
      expect(step(result, "key")).toMatchObject({
        found_code: "key_refused",
        found_values: { status: 401, error: expect.stringContaining("/status") },
        todo_code: "key_todo_copy",
        todo_values: {},
      })
      expect(result.requests).toEqual([expect.objectContaining({ path: "/status", status: 401 })])
    })

    it("passes against the service in external-CRM mode, with at most 5 requests, each counted", async () => {
      await restart({ webhook: webhook() })
      const installed = await service.emulator.install({ phone: "+79991800002", name: "Anna" })
      expect(installed.hook?.status).toBe(200)
      const result = await check()
      expect(result.steps.filter((s) => s.status === "fail")).toEqual([])
      expect(result).toMatchObject({ ok: true, failed_step: null })
      expect(result.requests.map((r) => r.path)).toEqual(["/status", "/crm/read_customers", "/crm/read_customer"])
      expect(step(result, "hooks").found).toContain("createCustomer")
      expect(step(result, "hooks")).toMatchObject({
        found_code: "hooks_facts",
        found_values: {
          auth: { code: "hooks_auth_basic", values: {} },
          last: { code: "hooks_last", values: { method: "createCustomer", outcome: "ok", status: 200 } },
        },
      })
      expect(step(result, "customers")).toMatchObject({ found_code: "customers_ok", found_values: { phones: 1 } })
      expect(step(result, "customer")).toMatchObject({
        found_code: "customer_ok",
        found_values: { phone: "+79•••••••02" }, // masked: the check shows no full phone
        todo: null,
        todo_code: null,
        todo_values: null,
      })
      expect(step(result, "clock").status).toBe("ok")
    })

    it("an answer with a missing field fails the customer step, naming it and keeping the answer", async () => {
      // The store's data is emptied after each test: the pass is installed again.
      await restart({ webhook: webhook() })
      await service.emulator.install({ phone: "+79991800002", name: "Anna" })
      service.emulator.injectFault({ kind: "omit_field", path: "/crm/read_customer", field: "customer.phone" })
      service.emulator.injectFault({ kind: "add_field", path: "/crm/read_customers", field: "total" })
      const result = await check()
      expect([result.failed_step, step(result, "mode")]).toEqual([
        "customer",
        expect.objectContaining({ status: "ok" }),
      ])
      expect(step(result, "customer").missing_fields.join(" ")).toContain("phone")
      expect(step(result, "customer").answer.customer).toMatchObject({ name: "Anna" })
      expect(step(result, "customers")).toMatchObject({ status: "warn", unknown_fields: ["total"] })
    })

    it("hooks sent with the wrong password fail the hooks step", async () => {
      await restart({ webhook: webhook() })
      await service.emulator.install({ phone: "+79991800002", name: "Anna" })
      service.emulator.setWebhook(webhook("not-the-password"))
      const refused = await service.emulator.install({ phone: "+79991800003", name: "Ivan" })
      expect(refused.hook?.status).toBe(401)
      const result = await check()
      expect(result).toMatchObject({ ok: false, failed_step: "hooks" })
      expect(step(result, "hooks").todo).toContain("credential")
      expect(step(result, "hooks")).toMatchObject({
        found_code: "hooks_refused",
        found_values: { status: 401, facts: { code: "hooks_facts" } },
        todo_code: "hooks_todo_credential",
      })
    })

    it("a plan set higher than the service allows fails the plan step", async () => {
      await restart({ limits: { perSecond: 1, perHour: 60 }, webhook: webhook() }) // the basic plan
      await service.emulator.install({ phone: "+79991800004", name: "Olga" })
      const result = await check()
      expect(result).toMatchObject({ ok: false, failed_step: "plan" })
      expect(result.requests.some((r) => r.status === 429)).toBe(true)
      expect(step(result, "plan").todo).toContain("plan option")
      expect(step(result, "plan")).toMatchObject({
        found_code: "plan_limited",
        found_values: { per_second: STORE_PLAN.perSecond, per_hour: STORE_PLAN.perHour },
        todo_code: "plan_todo",
      })
    })
  },
})
