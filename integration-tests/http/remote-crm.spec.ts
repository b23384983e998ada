import { WalletPassClient } from "../../src/lib/wallet-pass-client"
import { WALLET_PASS_MODULE } from "../../src/modules/wallet-pass"
import { createAdminHeaders } from "../support/admin"
import { emulatedServiceBeforeStore, storeEnv, waitFor } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Issue 29 item 8 (docs/adoption.md, "A pass linked to another CRM"): read_customer's
// `remoteId` names the CRM the service links a pass to. One that is not this store's is
// shown, at import and in the customer's pass, and the merchant decides: skip or take over.

const APP_KEY = "remote-crm-key"
const LIMITS = { perSecond: 20, perHour: 100_000 }
const service = emulatedServiceBeforeStore({ appKey: APP_KEY, mode: "external_crm", limits: LIMITS })

storeTestRunner({
  env: storeEnv({
    WALLET_PASS_APP_KEY: APP_KEY,
    WALLET_PASS_PLAN: JSON.stringify(LIMITS),
    WALLET_PASS_HOOK_LOGIN: "svc",
    WALLET_PASS_HOOK_PASSWORD: "hook-pw-remote",
    WALLET_PASS_SYNC: JSON.stringify({ since: "2021-01-01", windowDays: 365, budgetShare: 1 }),
  }),
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const walletPass = () => getContainer().resolve(WALLET_PASS_MODULE)
    beforeEach(async () => {
      admin = await createAdminHeaders(getContainer())
    })

    it("an import skips a pass linked to another CRM showing its id; the customer's pass shows one and takes the merchant's decision", async () => {
      service.emulator.seedCustomer({
        phone: "+79991700001",
        name: "Other",
        balance: 40,
        remoteId: "other-crm-17",
        registeredAt: "2024-03-01T10:00:00Z",
      })
      service.emulator.seedCustomer({
        phone: "+79991700002",
        name: "Ours",
        balance: 5,
        registeredAt: "2024-03-02T10:00:00Z",
      })

      await api.post("/admin/wallet-pass/import", {}, admin)
      await waitFor(
        async () => (await api.get("/admin/wallet-pass/import", admin)).data.import?.phase === "ready",
        "the import's reads",
        60_000
      )
      const { data } = await api.get("/admin/wallet-pass/import/items", admin)
      const byPhone = Object.fromEntries(data.items.map((i: any) => [i.phone, i]))
      expect(byPhone["+79991700001"]).toMatchObject({
        state: "skipped",
        reason_code: "import_remote_crm",
        reason_values: { remote_id: "other-crm-17" },
        remote_id: "other-crm-17",
      })
      expect(byPhone["+79991700002"]).toMatchObject({ state: "adopted", remote_id: null })
      expect(await walletPass().listWalletPassHolders({ phone: "+79991700001" })).toEqual([])

      // The service now links the adopted pass to another CRM: the customer's pass shows it.
      const [ours] = await walletPass().listWalletPassHolders({ phone: "+79991700002" })
      const client = new WalletPassClient({ apiUrl: service.emulator.url, appKey: APP_KEY })
      try {
        await client.userCreateOrUpdate({ phone: "+79991700002", customerId: "other-crm-99" })
      } finally {
        await client.close()
      }
      await api.post(`/admin/customers/${ours.customer_id}/wallet-pass/refresh`, {}, admin)
      const pass = await waitFor(async () => {
        const res = await api.get(`/admin/customers/${ours.customer_id}/wallet-pass`, admin)
        return res.data.wallet_pass.holder.remote_id && res.data.wallet_pass
      }, "the refreshed pass with the other CRM's id")
      expect(pass.holder).toMatchObject({ remote_id: "other-crm-99", remote_decision: null })

      const bad = await api
        .post(`/admin/customers/${ours.customer_id}/wallet-pass/remote`, { decision: "maybe" }, admin)
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      const decided = await api.post(
        `/admin/customers/${ours.customer_id}/wallet-pass/remote`,
        { decision: "take_over" },
        admin
      )
      expect(decided.data).toEqual({ remote_id: "other-crm-99", remote_decision: "take_over" })
      const after = await api.get(`/admin/customers/${ours.customer_id}/wallet-pass`, admin)
      expect(after.data.wallet_pass.holder).toMatchObject({ remote_id: "other-crm-99", remote_decision: "take_over" })

      // At import too: the skipped pass of another CRM is taken over from the import's list.
      const skipped = byPhone["+79991700001"]
      const notThat = await api
        .post(`/admin/wallet-pass/import/items/${byPhone["+79991700002"].id}/take-over`, {}, admin)
        .catch((e: any) => e.response)
      expect(notThat.status).toBe(400)
      const unknown = await api
        .post(`/admin/wallet-pass/import/items/wpimp_nope/take-over`, {}, admin)
        .catch((e: any) => e.response)
      expect(unknown.status).toBe(404)
      const taken = await api.post(`/admin/wallet-pass/import/items/${skipped.id}/take-over`, {}, admin)
      expect(taken.status).toBe(202)
      const item = await waitFor(async () => {
        const res = await api.get("/admin/wallet-pass/import/items", admin)
        const found = res.data.items.find((i: any) => i.id === skipped.id)
        return found?.state === "adopted" && found
      }, "the taken-over item adopted")
      expect(item).toMatchObject({ remote_id: "other-crm-17", reason_code: null })
      const [holder] = await walletPass().listWalletPassHolders({ phone: "+79991700001" })
      expect(holder).toMatchObject({ remote_id: "other-crm-17", remote_decision: "take_over" })
      expect(await walletPass().getBalance(holder.id)).toBe(4000)
      // Once only: the item is no longer a skipped pass of another CRM.
      const again = await api
        .post(`/admin/wallet-pass/import/items/${skipped.id}/take-over`, {}, admin)
        .catch((e: any) => e.response)
      expect(again.status).toBe(400)
    })
  },
})
