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

describe("the database going away (docs/operations.md, 'When the database goes away')", () => {
  /** Errors as Postgres (its error codes appendix), node-pg and knex raise them. */
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })
  const goingAway = [
    pgError("57P01", "terminating connection due to administrator command"),
    pgError("57014", "canceling statement due to user request"),
    pgError("3D000", 'database "medusa-x-integration-1" does not exist'),
    pgError("55000", 'database "medusa-x-integration-1" is not currently accepting connections'),
    pgError("57P03", "the database system is shutting down"),
    new Error("Connection terminated unexpectedly"),
    new Error("Unable to acquire a connection"),
    // A workflow passes a step's error on by its message, the query in front.
    new Error("select * from wallet_pass_operation - terminating connection due to administrator command"),
    Object.assign(new Error("the step failed"), { cause: pgError("57P01", "terminating connection") }),
  ]
  const realErrors = [
    pgError("42P01", 'relation "wallet_pass_operation" does not exist'),
    pgError("23514", 'new row for relation "wallet_pass_holder" violates check constraint "x"'),
    pgError("57014", "canceling statement due to statement timeout"),
    new Error("Knex: Timeout acquiring a connection. The pool is probably full."),
    new Error("the service answered 500"),
  ]

  function loggingContainer(pool: unknown = {}) {
    const debug: string[] = []
    const logger = { debug: (m: string) => debug.push(m) }
    const knex = { client: { pool } }
    const container = {
      resolve: (key: string) => (key === "logger" ? logger : key === "__pg_connection__" ? knex : undefined),
    } as unknown as MedusaContainer
    return { container, debug, knex }
  }

  it.each(goingAway.map((e) => [e.message, e]))("ends a subscriber quietly: %s", async (_, error) => {
    const { container, debug } = loggingContainer()
    const subscriber = trackedWork(async (_args: { container: MedusaContainer }) => {
      throw error
    })
    await expect(subscriber({ container })).resolves.toBeUndefined()
    expect(debug.length).toBeLessThanOrEqual(1)
  })

  it.each(realErrors.map((e) => [e.message, e]))("throws any other error: %s", async (_, error) => {
    const { container } = loggingContainer()
    const job = backgroundWork(async () => {
      throw error
    })
    await expect(job(container)).rejects.toBe(error)
  })

  it("says it once, at debug, until work succeeds again", async () => {
    const { container, debug } = loggingContainer()
    await backgroundWork(async () => {})(container) // work that succeeds: earlier tests' stand-down is over
    let fail = true
    const job = backgroundWork(async function myJob() {
      if (fail) throw pgError("57P01", "terminating connection due to administrator command")
    })
    await job(container)
    await job(container)
    expect(debug).toHaveLength(1)
    expect(debug[0]).toMatch(/^wallet-pass: myJob stood down, the database went away/)
    fail = false
    await job(container)
    fail = true
    await job(container)
    expect(debug).toHaveLength(2)
  })

  it("a job does not run once the app's shutdown closed its pool (knex drops it on destroy)", async () => {
    const { container, knex } = loggingContainer()
    let runs = 0
    const job = backgroundWork(async () => {
      runs++
    })
    await job(container)
    knex.client.pool = undefined
    await job(container)
    expect(runs).toBe(1)
  })
})
