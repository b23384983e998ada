import { HELD_UNTIL } from "../repositories/queue"
import { walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

walletPassModuleTests(({ service, MikroOrmWrapper }) => {
  const sql = (query: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(query, params)

  it("a checkout that crashed after reserving bonus: converted if its cart became an order, voided if not, left alone while recent", async () => {
    const holder = (await service.createWalletPassHolders({ phone: "+79990000001", enrollment_state: "enrolled" })).id
    await service.applyLedgerEntry({ holder_id: holder, amount: 1000, kind: "manual", dedupe_key: "seed" })
    const reserve = (cart_id: string, amount: number) =>
      service.reserveCartRedemption({ holder_id: holder, cart_id, amount, currency_code: "eur" })
    const placed = await reserve("cart_placed", 300)
    const abandoned = await reserve("cart_abandoned", 200)
    const recent = await reserve("cart_recent", 100)
    expect(await service.getBalance(holder)).toBe(400)
    // The two older ones are past the job's 30 minutes.
    await sql(`UPDATE wallet_pass_ledger_entry SET created_at = now() - interval '31 minutes' WHERE id IN (?, ?)`, [
      placed.entry_id,
      abandoned.entry_id,
    ])

    const orders: Record<string, string> = { cart_placed: "order_1" }
    const settled = await service.settleStaleRedemptions(async (cartId) => orders[cartId] ?? null)
    expect(settled).toEqual({ converted: 1, voided: 1 })

    const entries = Object.fromEntries(
      (await service.listWalletPassLedgerEntries({ kind: "redemption" }, { withDeleted: true })).map((e) => [e.id, e])
    )
    expect(entries[placed.entry_id]).toMatchObject({ state: "applied", order_id: "order_1" })
    expect(entries[abandoned.entry_id].state).not.toBe("applied")
    expect(entries[recent.entry_id]).toMatchObject({ state: "applied", order_id: null })
    // The abandoned bonus is back; the placed one is spent, the recent one still reserved.
    expect(await service.getBalance(holder)).toBe(600)

    const operations = Object.fromEntries(
      (await service.listWalletPassOperations({ holder_id: holder })).map((o) => [o.id, o])
    )
    // The order's deduct is released to the dispatcher; the abandoned one is withdrawn; the recent one stays held.
    expect(operations[placed.operation_id!].next_attempt_at).toBeNull()
    expect(operations[abandoned.operation_id!]).toBeUndefined()
    expect(new Date(operations[recent.operation_id!].next_attempt_at!).getTime()).toBe(HELD_UNTIL.getTime())

    // Run again: nothing left to do.
    expect(await service.settleStaleRedemptions(async (cartId) => orders[cartId] ?? null)).toEqual({
      converted: 0,
      voided: 0,
    })
  })
})
