import type { MedusaContainer } from "@medusajs/framework/types"
import { holdBackgroundWork } from "../background-work"
import { checkSchedules, scheduleLost, watchedSchedule } from "../schedule-watch"

// The watch of the plugin's short-period jobs (docs/operations.md, "When Redis loses the
// schedule"): a job the scheduler stopped calling is run by the worker itself and said once.
describe("scheduleLost", () => {
  it("is lost once not called for lateMs, and never while a run is going", () => {
    expect(scheduleLost({ calledAt: 1_000, running: 0, lateMs: 30_000 }, 30_999)).toBe(false)
    expect(scheduleLost({ calledAt: 1_000, running: 0, lateMs: 30_000 }, 31_000)).toBe(true)
    expect(scheduleLost({ calledAt: 1_000, running: 1, lateMs: 30_000 }, 600_000)).toBe(false)
  })
})

describe("watchedSchedule and checkSchedules", () => {
  const logs: { warn: string[]; info: string[] } = { warn: [], info: [] }
  const container = {
    resolve: () => ({ warn: (m: string) => logs.warn.push(m), info: (m: string) => logs.info.push(m) }),
  } as unknown as MedusaContainer
  let runs = 0
  let hold: Promise<void> | null = null
  const job = watchedSchedule("wallet-pass-test-job", 30_000, async () => {
    runs++
    if (hold) await hold
  })

  it("runs a job the scheduler stopped calling, says so once, and stops when the scheduler calls again", async () => {
    await job(container)
    expect(runs).toBe(1)
    const calledAt = Date.now()
    expect(await checkSchedules(container, calledAt + 1_000)).toEqual([])
    expect(runs).toBe(1)

    expect(await checkSchedules(container, calledAt + 31_000)).toEqual(["wallet-pass-test-job"])
    await Promise.resolve()
    expect(runs).toBe(2)
    expect(logs.warn).toEqual([expect.stringMatching(/wallet-pass-test-job not called by the scheduler for 3\d s/)])
    // Still lost: run again, not said again.
    expect(await checkSchedules(container, calledAt + 36_000)).toEqual(["wallet-pass-test-job"])
    await Promise.resolve()
    expect(runs).toBe(3)
    expect(logs.warn).toHaveLength(1)

    // The scheduler calls it again: said once, and the watch leaves it alone.
    await job(container)
    expect(runs).toBe(4)
    expect(logs.info).toEqual(["wallet-pass: the scheduler calls wallet-pass-test-job again"])
    expect(await checkSchedules(container, Date.now() + 1_000)).toEqual([])
  })

  it("looks at nothing while background work is held", async () => {
    const release = await holdBackgroundWork()
    try {
      expect(await checkSchedules(container, Date.now() + 600_000)).toEqual([])
    } finally {
      release()
    }
    expect(await checkSchedules(container, Date.now() + 600_000)).toEqual(["wallet-pass-test-job"])
  })

  it("leaves a job alone while one of its runs is going, however long", async () => {
    let finish = () => {}
    hold = new Promise<void>((resolve) => (finish = resolve))
    const running = job(container)
    expect(await checkSchedules(container, Date.now() + 600_000)).toEqual([])
    hold = null
    finish()
    await running
  })
})
