import { MedusaError } from "@medusajs/framework/utils"
import { REFUSED_WRITES } from "../utils/refused-writes"
import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

walletPassModuleTests(({ service, MikroOrmWrapper }) => {
  const sql = (query: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(query, params)

  it("refuses the generated writes of the ledger, the queue and the gate (NOT_ALLOWED), and changes nothing", async () => {
    const holder = (await service.createWalletPassHolders({ phone: "+79990000001", enrollment_state: "enrolled" })).id
    const { entry, operation } = await service.applyLedgerEntryAndEnqueue(
      { holder_id: holder, amount: 500, kind: "manual", dedupe_key: "seed" },
      { method: "balance_add", payload: {}, dedupe_key: "op:seed", priority: 0 }
    )
    const rows = () =>
      sql(
        `SELECT (SELECT row_to_json(e) FROM wallet_pass_ledger_entry e WHERE e.id = ?) AS entry,
              (SELECT row_to_json(o) FROM wallet_pass_operation o WHERE o.id = ?) AS operation,
              (SELECT count(*)::int FROM wallet_pass_ledger_entry) AS entries,
              (SELECT count(*)::int FROM wallet_pass_operation) AS operations,
              (SELECT count(*)::int FROM wallet_pass_gate) AS gates`,
        [entry.id, operation!.id]
      )
    const before = await rows()
    // Every write generated for the three models, with arguments that would otherwise work.
    const argumentsOf = (name: string) => {
      const id = name.endsWith("LedgerEntries") ? entry.id : name.endsWith("Operations") ? operation!.id : "service"
      if (name.startsWith("create"))
        return name.endsWith("LedgerEntries")
          ? [{ holder_id: holder, amount: 1_000_000, kind: "manual", dedupe_key: "sneaked", balance_after: 0 }]
          : [{ method: "status", payload: {}, dedupe_key: "sneaked" }]
      if (name.startsWith("update")) return [{ id, state: "canceled", amount: 1_000_000, blocked_until: null }]
      return [[id]]
    }
    expect(REFUSED_WRITES).toHaveLength(15)
    const facade = service as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const name of REFUSED_WRITES) {
      expect(typeof facade[name]).toBe("function")
      const refusal = await facade[name](...argumentsOf(name)).then(
        () => null,
        (error: unknown) => error
      )
      expect({ name, refusal }).toMatchObject({ name, refusal: expect.any(MedusaError) })
      expect((refusal as MedusaError).type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect((refusal as MedusaError).message).toContain(`walletPass.${name} is not allowed`)
    }
    const after = await rows()
    expect(after).toEqual(before)
    expect(await service.getBalance(holder)).toBe(500)
  })

  it("keeps the generated reads of those models", async () => {
    const holder = (await service.createWalletPassHolders({ phone: "+79990000002" })).id
    const { entry } = await service.applyLedgerEntry({
      holder_id: holder,
      amount: 300,
      kind: "manual",
      dedupe_key: "k",
    })
    expect(await service.listWalletPassLedgerEntries({ holder_id: holder })).toMatchObject([
      { id: entry.id, amount: 300 },
    ])
    expect((await service.retrieveWalletPassLedgerEntry(entry.id)).dedupe_key).toBe("k")
    expect(await service.listWalletPassOperations({ holder_id: holder })).toEqual([])
    expect(Array.isArray(await service.listWalletPassGates())).toBe(true)
  })
})
