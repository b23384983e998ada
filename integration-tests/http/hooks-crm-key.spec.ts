import { basicAuth, emulatedServiceHooking, postHook, postHookFrom, storeEnv, writtenCounts } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

const CRM_KEY = "crm-key-never-logged"

// crm_key mode, hooks accepted only from 127.0.0.1 (checked on the socket address).
storeTestRunner({
  env: storeEnv({ WALLET_PASS_CRM_KEY: CRM_KEY, WALLET_PASS_HOOK_ALLOWED_IP: "127.0.0.1" }),
  testSuite: ({ api, getContainer }) => {
    let baseUrl: string

    beforeAll(() => {
      baseUrl = api.defaults.baseURL.replace("localhost", "127.0.0.1")
    })
    const service = emulatedServiceHooking(() => baseUrl, { crmKey: CRM_KEY })

    it("accepts the service's crm_key hooks (empty Basic login, key as password and in the body)", async () => {
      const { hook } = await service.emulator.install({ phone: "+79992220001", name: "Vera" })
      expect(hook).toMatchObject({ auth: "crm_key", status: 200, response: { customerId: expect.any(String) } })
      const { hooks } = await service.emulator.refresh({ phone: "+79992220001" })
      expect(hooks[0]).toMatchObject({ status: 200, response: { success: true, balance: 0 } })
    })

    it("accepts the key in the body alone or in the Basic header alone", async () => {
      await service.emulator.install({ phone: "+79992220002" })
      const body = { method: "readBalance", customer: { phone: "+79992220002", cardNumbers: [] } }
      expect((await postHook(baseUrl, { ...body, crm_key: CRM_KEY })).status).toBe(200)
      expect((await postHook(baseUrl, body, { authorization: basicAuth("", CRM_KEY) })).status).toBe(200)
    })

    it("refuses a wrong or missing key with 401 and writes nothing", async () => {
      const before = await writtenCounts(getContainer())
      const body = { method: "createCustomer", customer: { phone: "+79992220003", cardNumbers: ["1"] } }
      for (const [extra, headers] of [
        [{}, {}],
        [{ crm_key: "wrong" }, {}],
        [{}, { authorization: basicAuth("", "wrong") }],
        [{ crm_key: CRM_KEY }, { authorization: basicAuth("", "wrong") }],
      ] as const) {
        const res = await postHook(baseUrl, { ...body, ...extra }, headers)
        expect(res.status).toBe(401)
        expect(JSON.stringify(res.data)).not.toContain(CRM_KEY)
      }
      expect(await writtenCounts(getContainer())).toEqual(before)
    })

    it("refuses hooks from another address with 403, whatever X-Forwarded-For says", async () => {
      const before = await writtenCounts(getContainer())
      const body = {
        method: "createCustomer",
        crm_key: CRM_KEY,
        customer: { phone: "+79992220004", cardNumbers: ["2"] },
      }
      const direct = await postHookFrom("127.0.0.2", baseUrl, body)
      const spoofed = await postHookFrom("127.0.0.2", baseUrl, body, { "x-forwarded-for": "127.0.0.1" })
      expect([direct.status, spoofed.status]).toEqual([403, 403])
      expect(direct.data.error).toMatch(/address/)
      expect(await writtenCounts(getContainer())).toEqual(before)
      expect((await postHookFrom("127.0.0.1", baseUrl, body)).status).toBe(200)
    })
  },
})
