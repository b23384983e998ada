import { OPERATION_PRIORITY } from "../constants"
import { HELD_UNTIL, IN_FLIGHT_BOUND_SECONDS } from "../repositories/queue"
import { sendAllAsApplied, walletPassModuleTests } from "./support"

jest.setTimeout(60_000)

const FAST = { perSecond: 100, perHour: 100_000 }

walletPassModuleTests(({ service, MikroOrmWrapper }) => {
  const sql = (query: string, params: unknown[] = []) => MikroOrmWrapper.forkManager().execute(query, params)

  async function holder(phone: string) {
    return (await service.createWalletPassHolders({ phone, enrollment_state: "enrolled", adoption_state: "new" })).id
  }
  // An enrolment: it holds its holder's later requests back, whatever its class (a class-c
  // profile update does not: QueueRepository.pickNextOperation).
  const enqueue = (holder_id: string | null, key: string, priority: number = OPERATION_PRIORITY.money) =>
    service.enqueueOperation({
      method: "user_create_or_update",
      holder_id,
      payload: { type: "enroll" },
      dedupe_key: key,
      priority,
    })

  /** Claims and completes everything currently claimable; returns the dedupe keys in claim order. */
  const drainOrder = () => sendAllAsApplied(service, FAST)

  it("an operation is queued once per dedupe key", async () => {
    const h = await holder("+79990000001")
    const first = await enqueue(h, "k")
    const again = await enqueue(h, "k")
    expect(again).toMatchObject({ created: false, operation: { id: first.operation.id } })
  })

  it("money goes before what a customer asked for (a code), and that before a signup's enrolment and bulk", async () => {
    const [a, b, c, d] = [
      await holder("+79990000001"),
      await holder("+79990000002"),
      await holder("+79990000003"),
      await holder("+79990000004"),
    ]
    await enqueue(a, "bulk", OPERATION_PRIORITY.bulk)
    await enqueue(d, "signup", OPERATION_PRIORITY.signup)
    await enqueue(c, "interactive", OPERATION_PRIORITY.interactive)
    await enqueue(b, "accrual", OPERATION_PRIORITY.money)
    expect(await drainOrder()).toEqual(["accrual", "interactive", "signup", "bulk"])
  })

  it("one holder's operations go one at a time, in order, whatever their priority", async () => {
    const h = await holder("+79990000001")
    await enqueue(h, "first", OPERATION_PRIORITY.bulk)
    await enqueue(h, "second", OPERATION_PRIORITY.interactive)
    const claim = await service.claimNextOperation(FAST)
    expect(claim).toMatchObject({ kind: "send", operation: { dedupe_key: "first" } })
    // While the first is being sent, the holder's next one waits.
    expect(await service.claimNextOperation(FAST)).toEqual({ kind: "idle" })
  })

  it("a request built for one operation reserves nothing when another is now next", async () => {
    await enqueue(await holder("+79990000001"), "bulk", OPERATION_PRIORITY.bulk)
    const peeked = await service.sendNext(FAST, async ({ operation }) => {
      await enqueue(await holder("+79990000002"), "urgent", OPERATION_PRIORITY.interactive)
      expect(await service.claimNextOperation(FAST, operation.id)).toEqual({ kind: "changed" })
      return operation.dedupe_key
    })
    expect(peeked).toEqual({ kind: "sent", result: "bulk" })
    expect(await sql(`SELECT count(*)::int AS n FROM wallet_pass_api_call`)).toEqual([{ n: 0 }])
    const next = await service.sendNext(FAST, ({ operation }) => service.claimNextOperation(FAST, operation.id))
    expect(next).toMatchObject({ kind: "sent", result: { kind: "send", operation: { dedupe_key: "urgent" } } })
  })

  it("class c (what anyone can cause) takes at most dispatcher.openShare of the hour; money and codes go past it", async () => {
    // 100 an hour, share 0.5 (the default): 50 class-c requests, then only classes a and b.
    const limits = { perSecond: 100, perHour: 100 }
    for (let i = 0; i < 60; i++)
      await enqueue(await holder(`+7999100${String(i).padStart(4, "0")}`), `bot:${i}`, OPERATION_PRIORITY.signup)
    const sent = await sendAllAsApplied(service, limits)
    expect(sent.length).toBe(50)
    expect(sent.every((k) => k.startsWith("bot:"))).toBe(true)
    await enqueue(await holder("+79992000001"), "credit", OPERATION_PRIORITY.money)
    await enqueue(await holder("+79992000002"), "code", OPERATION_PRIORITY.interactive)
    expect(await sendAllAsApplied(service, limits)).toEqual(["credit", "code"])
    const [{ waiting }] = await sql(
      `SELECT count(*)::int AS waiting FROM wallet_pass_operation WHERE state = 'pending' AND priority >= 20`
    )
    expect(waiting).toBe(10)
  })

  it("a signup's enrolment waiting in class c moves up when its customer orders; its credit then goes first", async () => {
    const limits = { perSecond: 100, perHour: 10 }
    for (let i = 0; i < 5; i++) await enqueue(await holder(`+7999300000${i}`), `bot:${i}`, OPERATION_PRIORITY.signup)
    expect(await sendAllAsApplied(service, limits)).toHaveLength(5) // the open share is used up
    const h = await holder("+79993000099")
    await enqueue(h, "enrol", OPERATION_PRIORITY.signup)
    await enqueue(await holder("+79993000098"), "bot:late", OPERATION_PRIORITY.signup)
    expect(await sendAllAsApplied(service, limits)).toEqual([])
    // The customer's order: the accrual is money, and the enrolment it waits behind moves up.
    await service.applyLedgerEntryAndEnqueue(
      { holder_id: h, amount: 500, kind: "accrual", dedupe_key: "acc", order_id: "order_1" },
      { method: "balance_add", payload: {}, dedupe_key: "acc", priority: OPERATION_PRIORITY.money }
    )
    expect(await sendAllAsApplied(service, limits)).toEqual(["enrol", "acc"])
  })

  it("a class-c profile update waiting out its spacing does not hold its holder's credit back", async () => {
    const h = await holder("+79994000001")
    const profile = await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
    await sql(`UPDATE wallet_pass_operation SET next_attempt_at = clock_timestamp() + interval '1 hour' WHERE id = ?`, [
      profile.operation.id,
    ])
    await enqueue(h, "credit", OPERATION_PRIORITY.money)
    expect(await drainOrder()).toEqual(["credit"])
  })

  it("an account renaming itself every second: one profile update waits, due dispatcher.profileSpacingSeconds after the last went", async () => {
    const h = await holder("+79995000001")
    await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
    expect(await drainOrder()).toHaveLength(1)
    for (let i = 0; i < 30; i++) await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
    const waiting = await sql(
      `SELECT extract(epoch FROM next_attempt_at - clock_timestamp()) AS wait FROM wallet_pass_operation
        WHERE holder_id = ? AND state = 'pending'`,
      [h]
    )
    expect(waiting).toHaveLength(1)
    // The default spacing: 300 s.
    expect(Number(waiting[0].wait)).toBeGreaterThan(290)
    expect(Number(waiting[0].wait)).toBeLessThanOrEqual(300)
    expect(await drainOrder()).toEqual([])
  })

  it("profile updates of one holder coalesce while one is waiting", async () => {
    const h = await holder("+79990000001")
    const first = await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
    const second = await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)
    expect(second).toMatchObject({ created: false, operation: { id: first.operation.id } })
    expect(await drainOrder()).toHaveLength(1)
    expect((await service.enqueueProfileSync(h, OPERATION_PRIORITY.profile)).created).toBe(true)
  })

  it("the gate holds the per-second limit and a 429's Retry-After", async () => {
    await enqueue(await holder("+79990000001"), "a")
    await enqueue(await holder("+79990000002"), "b")
    const limits = { perSecond: 1, perHour: 60 }
    const first = await service.claimNextOperation(limits)
    expect(first.kind).toBe("send")
    const second = await service.claimNextOperation(limits)
    expect(second.kind).toBe("wait")
    expect(second.kind === "wait" && second.wait_ms).toBeGreaterThan(900)

    if (first.kind !== "send") throw new Error("unreachable")
    await service.recordSendOutcome({
      operation_id: first.operation.id,
      api_call_id: first.api_call_id,
      call: { status: 429, outcome: "not_applied", duration_ms: 1, request: null, response: null, error: "429" },
      settle: { state: "pending", retry_in_seconds: 0 },
      block_gate_seconds: 30,
    })
    const blocked = await service.claimNextOperation(FAST)
    expect(blocked.kind === "wait" && blocked.wait_ms).toBeGreaterThan(29_000)
  })

  it("an unanswered request holds the per-second window as arriving now, for at most IN_FLIGHT_BOUND_SECONDS", async () => {
    await enqueue(await holder("+79990000001"), "a")
    await enqueue(await holder("+79990000002"), "b")
    const limits = { perSecond: 1, perHour: 3600 }
    const first = await service.claimNextOperation(limits)
    expect(first.kind).toBe("send")
    // Reserved 3 s ago and still not answered (a process stalled before sending): it may reach
    // the service any moment, so nothing else may go yet.
    await sql(`UPDATE wallet_pass_api_call SET started_at = started_at - interval '3 seconds'`)
    const held = await service.claimNextOperation(limits)
    expect(held.kind === "wait" && held.wait_ms).toBeGreaterThan(900)
    // Past the bound it can no longer arrive (the client's connect timeout): the window opens.
    await sql(`UPDATE wallet_pass_api_call SET started_at = started_at - make_interval(secs => ?)`, [
      IN_FLIGHT_BOUND_SECONDS,
    ])
    expect((await service.claimNextOperation(limits)).kind).toBe("send")
  })

  it("the gate holds the hourly limit over the call log", async () => {
    await enqueue(await holder("+79990000001"), "a")
    await sql(
      `INSERT INTO wallet_pass_api_call (id, path, outcome, duration_ms, started_at)
       SELECT 'c' || g, '/status', 'applied', 1, clock_timestamp() - interval '30 minutes' FROM generate_series(1, 60) g`
    )
    const claim = await service.claimNextOperation({ perSecond: 1, perHour: 60 })
    expect(claim.kind === "wait" && claim.wait_ms).toBeGreaterThan(29 * 60_000)
  })

  it("a request left sending by a dead process: a balance request becomes unknown, anything else is sent again", async () => {
    const h = await holder("+79990000001")
    const { entry } = await service.applyLedgerEntry({ holder_id: h, amount: 100, kind: "manual", dedupe_key: "e" })
    await service.enqueueOperation({
      method: "balance_add",
      holder_id: h,
      ledger_entry_id: entry.id,
      payload: {},
      dedupe_key: "add",
      priority: OPERATION_PRIORITY.money,
    })
    await enqueue(await holder("+79990000002"), "profile")
    await service.enqueueOperation({
      method: "read_customer",
      holder_id: await holder("+79990000003"),
      payload: {},
      dedupe_key: "read",
      priority: OPERATION_PRIORITY.money,
    })
    for (let i = 0; i < 3; i++) {
      expect((await service.claimNextOperation(FAST)).kind).toBe("send")
    }
    await sql(`UPDATE wallet_pass_operation SET sending_at = clock_timestamp() - interval '10 minutes'`)
    await service.runQueueMaintenance({ priority: OPERATION_PRIORITY.money })

    const ops = await service.listWalletPassOperations({}, { order: { created_at: "ASC" } })
    const byKey = Object.fromEntries(ops.map((o) => [o.dedupe_key, o]))
    // No echo came within the lease (which outlasts the echo window): resolved by an absolute balance set.
    expect(byKey.add.state).toBe("resolved")
    expect(byKey.add.result).toMatchObject({ resolution: "balance_sync" })
    expect(byKey[`sync:${byKey.add.id}`]).toMatchObject({ state: "pending", payload: { type: "balance_sync" } })
    expect(byKey.profile.state).toBe("pending")
    expect(byKey.read.state).toBe("pending")
    // The read goes again at once; the profile update (it sets values) only once the one
    // that may still be on its way can no longer land (echoGraceSeconds, 60 s by default).
    const [{ held }] = await sql(
      `SELECT extract(epoch FROM next_attempt_at - clock_timestamp()) AS held FROM wallet_pass_operation WHERE id = ?`,
      [byKey.profile.id]
    )
    expect(Number(held)).toBeGreaterThan(50)
    expect(Number(held)).toBeLessThanOrEqual(60)
    expect(await drainOrder()).toEqual(["read", `sync:${byKey.add.id}`])
  })

  it("an ambiguous request that sets values is held: a good answer releases it only when its hold is over", async () => {
    const held = await enqueue(await holder("+79990000001"), "held")
    const backingOff = await enqueue(await holder("+79990000002"), "backing-off")
    // Both failed ambiguously (a timeout): one may still land at the service, so it is held.
    const fail = (hold_seconds: number | null) =>
      sendAndRecord(
        { status: null, outcome: "ambiguous" },
        { state: "pending", retry_in_seconds: 5, hold_seconds, service_failure: { give_up_after: 10 } }
      )
    await fail(600)
    await fail(null)
    const row = await service.retrieveOperationRow(held.operation.id)
    expect(row.result).toMatchObject({ retry: "service", not_before: expect.any(String) })
    expect(new Date(row.next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(590_000)

    // A good answer: the one backing off is due at once, the held one keeps its hold.
    await enqueue(await holder("+79990000003"), "works", OPERATION_PRIORITY.interactive)
    await sendAndRecord({ status: 200, outcome: "applied" }, { state: "done" })
    expect(await drainOrder()).toEqual([backingOff.operation.dedupe_key])
    // Its hold over, the next good answer releases it too (its backoff, here, is longer).
    await sql(
      `UPDATE wallet_pass_operation SET result = result || jsonb_build_object('not_before', clock_timestamp() - interval '1 second'),
              next_attempt_at = clock_timestamp() + interval '1 hour' WHERE id = ?`,
      [held.operation.id]
    )
    await enqueue(await holder("+79990000004"), "works-again", OPERATION_PRIORITY.interactive)
    await sendAndRecord({ status: 200, outcome: "applied" }, { state: "done" })
    expect(await drainOrder()).toEqual(["held"])
  })

  it("a request past its lease whose sender still holds the send lock is left alone (a slow process is not a dead one)", async () => {
    await enqueue(await holder("+79990000001"), "slow")
    const sending = await service.sendNext(FAST, async ({ operation: peeked }) => {
      // Only one process at a time holds it.
      expect(await service.sendNext(FAST, async () => "sent twice")).toEqual({ kind: "busy" })
      const claim = await service.claimNextOperation(FAST, peeked.id)
      expect(claim.kind).toBe("send")
      await sql(`UPDATE wallet_pass_operation SET sending_at = clock_timestamp() - interval '10 minutes'`)

      expect(await service.runQueueMaintenance({ priority: OPERATION_PRIORITY.money })).toMatchObject({
        recovered: 0,
      })
      expect((await service.retrieveOperationRow(peeked.id)).state).toBe("sending")
      const [call] = await sql(`SELECT outcome FROM wallet_pass_api_call WHERE operation_id = ?`, [peeked.id])
      expect(call.outcome).toBeNull()
      return peeked
    })
    // The send returned without recording an outcome, as when its process dies: the module let
    // the lock go with its connection.
    if (sending.kind !== "sent") throw new Error(`nothing sent: ${sending.kind}`)
    const peeked = sending.result
    expect(await service.runQueueMaintenance({ priority: OPERATION_PRIORITY.money })).toMatchObject({ recovered: 1 })
    expect((await service.retrieveOperationRow(peeked.id)).state).toBe("pending")
    const [after] = await sql(`SELECT outcome FROM wallet_pass_api_call WHERE operation_id = ?`, [peeked.id])
    expect(after.outcome).toBe("ambiguous")
    // It may still reach the service until IN_FLIGHT_BOUND_SECONDS after it left, and be
    // counted then: on the basic plan's one a second, the next request waits until after that.
    const gate = await service.claimNextOperation({ perSecond: 1, perHour: 60 })
    expect(gate).toEqual({ kind: "wait", wait_ms: expect.any(Number) })
    expect((gate as { wait_ms: number }).wait_ms).toBeGreaterThan((IN_FLIGHT_BOUND_SECONDS - 1) * 1000)
    // Its lock is free again: once due, it is prepared like any other.
    await sql(`UPDATE wallet_pass_operation SET next_attempt_at = NULL WHERE id = ?`, [peeked.id])
    const again = await service.sendNext(FAST, async ({ operation }) => operation.id)
    expect(again).toEqual({ kind: "sent", result: peeked.id })
  })

  /** Claims the next operation and records the answer the service gave it. */
  async function sendAndRecord(
    call: { status: number | null; outcome: "applied" | "not_applied" | "ambiguous" },
    settle: Parameters<typeof service.recordSendOutcome>[0]["settle"]
  ) {
    const claim = await service.claimNextOperation(FAST)
    if (claim.kind !== "send") throw new Error(`nothing to send: ${claim.kind}`)
    await service.recordSendOutcome({
      operation_id: claim.operation.id,
      api_call_id: claim.api_call_id,
      call: {
        ...call,
        duration_ms: 1,
        request: null,
        response: null,
        error: call.outcome === "applied" ? null : "failed",
      },
      settle,
    })
    return claim
  }

  it("an outage counts once toward giving up; failures while the service answers others add up", async () => {
    const failing = await enqueue(await holder("+79990000001"), "failing", OPERATION_PRIORITY.interactive)
    const failOnce = async () => {
      const claim = await sendAndRecord(
        { status: 500, outcome: "ambiguous" },
        { state: "pending", retry_in_seconds: 0, service_failure: { give_up_after: 3 } }
      )
      expect(claim.operation.id).toBe(failing.operation.id)
      const after = await service.retrieveOperationRow(claim.operation.id)
      return { failures: after.result?.service_failures, state: after.state, retry: after.result?.retry }
    }
    expect(await failOnce()).toEqual({ failures: 1, state: "pending", retry: "service" })
    // Nothing else answered in between: the same outage.
    expect((await failOnce()).failures).toBe(1)
    // The service answered another request well since: this one's own failure.
    const working = async (phone: string) => {
      await enqueue(await holder(phone), phone, OPERATION_PRIORITY.money)
      await sendAndRecord({ status: 200, outcome: "applied" }, { state: "done" })
    }
    await working("+79990000002")
    expect((await failOnce()).failures).toBe(2)
    // The third failure of its own reaches give_up_after: failed for good.
    await working("+79990000003")
    expect(await failOnce()).toMatchObject({ failures: 3, state: "failed" })
  })

  it("the first good answer makes every request backing off after service trouble due again, nothing else", async () => {
    const later = `clock_timestamp() + interval '10 minutes'`
    const trouble = await enqueue(await holder("+79990000001"), "trouble")
    const rejected = await enqueue(await holder("+79990000002"), "rejected")
    const limited = await enqueue(await holder("+79990000003"), "limited")
    await sql(
      `UPDATE wallet_pass_operation SET attempts = 1, next_attempt_at = ${later}, result = '{"retry":"service"}' WHERE id = ?`,
      [trouble.operation.id]
    )
    await sql(
      `UPDATE wallet_pass_operation SET attempts = 1, next_attempt_at = ${later}, result = '{"retry":"rejected"}' WHERE id = ?`,
      [rejected.operation.id]
    )
    await sql(
      `UPDATE wallet_pass_operation SET attempts = 1, next_attempt_at = ${later}, result = '{"retry":"rate_limited"}' WHERE id = ?`,
      [limited.operation.id]
    )
    const held = await service.enqueueOperation({
      method: "balance_deduct",
      holder_id: await holder("+79990000004"),
      payload: {},
      dedupe_key: "held",
      priority: OPERATION_PRIORITY.money,
      next_attempt_at: HELD_UNTIL,
    })
    await sql(`UPDATE wallet_pass_operation SET result = '{"retry":"service"}' WHERE id = ?`, [held.operation.id])
    await enqueue(await holder("+79990000005"), "fresh")

    // A failed answer releases nothing.
    await sendAndRecord({ status: 502, outcome: "ambiguous" }, { state: "pending", retry_in_seconds: 600 })
    expect(await service.sendNext(FAST, async () => "nothing should be due")).toEqual({ kind: "idle" })

    await enqueue(await holder("+79990000006"), "works")
    await sendAndRecord({ status: 200, outcome: "applied" }, { state: "done" })
    // The request that failed just before ("fresh", retry not marked as service trouble here) and
    // the rejected, rate-limited and held ones keep their times; the one backing off for the service is due.
    expect(await drainOrder()).toEqual(["trouble"])
    const [kept] = await sql(
      `SELECT count(*)::int AS n FROM wallet_pass_operation WHERE state = 'pending' AND next_attempt_at > clock_timestamp()`
    )
    expect(kept.n).toBe(4)
  })

  it("a request the service failed twice on its own waits out its backoff: good answers to others no longer make it due", async () => {
    const failing = await enqueue(await holder("+79990000001"), "failing", OPERATION_PRIORITY.interactive)
    const backingOff = { state: "pending" as const, retry_in_seconds: 600, service_failure: { give_up_after: 10 } }
    const working = async (phone: string) => {
      await enqueue(await holder(phone), phone, OPERATION_PRIORITY.money)
      await sendAndRecord({ status: 200, outcome: "applied" }, { state: "done" })
    }
    const due = async () =>
      (
        await sql(`SELECT next_attempt_at <= clock_timestamp() AS due FROM wallet_pass_operation WHERE id = ?`, [
          failing.operation.id,
        ])
      )[0].due

    // First failure: maybe an outage's victim, so the next good answer makes it due.
    await sendAndRecord({ status: 500, outcome: "ambiguous" }, backingOff)
    expect(await due()).toBe(false)
    await working("+79990000002")
    expect(await due()).toBe(true)

    // Failed again while the service answers others: its own failure, and its backoff stands.
    await sendAndRecord({ status: 500, outcome: "ambiguous" }, backingOff)
    expect((await service.retrieveOperationRow(failing.operation.id)).result).toMatchObject({
      service_failures: 2,
      retry: "service",
    })
    await working("+79990000003")
    expect(await due()).toBe(false)
    expect(await drainOrder()).toEqual([])
  })

  it("the service-visible balance leaves out entries whose requests are still queued", async () => {
    const h = await holder("+79990000001")
    await service.applyLedgerEntry({ holder_id: h, amount: 1000, kind: "service_credit", dedupe_key: "hook" })
    const queued = await service.applyLedgerEntryAndEnqueue(
      { holder_id: h, amount: 300, kind: "accrual", dedupe_key: "order:1:accrual" },
      { method: "balance_add", payload: {}, dedupe_key: "op:1", priority: OPERATION_PRIORITY.money }
    )
    expect(await service.getBalance(h)).toBe(1300)
    expect(await service.getServiceVisibleBalance(h, null)).toBe(1000)
    expect(await service.getServiceVisibleBalance(h, queued.operation!.id)).toBe(1300)
  })

  it("prepares the next request with what it is built from, under its send lock", async () => {
    const h = await holder("+79990000001")
    await service.applyLedgerEntryAndEnqueue(
      { holder_id: h, amount: 300, kind: "accrual", dedupe_key: "order:1:accrual" },
      { method: "balance_add", payload: {}, dedupe_key: "op:1", priority: OPERATION_PRIORITY.money }
    )
    const add = await prepared()
    expect(add.operation).toMatchObject({ method: "balance_add", dedupe_key: "op:1" })
    expect(add.facts).toEqual({
      holder: expect.objectContaining({ id: h, phone: "+79990000001" }),
      entry_amount: 300,
      campaign: null,
      has_installed_card: false,
      visible_balance: null,
      // A lone change carries no other (coalescing: docs/architecture.md).
      coalesced: null,
    })
    await sql(`UPDATE wallet_pass_operation SET state = 'done' WHERE dedupe_key = 'op:1'`)
    await service.enqueueOperation({
      method: "user_create_or_update",
      holder_id: h,
      payload: { type: "balance_sync" },
      dedupe_key: "sync:1",
      priority: OPERATION_PRIORITY.money,
    })
    const sync = await prepared()
    expect(sync.facts).toMatchObject({ entry_amount: null, visible_balance: 300 })
  })

  /** The next request as sendNext hands it to the send (its send lock let go once the send returns). */
  async function prepared() {
    const next = await service.sendNext(FAST, async (handed) => handed)
    if (next.kind !== "sent") throw new Error(`nothing prepared: ${next.kind}`)
    return next.result
  }
})
