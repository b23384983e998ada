import { OPERATION_PRIORITY, operationKeys } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { externalCrmService } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Issue 40 item 3 (docs/service-api.md, "name" and "Revisions"): under 2.7.2 a balance change
// goes as the absolute balance in user_create_or_update, and like every write but a push it
// carries the holder's name.

const APP_KEY = "request-name-272-key"

const { service, env, storeInFront } = externalCrmService(
  APP_KEY,
  { WALLET_PASS_DISPATCHER_ENABLED: "false", WALLET_PASS_REVISION: "2.7.2" },
  { revision: "2.7.2" }
)

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })

    it("a credit reaches a 2.7.2 service as an absolute balance with the holder's name", async () => {
      const phone = "+79996674001"
      service.emulator.seedCustomer({ phone, name: "Olga", balance: 10 })
      const holder = await walletPass().createWalletPassHolders({
        phone,
        name: "Olga",
        source: "admin",
        enrollment_state: "enrolled",
        adoption_state: "adopted",
      })
      await walletPass().applyLedgerEntry({
        holder_id: holder.id,
        amount: 1000,
        kind: "opening_balance",
        dedupe_key: "n272-open",
      })
      await walletPass().applyLedgerEntryAndEnqueue(
        { holder_id: holder.id, amount: 2500, kind: "manual", dedupe_key: "n272-credit" },
        {
          method: "balance_add",
          payload: {},
          dedupe_key: operationKeys.forEntry("n272-credit"),
          priority: OPERATION_PRIORITY.money,
        }
      )
      await drainQueue(getContainer(), { budgetMs: 20_000 })

      const sets = service.emulator
        .requests()
        .filter((r) => r.appKey === "valid" && r.endpoint.endsWith("/crm/user_create_or_update"))
        .map((r) => ({ status: r.status, body: r.body as Record<string, unknown> }))
      expect(sets).toEqual([{ status: 200, body: expect.objectContaining({ phone, name: "Olga", balance: "35" }) }])
      expect(service.emulator.getCustomer(phone)).toMatchObject({ name: "Olga", balance: 35 })
    })
  },
})
