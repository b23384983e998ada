import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import walletPassCheck from "../../src/scripts/wallet-pass-check"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, TEST_PASSWORD } from "../support/hooks"
import { registerCustomer, type SeededStore, seedStore } from "../support/store"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(240_000)

// Issue 38, item 6's smaller points, from outside: what the body parser answers on the plugin's
// routes (docs/security.md, "Caching"), the card variables' reserved names at the admin's save
// (docs/program.md, "On the card") and the phones the setup check prints (docs/operations.md,
// "Checking the connection").

const APP_KEY = "edges-38-key"
// Built-in mode while the store expects hooks: the check's mode step lists the service's phones.
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "builtin", limits: "unlimited" })
const NO_STORE = "private, no-store"

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify({ perSecond: 50, perHour: 100_000 }),
    WALLET_PASS_HOOK_LOGIN: "svc",
    WALLET_PASS_HOOK_PASSWORD: "hook-pw-edges-38",
    WALLET_PASS_DISPATCHER_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: Record<string, string> }
    beforeAll(async () => {
      store = await seedStore(getContainer(), { itemPrice: 100, shippingPrice: 10, countryCode: "de" })
    })
    beforeEach(async () => {
      service.emulator.reset()
      admin = await createAdminHeaders(getContainer())
    })

    /** A raw body sent as is (axios would serialise an object), the answer whatever its status. */
    const send = (path: string, body: string, headers: Record<string, string>, contentType = "application/json") =>
      api
        .post(path, body, {
          headers: { ...headers, "content-type": contentType },
          transformRequest: [(d: unknown) => d],
        })
        .catch((e: any) => e.response)

    describe("the body parser's answers on the plugin's routes carry no-store and echo nothing", () => {
      const ECHO = "ECHO-me-38"

      it("invalid JSON to an admin route: 400 invalid_data, private, no-store, nothing of the body", async () => {
        const res = await send("/admin/wallet-pass/program", `{"tiers": ${ECHO}`, admin.headers)
        expect(res.status).toBe(400)
        expect(res.headers["cache-control"]).toBe(NO_STORE)
        expect(res.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect(JSON.stringify(res.data)).not.toContain(ECHO)
      })

      it("invalid JSON to a store route: 400 invalid_data, private, no-store, nothing of the body", async () => {
        const { headers } = await registerCustomer(api, store, {
          email: "body-38@example.com",
          password: TEST_PASSWORD,
          first_name: "Body",
        })
        const res = await send("/store/customers/me/wallet-pass/verification/confirm", `{"code": ${ECHO}}`, headers)
        expect(res.status).toBe(400)
        expect(res.headers["cache-control"]).toBe(NO_STORE)
        expect(res.data).toEqual({ type: "invalid_data", message: expect.any(String) })
        expect(JSON.stringify(res.data)).not.toContain(ECHO)
      })

      it("a body over the limit: 413, private, no-store, nothing of the body", async () => {
        const res = await send("/admin/wallet-pass/sync", JSON.stringify({ note: ECHO.repeat(20_000) }), admin.headers)
        expect(res.status).toBe(413)
        expect(res.headers["cache-control"]).toBe(NO_STORE)
        expect(res.data).toMatchObject({ message: expect.any(String) })
        expect(JSON.stringify(res.data)).not.toContain(ECHO)
      })

      it("a charset it cannot read: 415, private, no-store, the charset not echoed", async () => {
        const res = await send("/admin/wallet-pass/sync", "{}", admin.headers, `application/json; charset=${ECHO}`)
        expect(res.status).toBe(415)
        expect(res.headers["cache-control"]).toBe(NO_STORE)
        expect(JSON.stringify(res.data).toLowerCase()).not.toContain(ECHO.toLowerCase())
      })
    })

    describe("the admin's program save refuses reserved card variable names, naming the field", () => {
      async function saveWith(variables: string) {
        const { data } = await api.get("/admin/wallet-pass/program", admin)
        const program = JSON.stringify({ ...data.program.program, pass: { levelTemplates: {}, variables: {} } })
        // The variables spliced in as text: "__proto__" must arrive as the body's own key.
        const body = program.replace('"variables":{}', `"variables":${variables}`)
        return send("/admin/wallet-pass/program", body, admin.headers)
      }

      it.each([
        ['{"SMS": "promo"}', "pass.variables.SMS", "is a field of the service's request"],
        ['{"customerid": "promo"}', "pass.variables.customerid", "is a field of the service's request"],
        ['{"tier": "promo", "__proto__": "promo"}', "pass.variables.__proto__", "is reserved"],
        ['{"constructor": "promo"}', "pass.variables.constructor", "is reserved"],
      ])("%s: 400 naming %s", async (variables, field, why) => {
        const res = await saveWith(variables)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data" })
        expect(res.data.message).toContain(field)
        expect(res.data.message).toContain(why)
        const { data } = await api.get("/admin/wallet-pass/program", admin)
        expect(data.program).toMatchObject({ version: 0 })
      })

      it("a version saved before these names were refused still reads, without them", async () => {
        const { data } = await api.get("/admin/wallet-pass/program", admin)
        const variables = { Phone: "promo", constructor: "firstName", tier: "promo" }
        const old = { ...data.program.program, pass: { variables, levelTemplates: {} } }
        const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await knex.raw(
          `INSERT INTO wallet_pass_program_version (id, version, program, actor, moved)
           VALUES ('wpprog_edges38', 1, ?::jsonb, 'user_earlier', '{}'::jsonb)`,
          [JSON.stringify(old)]
        )
        const read = await api.get("/admin/wallet-pass/program", admin)
        expect(read.data.program).toMatchObject({ version: 1, source: "admin" })
        expect(read.data.program.program.pass.variables).toEqual({ tier: "promo" })
      })
    })

    describe("the setup check masks every phone it prints", () => {
      const PHONES = ["+79991830001", "+79991830002"]

      beforeEach(() => {
        for (const phone of PHONES) service.emulator.seedCustomer({ phone, name: "Stranger", installed: true })
        // Answers that differ from our reading: the check keeps them for support.
        service.emulator.injectFault({ kind: "add_field", path: "/crm/read_customers", field: "total" })
        service.emulator.injectFault({ kind: "add_field", path: "/crm/read_customer", field: "customer.extra" })
      })

      /** Nothing of a full phone: neither with its plus nor its bare digits. */
      const expectNoFullPhone = (text: string) => {
        for (const phone of PHONES) expect(text).not.toContain(phone.slice(1))
      }

      it("the admin's check answer: masked phones in its sentences, values and kept answers", async () => {
        const { data } = await api.post("/admin/wallet-pass/check", {}, admin)
        const step = (id: string) => data.check.steps.find((s: any) => s.id === id)
        expect(step("mode")).toMatchObject({ status: "fail", found_code: "mode_strangers" })
        expect(step("mode").found).toMatch(/\+79•+0[12]/)
        expect(step("customer")).toMatchObject({ found_code: "customer_differs", answer: expect.any(Object) })
        expect(step("customer").found_values.phone).toMatch(/^\+79•+0[12]$/)
        expect(step("customers").answer).toMatchObject({ customers: [expect.stringMatching(/•/), expect.any(String)] })
        expectNoFullPhone(JSON.stringify(data))
      })

      it("npx medusa-plugin-wallet-pass check: masked phones in what it prints", async () => {
        let printed = ""
        const write = jest.spyOn(process.stdout, "write").mockImplementation((chunk: any) => {
          printed += String(chunk)
          return true
        })
        const exitCode = process.exitCode
        try {
          await walletPassCheck({ container: getContainer(), args: [] } as any)
        } finally {
          write.mockRestore()
          process.exitCode = exitCode // the check fails here (mode): not this test run's exit code
        }
        expect(printed).toContain("mode: ")
        expect(printed).toMatch(/\+79•+0[12]/)
        expectNoFullPhone(printed)
      })
    })
  },
})
