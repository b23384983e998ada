import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// "Check the connection" (docs/operations.md) for a store in built-in mode (no hooks option)
// in front of a service keeping its own base: it passes, reading one installed pass.

const APP_KEY = "check-builtin-key"
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "builtin", limits: "unlimited" })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: "basic",
    WALLET_PASS_DISPATCHER_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    it("passes in built-in mode, with its requests in the request log", async () => {
      expect(getContainer().resolve(WALLET_PASS_MODULE).getOptions().hooks).toBeUndefined()
      service.emulator.seedCustomer({ phone: "+79991810001", name: "Built", installed: true })
      const admin = await createAdminHeaders(getContainer())
      const { data } = await api.post("/admin/wallet-pass/check", {}, admin)
      expect(data.check.steps.filter((s: { status: string }) => s.status === "fail")).toEqual([])
      expect(data.check).toMatchObject({ ok: true, failed_step: null })
      expect(data.check.steps.find((s: { id: string }) => s.id === "mode").found).toContain("built-in")
      expect(data.check.steps.find((s: { id: string }) => s.id === "mode")).toMatchObject({
        found_code: "mode_builtin",
        found_values: {},
      })
      expect(data.check.requests.map((r: { path: string }) => r.path)).toEqual([
        "/status",
        "/crm/read_customers",
        "/crm/read_customer",
      ])
      const calls = await getContainer().resolve(WALLET_PASS_MODULE).listWalletPassApiCalls({ operation_id: null })
      expect(calls.map((c) => c.path).sort()).toEqual(["/crm/read_customer", "/crm/read_customers", "/status"])
    })
  },
})
