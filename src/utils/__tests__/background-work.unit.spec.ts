import type { MedusaContainer } from "@medusajs/framework/types"
import { backgroundWork, backgroundWorkHeld, holdBackgroundWork, trackedWork } from "../background-work"

const container = {} as MedusaContainer

/** A job or subscriber that runs until `finish()` is called, counting its starts. */
function gate() {
  let finish: () => void = () => {}
  const state = { started: 0, finish: () => finish() }
  const work = async () => {
    state.started++
    await new Promise<void>((resolve) => (finish = resolve))
  }
  return { state, work }
}

describe("background work", () => {
  it("a hold waits for a running job, skips new runs until released, and keeps the handler's name", async () => {
    const { state, work } = gate()
    const job = backgroundWork(Object.defineProperty(work, "name", { value: "myJob" }))
    expect(job.name).toBe("myJob")
    const running = job(container)
    expect(state.started).toBe(1)

    let held = false
    const holding = holdBackgroundWork().then((release) => {
      held = true
      return release
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(held).toBe(false) // the job still runs
    expect(backgroundWorkHeld()).toBe(true)
    state.finish()
    await running
    const release = await holding
    expect(held).toBe(true)

    await job(container) // skipped while held
    expect(state.started).toBe(1)
    release()
    release() // a second release changes nothing
    expect(backgroundWorkHeld()).toBe(false)
    const again = job(container)
    expect(state.started).toBe(2)
    state.finish()
    await again
  })

  it("subscribers are never skipped by a hold, only waited for", async () => {
    const { state, work } = gate()
    const subscriber = trackedWork(work)
    const release = await holdBackgroundWork()
    const running = subscriber()
    expect(state.started).toBe(1)
    release()

    const waited = holdBackgroundWork({ waitMs: 10_000 })
    state.finish()
    await running
    ;(await waited)()
  })

  it("a hold with waitMs gives up waiting on work that does not end", async () => {
    const { state, work } = gate()
    const running = trackedWork(work)()
    const started = Date.now()
    const release = await holdBackgroundWork({ waitMs: 50 })
    expect(Date.now() - started).toBeLessThan(5_000)
    release()
    state.finish()
    await running
  })
})
