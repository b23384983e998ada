import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { adminHeadersEachTest } from "../support/admin"
import { basicAuth, postHook, storeEnv } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(120_000)

// Issue 40 items 2 and 4, a store set to revision 2.7.2 (docs/service-api.md, "Revisions").
// The service's description: "Unit: days in the current revision; seconds in the earlier
// revision", and 2.7.2 documents neither event/send nor template_uuid. What the store would
// only queue for the client to refuse is refused at the admin route instead.

const HOOKS = { login: "gating-service", password: "gating-hook-pw" }
const AUTH = { authorization: basicAuth(HOOKS.login, HOOKS.password) }
const DAY_MS = 86_400_000
const LEVELS = [
  { name: "Base", threshold: 0, bonusPercent: 3, discountPercent: 0 },
  { name: "Silver", threshold: 100, bonusPercent: 5, discountPercent: 5 },
]
const SILVER_DESIGN = "0b7d6c1e-3333-4a3b-9c55-6a1f0e2d3c4b"

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_REVISION: "2.7.2",
    WALLET_PASS_HOOK_LOGIN: HOOKS.login,
    WALLET_PASS_HOOK_PASSWORD: HOOKS.password,
    WALLET_PASS_PROGRAM: JSON.stringify({ tiers: { levels: LEVELS } }),
    // No request goes out here: the refusals are the store's own.
    WALLET_PASS_DISPATCHER_ENABLED: "false",
  }),
  testSuite: ({ api, getContainer }) => {
    const admin = adminHeadersEachTest(getContainer)
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    const hook = (method: string, customer: Record<string, unknown>) =>
      postHook(api.defaults.baseURL!, { method, customer }, AUTH)
    const post = (path: string, body: unknown) => api.post(path, body, admin).catch((e: any) => e.response)

    /** A pass installed at the service (amounts as 2.7.2's strings): the store customer's id and holder. */
    async function installed(phone: string, card: string) {
      const created = await hook("createCustomer", { phone, name: "Olga", cardNumbers: [card], balance: "0" })
      expect(created.status).toBe(200)
      const [holder] = await walletPass().listWalletPassHolders({ phone })
      return { customerId: created.data.customerId as string, holder }
    }

    it("boots with no lifetimeUnit set: 2.7.2's unit, seconds", () => {
      expect(walletPass().getOptions()).toMatchObject({ revision: "2.7.2", lifetimeUnit: "seconds" })
    })

    it("addBalance with lifetime 2592000 is a credit for 30 days (seconds in 2.7.2)", async () => {
      const phone = "+79994100001"
      const { holder } = await installed(phone, "410001")
      const sentAt = Date.now()
      const credit = await hook("addBalance", {
        phone,
        cardNumbers: ["410001"],
        sum: "5",
        transactionId: "g-lifetime",
        lifetime: "2592000",
      })
      expect(credit).toEqual({ status: 200, data: { success: true } })
      const [entry] = await walletPass().listWalletPassLedgerEntries({ holder_id: holder.id, kind: "service_credit" })
      expect(entry).toMatchObject({ amount: 500 })
      const expiresIn = new Date(entry.expires_at as unknown as string).getTime() - sentAt
      expect(Math.abs(expiresIn - 30 * DAY_MS)).toBeLessThan(60_000)
    })

    it("POST /admin/customers/:id/wallet-pass/events is 400 naming the revision, and nothing is queued", async () => {
      const { customerId, holder } = await installed("+79994100002", "410002")
      const before = await walletPass().listWalletPassOperations({}, { select: ["id"] })
      const res = await post(`/admin/customers/${customerId}/wallet-pass/events`, { event: "visit", value: "shop 1" })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining("revision 2.7.2") })
      expect(res.data.message).toContain("event/send")
      expect(await walletPass().listWalletPassOperations({}, { select: ["id"] })).toEqual(before)
      expect(await walletPass().listWalletPassOperations({ holder_id: holder.id })).toEqual([])
    })

    it("POST /admin/wallet-pass/program with pass.levelTemplates is 400 naming the revision, and nothing is saved", async () => {
      const inForce = async () => (await api.get("/admin/wallet-pass/program", admin)).data.program
      const before = await inForce()
      const body = { tiers: { levels: LEVELS }, pass: { variables: {}, levelTemplates: { Silver: SILVER_DESIGN } } }
      for (const path of ["/admin/wallet-pass/program", "/admin/wallet-pass/program/preview"]) {
        const res = await post(path, body)
        expect(res.status).toBe(400)
        expect(res.data).toMatchObject({ type: "invalid_data", message: expect.stringContaining("revision 2.7.2") })
        expect(res.data.message).toContain("pass.levelTemplates")
      }
      expect(await inForce()).toEqual(before)
      expect(await walletPass().listWalletPassOperations({}, { select: ["id"] })).toEqual([])
      // The same save without designs is a 2.7.2 program: saved.
      const plain = await post("/admin/wallet-pass/program", { ...body, pass: { variables: {}, levelTemplates: {} } })
      expect(plain.status).toBe(200)
      expect((await inForce()).version).toBe((before.version ?? 0) + 1)
    })
  },
})
