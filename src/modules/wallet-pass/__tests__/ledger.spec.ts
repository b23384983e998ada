import { MedusaError } from "@medusajs/framework/utils"
import { walletPassModuleTests } from "./support"
import type { ApplyLedgerEntryInput } from "../types"
import { modelServices } from "../../../../integration-tests/support/model-services"

jest.setTimeout(60_000)

const DAY = 24 * 3600

walletPassModuleTests(({ service }) => {
  let holderId: string

  beforeEach(async () => {
    const holder = await service.createWalletPassHolders({ phone: "+79990000001", customer_id: "cus_1" })
    holderId = holder.id
  })

  const apply = (input: Partial<ApplyLedgerEntryInput> & { amount: number; dedupe_key: string }) =>
    service.applyLedgerEntry({
      holder_id: holderId,
      kind: input.amount > 0 ? "service_credit" : "service_debit",
      ...input,
    })

  const entriesOf = (id = holderId) =>
    service.listWalletPassLedgerEntries({ holder_id: id }, { order: { created_at: "ASC" } })

  it("balance is the sum of applied entries", async () => {
    await apply({ amount: 1000, dedupe_key: "a" })
    await apply({ amount: -250, dedupe_key: "b" })
    await apply({ amount: 75, dedupe_key: "c" })
    expect(await service.getBalance(holderId)).toBe(825)

    const [c] = await service.listWalletPassLedgerEntries({ dedupe_key: "c" })
    await modelServices(service).walletPassLedgerEntryService.update({ id: c.id, state: "canceled" })
    expect(await service.getBalance(holderId)).toBe(750)
  })

  it("a holder without entries has a zero balance; balances can be read in bulk", async () => {
    const other = await service.createWalletPassHolders({ phone: "+79990000002" })
    await apply({ amount: 500, dedupe_key: "x" })
    const balances = await service.getBalances([holderId, other.id])
    expect(Object.fromEntries(balances)).toEqual({ [holderId]: 500, [other.id]: 0 })
  })

  it("a dedupe key applies once: the repeat returns the first entry and changes nothing", async () => {
    const first = await apply({ amount: 300, dedupe_key: "order:1:accrual", kind: "accrual", order_id: "order_1" })
    const again = await apply({ amount: 300, dedupe_key: "order:1:accrual", kind: "accrual", order_id: "order_1" })
    expect(first.created).toBe(true)
    expect(again).toMatchObject({ created: false, conflicting: false, balance: 300 })
    expect(again.entry.id).toBe(first.entry.id)
    expect(await entriesOf()).toHaveLength(1)
  })

  it("a repeated transactionId with another sum is the first result, flagged as conflicting", async () => {
    const first = await apply({ amount: 400, dedupe_key: "hook:t-1", transaction_id: "t-1" })
    const again = await apply({ amount: 999, dedupe_key: "hook:t-1-other", transaction_id: "t-1" })
    expect(again).toMatchObject({ created: false, conflicting: true, balance: 400 })
    expect(again.entry.id).toBe(first.entry.id)
    expect(await entriesOf()).toHaveLength(1)
  })

  it("a change that would take the balance beyond ±21,474,836.47 is refused (INVALID_DATA, in the balance unit); a repeat of a written key is still the first entry", async () => {
    const first = await apply({ amount: 2_000_000_000, dedupe_key: "big-1" })
    const refused = await apply({ amount: 2_000_000_000, dedupe_key: "big-2", currency_code: "eur" }).catch((e) => e)
    expect(refused).toBeInstanceOf(MedusaError)
    expect(refused).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message:
        "a credit of 20,000,000.00 EUR would take the balance to 40,000,000.00 EUR, beyond the largest balance the store keeps (21,474,836.47 EUR)",
    })
    expect(await apply({ amount: 2_000_000_000, dedupe_key: "big-1" })).toMatchObject({
      created: false,
      entry: { id: first.entry.id },
    })
    expect(await entriesOf()).toHaveLength(1)
    expect(await service.getBalance(holderId)).toBe(2_000_000_000)
  })

  it("20 concurrent applications of one transactionId end with exactly one entry", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => apply({ amount: 150, dedupe_key: "hook:tx-42", transaction_id: "tx-42" }))
    )
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1)
    expect(await entriesOf()).toHaveLength(1)
    expect(await service.getBalance(holderId)).toBe(150)
  })

  it("one key used for two holders applies to the first only", async () => {
    const other = await service.createWalletPassHolders({ phone: "+79990000003" })
    await apply({ amount: 100, dedupe_key: "shared" })
    const onOther = await service.applyLedgerEntry({
      holder_id: other.id,
      amount: 100,
      kind: "manual",
      dedupe_key: "shared",
    })
    expect(onOther).toMatchObject({ created: false, conflicting: true })
    expect(await service.getBalance(other.id)).toBe(0)
  })

  it("a soft-deleted entry still holds its key", async () => {
    const first = await apply({ amount: 100, dedupe_key: "k" })
    await modelServices(service).walletPassLedgerEntryService.softDelete([first.entry.id])
    const again = await apply({ amount: 100, dedupe_key: "k" })
    expect(again.created).toBe(false)
    expect(await service.getBalance(holderId)).toBe(0)
  })

  it("a redemption never takes the balance below zero, and writes nothing when refused", async () => {
    await apply({ amount: 500, dedupe_key: "credit" })
    await expect(
      apply({ amount: -501, dedupe_key: "order:9:redeem", kind: "redemption", forbid_overdraft: true })
    ).rejects.toMatchObject({ type: MedusaError.Types.NOT_ALLOWED })
    expect(await entriesOf()).toHaveLength(1)
    const ok = await apply({ amount: -500, dedupe_key: "order:9:redeem", kind: "redemption", forbid_overdraft: true })
    expect(ok.balance).toBe(0)
  })

  it("concurrent redemptions cannot overdraw together", async () => {
    await apply({ amount: 1000, dedupe_key: "credit" })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        apply({ amount: -150, dedupe_key: `order:${i}:redeem`, kind: "redemption", forbid_overdraft: true })
      )
    )
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(6)
    expect(await service.getBalance(holderId)).toBe(100)
  })

  it("a write-off that overdraws is recorded and flagged, not refused", async () => {
    await apply({ amount: 100, dedupe_key: "credit" })
    const writeOff = await apply({ amount: -300, dedupe_key: "hook:w", transaction_id: "w" })
    expect(writeOff.created).toBe(true)
    expect(writeOff.entry.overdraft).toBe(true)
    expect(writeOff.entry.balance_after).toBe(-200)
    expect(await service.getBalance(holderId)).toBe(-200)
    // A credit that leaves the balance below zero is not an overdraft of its own.
    const credit = await apply({ amount: 50, dedupe_key: "after-write-off" })
    expect(credit.entry).toMatchObject({ overdraft: false, balance_after: -150 })
  })

  it("debits consume the soonest-expiring credits first", async () => {
    const permanent = await apply({ amount: 1000, dedupe_key: "permanent" })
    const late = await apply({ amount: 500, dedupe_key: "late", lifetime_seconds: 30 * DAY })
    const soon = await apply({ amount: 200, dedupe_key: "soon", lifetime_seconds: 2 * DAY })
    await apply({ amount: -300, dedupe_key: "debit" })

    const byId = new Map((await entriesOf()).map((e) => [e.id, e]))
    expect(byId.get(soon.entry.id)!.remaining).toBe(0)
    expect(byId.get(late.entry.id)!.remaining).toBe(400)
    expect(byId.get(permanent.entry.id)!.remaining).toBeNull()
    expect(await service.getBalance(holderId)).toBe(1400)
  })

  it("the running sum stays an integer too: a lapsed credit not yet expired counts in it until the expiry job writes it off", async () => {
    const credit = await apply({ amount: 2_000_000_000, dedupe_key: "big-lapsing", lifetime_seconds: DAY })
    await modelServices(service).walletPassLedgerEntryService.update({
      id: credit.entry.id,
      expires_at: new Date(Date.now() - 60_000),
    })
    expect(await service.getBalance(holderId)).toBe(0)
    // The balance would be 2,000,000.00, but the running sum 22,000,000.00: refused, nothing written.
    await expect(apply({ amount: 200_000_000, dedupe_key: "after-lapse" })).rejects.toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
    })
    expect(await service.expireLapsedCredits()).toHaveLength(1)
    expect(await apply({ amount: 200_000_000, dedupe_key: "after-lapse" })).toMatchObject({ balance: 200_000_000 })
  })

  it("a lapsed credit leaves the balance at once, and expiry writes one entry for what remained", async () => {
    await apply({ amount: 1000, dedupe_key: "permanent" })
    const credit = await apply({ amount: 500, dedupe_key: "promo", lifetime_seconds: 7 * DAY })
    await apply({ amount: -200, dedupe_key: "spend" }) // consumes 200 of the promo credit
    expect(await service.getBalance(holderId)).toBe(1300)

    // Let the credit lapse (its expiry moved into the past).
    await modelServices(service).walletPassLedgerEntryService.update({
      id: credit.entry.id,
      expires_at: new Date(Date.now() - 60_000),
    })
    expect(await service.getBalance(holderId)).toBe(1000)

    const expired = await service.expireLapsedCredits()
    expect(expired).toHaveLength(1)
    expect(expired[0]).toMatchObject({ holder_id: holderId, credit_id: credit.entry.id, balance: 1000 })
    expect(expired[0].entry).toMatchObject({ kind: "expiry", amount: -300, dedupe_key: `expiry:${credit.entry.id}` })
    expect(await service.getBalance(holderId)).toBe(1000)

    expect(await service.expireLapsedCredits()).toHaveLength(0)
    expect(await service.getBalance(holderId)).toBe(1000)
    expect((await entriesOf()).filter((e) => e.kind === "expiry")).toHaveLength(1)
  })

  it("a credit fully spent before it lapses expires without an entry", async () => {
    const credit = await apply({ amount: 200, dedupe_key: "promo", lifetime_seconds: DAY })
    await apply({ amount: -200, dedupe_key: "spend" })
    await modelServices(service).walletPassLedgerEntryService.update({
      id: credit.entry.id,
      expires_at: new Date(Date.now() - 1000),
    })
    expect(await service.expireLapsedCredits()).toHaveLength(0)
    expect(await service.getBalance(holderId)).toBe(0)
    const [after] = await service.listWalletPassLedgerEntries({ id: credit.entry.id })
    expect(after.expired_at).not.toBeNull()
  })

  it("concurrent expiry runs write each expiry once", async () => {
    const credits = await Promise.all(
      [1, 2, 3].map((i) => apply({ amount: 100 * i, dedupe_key: `promo-${i}`, lifetime_seconds: DAY }))
    )
    for (const c of credits) {
      await modelServices(service).walletPassLedgerEntryService.update({
        id: c.entry.id,
        expires_at: new Date(Date.now() - 1000),
      })
    }
    const runs = await Promise.all([service.expireLapsedCredits(), service.expireLapsedCredits()])
    expect(runs.flat()).toHaveLength(3)
    expect(await service.getBalance(holderId)).toBe(0)
  })

  it("canceling a debit gives back what it took from expiring credits, so they later expire in full", async () => {
    const credit = await apply({ amount: 500, dedupe_key: "promo", lifetime_seconds: 7 * DAY })
    await apply({ amount: 100, dedupe_key: "plain" })
    const debit = await apply({ amount: -300, dedupe_key: "spend" })
    expect(debit.entry.metadata).toMatchObject({ consumed_credits: [{ credit_id: credit.entry.id, amount: 300 }] })
    expect((await service.retrieveWalletPassLedgerEntry(credit.entry.id)).remaining).toBe(200)

    expect(await service.cancelLedgerEntry({ id: debit.entry.id })).toBe(true)
    expect(await service.cancelLedgerEntry({ id: debit.entry.id })).toBe(false) // once
    expect((await service.retrieveWalletPassLedgerEntry(credit.entry.id)).remaining).toBe(500)
    expect(await service.getBalance(holderId)).toBe(600)

    await modelServices(service).walletPassLedgerEntryService.update({
      id: credit.entry.id,
      expires_at: new Date(Date.now() - 1000),
    })
    const [expired] = await service.expireLapsedCredits()
    expect(expired.entry.amount).toBe(-500)
    expect(await service.getBalance(holderId)).toBe(100)
  })

  it("canceling a debit whose credit expired since expires the given-back part too, and tells the service", async () => {
    const credit = await apply({ amount: 500, dedupe_key: "promo", lifetime_seconds: 7 * DAY })
    const debit = await apply({ amount: -300, dedupe_key: "spend", forbid_overdraft: true })
    await modelServices(service).walletPassLedgerEntryService.update({
      id: credit.entry.id,
      expires_at: new Date(Date.now() - 1000),
    })
    await service.expireLapsedCredits() // expires the 200 left
    expect(await service.getBalance(holderId)).toBe(0)

    await service.cancelLedgerEntry({ id: debit.entry.id, rename_keys: true })
    // Without the debit the whole 500 would have expired: the balance stays 0, not 300.
    expect(await service.getBalance(holderId)).toBe(0)
    const entries = await entriesOf()
    const canceled = entries.find((e) => e.id === debit.entry.id)!
    expect(canceled).toMatchObject({ state: "canceled", dedupe_key: `spend:void:${debit.entry.id}` })
    const late = entries.find((e) => e.dedupe_key === `expiry:${credit.entry.id}:canceled:${debit.entry.id}`)!
    expect(late).toMatchObject({ kind: "expiry", amount: -300, state: "applied" })
    const syncs = await service.listWalletPassOperations({ ledger_entry_id: late.id })
    expect(syncs).toEqual([
      expect.objectContaining({
        method: "user_create_or_update",
        payload: expect.objectContaining({ type: "balance_sync" }),
      }),
    ])
    // The key is free again: the same cart can reserve anew.
    expect((await apply({ amount: -1, dedupe_key: "spend" })).created).toBe(true)
  })

  it("invalid input is refused with a clear error and writes nothing", async () => {
    await expect(apply({ amount: 0, dedupe_key: "zero" })).rejects.toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: expect.stringContaining("amount"),
    })
    await expect(apply({ amount: 1.5, dedupe_key: "fraction" })).rejects.toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
    })
    await expect(apply({ amount: 100, dedupe_key: " " })).rejects.toMatchObject({
      message: expect.stringContaining("dedupe_key"),
    })
    await expect(apply({ amount: 100, dedupe_key: "life", lifetime_seconds: -5 })).rejects.toMatchObject({
      message: expect.stringContaining("lifetime_seconds"),
    })
    await expect(
      service.applyLedgerEntry({ holder_id: "wph_missing", amount: 100, kind: "manual", dedupe_key: "m" })
    ).rejects.toMatchObject({ type: MedusaError.Types.NOT_FOUND })
    expect(await entriesOf()).toHaveLength(0)
  })
})
