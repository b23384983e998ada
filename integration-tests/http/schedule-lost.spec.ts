import { WorkflowManager, WorkflowScheduler } from "@medusajs/framework/orchestration"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { holdBackgroundWork } from "../../src/utils/background-work"
import { createAdminHeaders } from "../support/admin"
import { externalCrmService, requestsAnswered, signUpEnrolled, waitFor } from "../support/hooks"
import { placeOrder } from "../support/store"
import { storeTestRunner } from "../support/store-runner"
import { dropEvents } from "../support/events"

// Issue 39, item 5: the sweep and the queue's tick do not depend on the scheduler keeping their
// schedule (docs/operations.md, "When Redis loses the schedule"). With Medusa's Redis workflow
// engine a FLUSHDB removes the jobs' repeat keys under a running worker; here the same loss is
// made in the store's own scheduler (the in-memory engine the test store runs on): the jobs'
// schedules are removed, nothing is restarted. check:production flushes a real Redis.
jest.setTimeout(240_000)

const SWEEP_JOB = "job-wallet-pass-order-sweep"
const DISPATCH_JOB = "job-wallet-pass-dispatch-queue"

const { service, env, storeInFront } = externalCrmService("schedule-lost-key", {
  WALLET_PASS_BONUS_PERCENT: "5",
  WALLET_PASS_ECHO_GRACE_SECONDS: "2",
  WALLET_PASS_SWEEP: JSON.stringify({ enabled: true, everySeconds: 5, graceSeconds: 1 }),
})

/** The scheduler's storage (the in-memory engine's): which jobs it holds a schedule for. */
const schedules = () =>
  (WorkflowScheduler as unknown as { storage: { scheduled: Map<string, unknown> } }).storage.scheduled

const scheduler = new WorkflowScheduler()
const job = (id: string) => WorkflowManager.getWorkflow(id)

storeTestRunner({
  env,
  testSuite: ({ api, getContainer }) => {
    const { store, walletPass } = storeInFront({ api, getContainer }, { resetEachTest: true })
    const admin = { headers: {} as Record<string, string> }
    beforeEach(async () => {
      admin.headers = (await createAdminHeaders(getContainer())).headers
    })
    const sweepLine = async () => (await api.get("/admin/wallet-pass/overview", admin)).data.overview.order_sweep
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    /** When a sweep run last started (the module's read of the row the overview shows). */
    const lastRun = async () => (await walletPass().getOrderSweepState()).last_run_at

    it("a worker whose jobs lost their schedule still sweeps: a lost order event is caught, the schedules come back", async () => {
      const { headers, holder } = await signUpEnrolled(api, store, getContainer(), {
        email: "lost@schedule.example",
        phone: "+79995580001",
      })
      const ran = await waitFor(lastRun, "the sweep's first run", 60_000)
      expect(schedules().has(SWEEP_JOB)).toBe(true)
      expect(schedules().has(DISPATCH_JOB)).toBe(true)

      // The loss: both schedules gone, as a FLUSHDB leaves the Redis engine's.
      await scheduler.clearWorkflow(job(SWEEP_JOB))
      await scheduler.clearWorkflow(job(DISPATCH_JOB))
      expect(schedules().has(SWEEP_JOB)).toBe(false)
      try {
        const restore = dropEvents(getContainer(), ["order.placed"])
        const order = await placeOrder(api, store, headers)
        restore()
        // Only the sweep can credit it now: 5% of the item (100).
        const entries = () =>
          walletPass()
            .listWalletPassLedgerEntries({ order_id: order.id })
            .then((rows) => rows.map((e) => [e.kind, e.amount]))
        expect(await entries()).toEqual([])
        await waitFor(async () => (await entries()).length > 0, "the lost order credited by the sweep", 150_000)
        expect(await entries()).toEqual([["accrual", 500]])
        await waitFor(() => requestsAnswered(getContainer(), holder.id, "balance_add"), "balance/add sent", 30_000)
        expect(service.emulator.getCustomer("+79995580001")?.balance).toBe(5)
        // The watch scheduled the plugin's jobs again: the scheduler runs them as before.
        await waitFor(
          async () => schedules().has(SWEEP_JOB) && schedules().has(DISPATCH_JOB),
          "the plugin's jobs scheduled again",
          30_000
        )
        const line = await sweepLine()
        expect(new Date(line.last_run_at).getTime()).toBeGreaterThan(new Date(ran).getTime())
        expect(line.late).toBe(false)
      } finally {
        // Whatever happened, the next test starts with the jobs scheduled.
        if (!schedules().has(SWEEP_JOB)) await scheduler.scheduleWorkflow(job(SWEEP_JOB))
        if (!schedules().has(DISPATCH_JOB)) await scheduler.scheduleWorkflow(job(DISPATCH_JOB))
      }
    })

    it("the overview says when the sweep last ran, and that it is late while no worker runs it", async () => {
      await waitFor(lastRun, "the sweep's first run", 60_000)
      expect(await sweepLine()).toEqual({
        enabled: true,
        every_seconds: 5,
        last_run_at: expect.any(String),
        late: false,
      })

      // No job runs while held; late past two intervals and the minute's margin (70 s here). Each
      // side is 10 s from the bound: a loaded machine may take seconds between the write and the read.
      const release = await holdBackgroundWork({ waitMs: 30_000 })
      try {
        await knex().raw(`UPDATE wallet_pass_order_sweep SET last_run_at = now() - interval '80 seconds'`)
        expect(await sweepLine()).toMatchObject({ enabled: true, late: true })
        await knex().raw(`UPDATE wallet_pass_order_sweep SET last_run_at = now() - interval '60 seconds'`)
        expect(await sweepLine()).toMatchObject({ late: false })
        await knex().raw(`UPDATE wallet_pass_order_sweep SET last_run_at = now() - interval '10 minutes'`)
        expect(await sweepLine()).toMatchObject({ late: true })
      } finally {
        release()
      }
      // A worker runs it again: no longer late.
      const since = Date.now()
      await waitFor(async () => ((await lastRun())?.getTime() ?? 0) >= since - 1_000, "the sweep running again", 60_000)
      expect(await sweepLine()).toMatchObject({ late: false })
    })
  },
})
