import { OPERATION_PRIORITY } from "../constants"
import { operationKeys } from "../keys"
import { HELD_UNTIL } from "../repositories/queue"
import type WalletPassModuleService from "../service"
import { walletPassModuleTests } from "./support"
import { modelServices } from "../../../../integration-tests/support/model-services"

jest.setTimeout(60_000)

// Coalescing under backlog (docs/architecture.md, "Coalescing"), at the module's drain
// protocol: prepare reads the holder's waiting changes, the claim takes them over, the
// record checks the set still holds. The dispatcher's end to end: integration-tests/http/coalesce.spec.ts.

const FAST = { perSecond: 100, perHour: 100_000 }
const EXTERNAL_CRM = { hooks: { login: "svc", password: "hook-secret" } }

type Service = WalletPassModuleService

async function adoptedHolder(service: Service, phone: string) {
  return (
    await service.createWalletPassHolders({
      phone,
      source: "admin",
      enrollment_state: "enrolled",
      adoption_state: "adopted",
    })
  ).id
}

/** A credit (or debit) of `amount` minor units queued as its balance request, as the ledger workflows queue one. */
async function change(service: Service, holderId: string, key: string, amount: number, held = false) {
  const { operation } = await service.applyLedgerEntryAndEnqueue(
    { holder_id: holderId, amount, kind: "manual", dedupe_key: key },
    {
      method: amount > 0 ? "balance_add" : "balance_deduct",
      payload: {},
      dedupe_key: operationKeys.forEntry(key),
      priority: OPERATION_PRIORITY.money,
      ...(held && { next_attempt_at: HELD_UNTIL }),
    }
  )
  return operation!
}

function push(service: Service, holderId: string, key: string) {
  return service.enqueueOperation({
    method: "user_create_or_update",
    holder_id: holderId,
    payload: { type: "push", push_type: "push", message: "Hello" },
    dedupe_key: key,
    priority: OPERATION_PRIORITY.money,
  })
}

/** The next request as sendNext hands it to the send (its lock released once the send returns). */
async function prepare(service: Service) {
  const next = await service.sendNext(FAST, async (prepared) => prepared)
  if (next.kind !== "sent") throw new Error(`nothing prepared: ${next.kind}`)
  return next.result
}

walletPassModuleTests(({ service }) => {
  it("two or more waiting changes go as one balance set in the first one's place", async () => {
    const h = await adoptedHolder(service, "+79995550001")
    const [a, b, c] = [
      await change(service, h, "a", 1000),
      await change(service, h, "b", 250),
      await change(service, h, "c", -50),
    ]
    const prepared = await prepare(service)
    expect(prepared.operation.id).toBe(a.id)
    expect(prepared.facts.coalesced).toEqual([b.id, c.id])
    expect(prepared.facts.visible_balance).toBe(1200)

    const claim = await service.claimNextOperation(FAST, a.id, prepared.facts.coalesced)
    if (claim.kind !== "send") throw new Error(`expected a send, got ${claim.kind}`)
    expect(claim.operation).toMatchObject({
      method: "user_create_or_update",
      state: "sending",
      holder_id: h,
      payload: { type: "balance_sync", reason: "coalesced" },
      dedupe_key: operationKeys.coalescedSet(a.id),
    })
    // In the queue, the set stands where the first change stood.
    expect(new Date(claim.operation.created_at).getTime()).toBe(new Date(a.created_at).getTime())
    const carried = await service.listWalletPassOperations({ id: [a.id, b.id, c.id] })
    expect(carried.map((o) => [o.state, o.result?.resolution, o.result?.coalesced_into])).toEqual([
      ["resolved", "coalesced", claim.operation.id],
      ["resolved", "coalesced", claim.operation.id],
      ["resolved", "coalesced", claim.operation.id],
    ])
    // Nothing else of the holder is left to send.
    expect(await service.claimNextOperation(FAST)).toEqual({ kind: "idle" })
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: { status: 200, outcome: "applied", duration_ms: 1, request: null, response: null, error: null },
      settle: { state: "done" },
      sets_balance: 1200,
    })
    // What the service should show is what was set: no second set.
    expect(await service.getServiceVisibleBalance(h, null)).toBe(1200)
    expect(await service.listWalletPassOperations({ holder_id: h, state: "pending" })).toEqual([])
  })

  it("a lone change goes as itself", async () => {
    const h = await adoptedHolder(service, "+79995550002")
    const a = await change(service, h, "lone", 500)
    const prepared = await prepare(service)
    expect(prepared.operation.id).toBe(a.id)
    expect(prepared.facts.coalesced).toBeNull()
    const claim = await service.claimNextOperation(FAST, a.id, prepared.facts.coalesced)
    expect(claim).toMatchObject({ kind: "send", operation: { id: a.id, method: "balance_add" } })
  })

  it("a push ends the run: changes behind it keep their own place", async () => {
    const h = await adoptedHolder(service, "+79995550003")
    const a = await change(service, h, "p-a", 100)
    const b = await change(service, h, "p-b", 200)
    await push(service, h, "p-push")
    await change(service, h, "p-c", 300)
    const prepared = await prepare(service)
    expect(prepared.facts.coalesced).toEqual([b.id])
    expect(prepared.facts.visible_balance).toBe(300)
    expect(prepared.operation.id).toBe(a.id)
  })

  it("a change held for its order ends the run", async () => {
    const h = await adoptedHolder(service, "+79995550004")
    await change(service, h, "h-a", 100)
    await change(service, h, "h-held", -40, true)
    await change(service, h, "h-c", 300)
    expect((await prepare(service)).facts.coalesced).toBeNull()
  })

  it("an enrolment carries the changes waiting behind it", async () => {
    const h = (
      await service.createWalletPassHolders({
        phone: "+79995550005",
        source: "signup",
        enrollment_state: "pending",
        adoption_state: "new",
      })
    ).id
    const enrol = await service.enqueueOperation({
      method: "user_create_or_update",
      holder_id: h,
      payload: { type: "enroll" },
      dedupe_key: operationKeys.enrollment(h),
      priority: OPERATION_PRIORITY.money,
    })
    const accrual = await change(service, h, "order:1:accrual", 750)
    const prepared = await prepare(service)
    expect(prepared.operation.id).toBe(enrol.operation.id)
    expect(prepared.facts).toMatchObject({ coalesced: [accrual.id], visible_balance: 750 })
    const claim = await service.claimNextOperation(FAST, enrol.operation.id, prepared.facts.coalesced)
    // The enrolment itself goes, carrying the accrual.
    expect(claim).toMatchObject({ kind: "send", operation: { id: enrol.operation.id, state: "sending" } })
    const [carried] = await service.listWalletPassOperations({ id: accrual.id })
    expect(carried).toMatchObject({ state: "resolved", result: { coalesced_into: enrol.operation.id } })
    if (claim.kind !== "send") return
    // Its answer is lost: sent again, it still sets the balance it took over.
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: { status: null, outcome: "ambiguous", duration_ms: 1, request: null, response: null, error: "reset" },
      settle: { state: "pending", retry_in_seconds: 0 },
    })
    const again = await prepare(service)
    expect(again.operation).toMatchObject({ id: enrol.operation.id, payload: { type: "enroll", sets_balance: true } })
    expect(again.facts).toMatchObject({ coalesced: null, visible_balance: 750 })
  })

  it("a plan gone stale by the claim reserves nothing and is prepared again", async () => {
    const h = await adoptedHolder(service, "+79995550006")
    const a = await change(service, h, "s-a", 100)
    const b = await change(service, h, "s-b", 200)
    const prepared = await prepare(service)
    expect(prepared.facts.coalesced).toEqual([b.id])
    await modelServices(service).walletPassOperationService.update({ id: b.id, state: "failed" })
    expect(await service.claimNextOperation(FAST, a.id, prepared.facts.coalesced)).toEqual({ kind: "changed" })
    const [first] = await service.listWalletPassOperations({ id: a.id })
    expect(first.state).toBe("pending")
  })

  it("a set overtaken by a credit of the service's own is followed by another set", async () => {
    const h = await adoptedHolder(service, "+79995550007")
    const a = await change(service, h, "o-a", 100)
    await change(service, h, "o-b", 200)
    const prepared = await prepare(service)
    const claim = await service.claimNextOperation(FAST, a.id, prepared.facts.coalesced)
    if (claim.kind !== "send") throw new Error(`expected a send, got ${claim.kind}`)
    // While the set is out, the service reports a credit of its own (an addBalance hook): the
    // service may apply it before the set lands, and the set would then take it away.
    await service.applyLedgerEntry({
      holder_id: h,
      amount: 5000,
      kind: "service_credit",
      dedupe_key: "hook:addBalance:tx-o",
      transaction_id: "tx-o",
    })
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: { status: 200, outcome: "applied", duration_ms: 1, request: null, response: null, error: null },
      settle: { state: "done" },
      sets_balance: prepared.facts.visible_balance,
    })
    const [again] = await service.listWalletPassOperations({
      dedupe_key: operationKeys.balanceResync(claim.operation.id),
    })
    expect(again).toMatchObject({
      state: "pending",
      method: "user_create_or_update",
      payload: { type: "balance_sync" },
    })
    const next = await prepare(service)
    expect(next.operation.id).toBe(again.id)
    expect(next.facts.visible_balance).toBe(5300)
  })
}, EXTERNAL_CRM)

walletPassModuleTests(({ service }) => {
  it("without an external CRM, changes go one by one (the service keeps a balance of its own)", async () => {
    const h = await adoptedHolder(service, "+79995550008")
    const a = await change(service, h, "b-a", 100)
    await change(service, h, "b-b", 200)
    const prepared = await prepare(service)
    expect(prepared.operation.id).toBe(a.id)
    expect(prepared.facts.coalesced).toBeNull()
  })
})
