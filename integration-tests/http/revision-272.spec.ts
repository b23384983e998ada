import { OPERATION_PRIORITY, operationKeys } from "../../src/modules/wallet-pass"
import { drainQueue } from "../../src/outbound/drain"
import { externalCrmService } from "../support/hooks"
import { storeTestRunner } from "../support/store-runner"

jest.setTimeout(180_000)

// Issue 29 item 4 (docs/service-api.md, "Revisions"): a store set to revision 2.7.2 in front
// of a service playing 2.7.2's feature set sends nothing only 2.8.2 documents. A balance
// change goes as the absolute balance in user_create_or_update, amounts as strings.

const APP_KEY = "revision-272-key"

const { service, env, storeInFront } = externalCrmService(
  APP_KEY,
  { WALLET_PASS_DISPATCHER_ENABLED: "false", WALLET_PASS_REVISION: "2.7.2" },
  { revision: "2.7.2" }
)

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const sent = () =>
      service.emulator
        .requests()
        .filter((r) => r.appKey === "valid")
        .map((r) => ({
          path: r.endpoint.replace(/^\/v2/, ""),
          body: r.body as Record<string, unknown>,
          status: r.status,
        }))

    it("a credit and a debit reach a 2.7.2 service as absolute balances, never as balance/add or balance/deduct", async () => {
      const phone = "+79996670001"
      service.emulator.seedCustomer({ phone, name: "Olga", balance: 10 })
      const holder = await walletPass().createWalletPassHolders({
        phone,
        source: "admin",
        enrollment_state: "enrolled",
        adoption_state: "adopted",
      })
      await walletPass().applyLedgerEntry({
        holder_id: holder.id,
        amount: 1000,
        kind: "opening_balance",
        dedupe_key: "r272-open",
      })
      const change = (key: string, amount: number, method: "balance_add" | "balance_deduct") =>
        walletPass().applyLedgerEntryAndEnqueue(
          { holder_id: holder.id, amount, kind: "manual", dedupe_key: key },
          { method, payload: {}, dedupe_key: operationKeys.forEntry(key), priority: OPERATION_PRIORITY.money }
        )
      await change("r272-credit", 2500, "balance_add")
      await drainQueue(getContainer(), { budgetMs: 20_000 })
      await change("r272-debit", -500, "balance_deduct")
      await drainQueue(getContainer(), { budgetMs: 20_000 })

      const requests = sent()
      expect(requests.map((r) => r.path)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/balance\/(add|deduct)|event\/send/)])
      )
      const sets = requests.filter((r) => r.path === "/crm/user_create_or_update" && r.body.balance !== undefined)
      expect(sets.map((r) => [r.body.balance, r.status])).toEqual([
        ["35", 200],
        ["30", 200],
      ])
      expect(requests.every((r) => r.body.template_uuid === undefined && r.body.card_track === undefined)).toBe(true)
      expect(service.emulator.getCustomer(phone)).toMatchObject({ balance: 30 })
      const ops = await walletPass().listWalletPassOperations({ holder_id: holder.id })
      expect(ops.map((o) => o.state).sort()).toEqual(["done", "done"])
    })
  },
})
