import { walletPassModuleTests } from "./support"
import { modelServices } from "../../../../integration-tests/support/model-services"

jest.setTimeout(60_000)

walletPassModuleTests(({ service }) => {
  let holderId: string

  beforeEach(async () => {
    holderId = (await service.createWalletPassHolders({ phone: "+79990000001", adoption_state: "adopted" })).id
  })

  /** Our own ledger entry plus the queued request that sends it to the service. */
  async function ourChange(amount: number, state: "sending" | "unknown" | "done", completedMinutesAgo = 0) {
    const { entry } = await service.applyLedgerEntry({
      holder_id: holderId,
      amount,
      kind: amount > 0 ? "accrual" : "redemption",
      dedupe_key: `order:${Math.random()}:${amount > 0 ? "accrual" : "redeem"}`,
    })
    const operation = await modelServices(service).walletPassOperationService.create({
      method: amount > 0 ? "balance_add" : "balance_deduct",
      holder_id: holderId,
      ledger_entry_id: entry.id,
      payload: { sum: Math.abs(amount) / 100 },
      dedupe_key: `op:${entry.id}`,
      state,
      completed_at: state === "done" ? new Date(Date.now() - completedMinutesAgo * 60_000) : null,
    })
    return { entry, operation }
  }

  const hook = (amount: number, transaction_id: string, lifetime_seconds?: number) =>
    service.applyServiceBalanceHook({
      phone: "+79990000001",
      card_numbers: [],
      amount,
      transaction_id,
      lifetime_seconds,
    })

  it("the echo of our in-flight balance/add is attached to our entry, not credited twice", async () => {
    const ours = await ourChange(500, "sending")
    const echo = await hook(500, "svc-1")
    expect(echo).toMatchObject({ created: false, echo_of_operation_id: ours.operation.id, balance: 500 })
    expect(echo.entry.id).toBe(ours.entry.id)
    expect(echo.entry.transaction_id).toBe("svc-1")
    expect(await service.listWalletPassLedgerEntries({ holder_id: holderId })).toHaveLength(1)
  })

  it("a repeat of an attached echo changes nothing", async () => {
    const ours = await ourChange(500, "done", 1)
    await hook(500, "svc-1")
    const again = await hook(500, "svc-1")
    expect(again).toMatchObject({ created: false, echo_of_operation_id: ours.operation.id, balance: 500 })
  })

  it("the echo of our balance/deduct is a negative sum attached the same way", async () => {
    await service.applyLedgerEntry({ holder_id: holderId, amount: 1000, kind: "manual", dedupe_key: "seed" })
    const ours = await ourChange(-300, "sending")
    const echo = await hook(-300, "svc-d")
    expect(echo).toMatchObject({ echo_of_operation_id: ours.operation.id, balance: 700 })
  })

  it("an echo proves an ambiguous send was applied: the operation is resolved", async () => {
    const ours = await ourChange(250, "unknown")
    await hook(250, "svc-2")
    const [op] = await service.listWalletPassOperations({ id: ours.operation.id })
    expect(op.state).toBe("resolved")
    expect(op.result).toMatchObject({ echo_transaction_id: "svc-2" })
  })

  it("each of our operations absorbs one echo; a second equal hook is a real credit", async () => {
    await ourChange(500, "sending")
    await hook(500, "svc-1")
    const second = await hook(500, "svc-2")
    expect(second).toMatchObject({ created: true, echo_of_operation_id: null, balance: 1000 })
    expect(second.entry.kind).toBe("service_credit")
  })

  it("a hook with another sum, or after the echo window, is not an echo", async () => {
    await ourChange(500, "sending")
    await ourChange(400, "done", 120)
    const otherSum = await hook(499, "svc-1")
    const late = await hook(400, "svc-2")
    expect(otherSum).toMatchObject({ created: true, echo_of_operation_id: null })
    expect(late).toMatchObject({ created: true, echo_of_operation_id: null })
    expect(await service.getBalance(holderId)).toBe(500 + 400 + 499 + 400)
  })

  it("a service credit with a lifetime expires; a write-off is a flagged debit", async () => {
    const credit = await hook(1000, "svc-life", 3 * 24 * 3600)
    expect(credit.entry).toMatchObject({ kind: "service_credit", remaining: 1000 })
    expect(credit.entry.expires_at).not.toBeNull()
    const writeOff = await hook(-1500, "svc-off")
    expect(writeOff.entry).toMatchObject({ kind: "service_debit", overdraft: true, balance_after: -500 })
  })

  it("a write-off takes from lifetime credits first and keeps what it took, so canceling it gives the credit back", async () => {
    const credit = await hook(1000, "svc-life-2", 3 * 24 * 3600)
    const writeOff = await hook(-400, "svc-off-2")
    expect(writeOff.entry.metadata).toEqual({ consumed_credits: [{ credit_id: credit.entry.id, amount: 400 }] })
    const [after] = await service.listWalletPassLedgerEntries({ id: credit.entry.id })
    expect(after.remaining).toBe(600)
    expect(await service.cancelLedgerEntry({ id: writeOff.entry.id })).toBe(true)
    const [restored] = await service.listWalletPassLedgerEntries({ id: credit.entry.id })
    expect(restored.remaining).toBe(1000)
    expect(await service.getBalance(holderId)).toBe(1000)
  })

  it("a transactionId delivered again with another sum, or for another phone, is the first result flagged as conflicting", async () => {
    const first = await hook(700, "svc-twice")
    expect(first).toMatchObject({ created: true, conflicting: false, balance: 700 })
    const otherSum = await hook(900, "svc-twice")
    expect(otherSum).toMatchObject({ created: false, conflicting: true, balance: 700 })
    expect(otherSum.entry.id).toBe(first.entry.id)

    const other = (await service.createWalletPassHolders({ phone: "+79990000002", adoption_state: "adopted" })).id
    const otherPhone = await service.applyServiceBalanceHook({
      phone: "+79990000002",
      card_numbers: [],
      amount: 700,
      transaction_id: "svc-twice",
    })
    // The first holder's entry and balance; the second holder is left as it was.
    expect(otherPhone).toMatchObject({ created: false, conflicting: true, balance: 700, holder_id: other })
    expect(otherPhone.entry.holder_id).toBe(holderId)
    expect(await service.getBalance(other)).toBe(0)
    expect(await service.listWalletPassLedgerEntries({ holder_id: holderId })).toHaveLength(1)
  })

  it("50 concurrent deliveries of one transactionId make one entry with one answer", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => hook(700, "svc-burst")))
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1)
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(await service.getBalance(holderId)).toBe(700)
  })

  it("hooks sent at once share batches and each is answered for its own holder; the running sum stays the ledger's sum", async () => {
    const other = (await service.createWalletPassHolders({ phone: "+79990000002", adoption_state: "adopted" })).id
    const calls: Promise<unknown>[] = []
    for (let i = 0; i < 30; i++) {
      calls.push(hook(100, `batch-a-${i}`))
      calls.push(
        service.applyServiceBalanceHook({
          phone: "+79990000002",
          card_numbers: [],
          amount: -50,
          transaction_id: `batch-b-${i}`,
        })
      )
      calls.push(service.findHookHolder("+79990000001", []))
    }
    calls.push(hook(100, "batch-a-0")) // a repeat inside the same burst
    const results = (await Promise.all(calls)) as { created?: boolean; holder_id?: string; holder?: { id: string } }[]
    expect(results.filter((r) => r.created === true)).toHaveLength(60)
    expect(results.at(-1)).toMatchObject({ created: false, holder_id: holderId })
    expect(results.filter((r) => r.holder).every((r) => r.holder!.id === holderId)).toBe(true)
    expect(await service.getBalance(holderId)).toBe(3000)
    expect(await service.getBalance(other)).toBe(-1500)

    // Canceling and soft-deleting entries move the running sum with the ledger.
    const [credit] = await service.listWalletPassLedgerEntries({ holder_id: holderId }, { take: 1 })
    expect(await service.cancelLedgerEntry({ id: credit.id })).toBe(true)
    const [debit] = await service.listWalletPassLedgerEntries({ holder_id: other }, { take: 1 })
    await modelServices(service).walletPassLedgerEntryService.softDelete(debit.id)
    const knex = (service as any).baseRepository_.getActiveManager().getKnex()
    const { rows } = await knex.raw(
      `SELECT h.id, h.ledger_sum::int AS running,
              (SELECT COALESCE(SUM(amount), 0)::int FROM wallet_pass_ledger_entry e
                WHERE e.holder_id = h.id AND e.state = 'applied' AND e.deleted_at IS NULL) AS summed
         FROM wallet_pass_holder h WHERE h.id IN (?, ?) ORDER BY h.phone`,
      [holderId, other]
    )
    expect(rows).toEqual([
      { id: holderId, running: 2900, summed: 2900 },
      { id: other, running: -1450, summed: -1450 },
    ])
  })
})
