import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The plugin's work that runs outside a request: its scheduled jobs ({@link backgroundWork})
 * and its event subscribers ({@link trackedWork}). {@link holdBackgroundWork} lets no job
 * start, waits until neither jobs nor subscribers are running, and hands back the function
 * that lets the jobs go again; the drain stops between two requests (never inside one) while
 * work is held. Subscribers are never skipped (an event would be lost), only waited for. The
 * test runner holds the work while it replaces the database under the running store (each
 * test starts from a fresh copy), so nothing is cut off mid-transaction; an orderly stop of a
 * process can hold it the same way.
 *
 * When the database goes away under running work (docs/operations.md, "When the database goes
 * away": Postgres ends the sessions, the database is dropped or refuses connections, or the
 * app's pool is closed by its shutdown), the job or subscriber stands down: no error, one
 * debug line until work succeeds again. A job runs again at its next tick; an order event's
 * work is caught by the order sweep. Every other error is thrown as before (and logged by
 * Medusa). After the app's shutdown closed its pool, jobs do not run at all.
 */

let holds = 0
const running = new Set<Promise<unknown>>()

/** Keeps a function's name: Medusa names a subscriber after its handler. */
function named<F extends (...args: never[]) => unknown>(fn: F, name: string): F {
  return Object.defineProperty(fn, "name", { value: name })
}

/**
 * What Postgres, node-pg and knex say when the database goes away rather than when the work is
 * wrong: a session ended by the server (57P01 `pg_terminate_backend` or a shutdown, 57P02,
 * 57P03), a statement cancelled by `pg_cancel_backend`, a database dropped (3D000) or closed to
 * connections (`ALLOW_CONNECTIONS false`), a connection lost, a pool destroyed by the app's
 * shutdown. Workflows pass a step's error on by its message, so the message is read too.
 */
const GOING_AWAY_CODES = new Set(["57P01", "57P02", "57P03", "3D000"])
const GOING_AWAY_MESSAGES = [
  /terminating connection due to administrator command/,
  /the database system is (shutting down|starting up|in recovery mode)/,
  /canceling statement due to user request/,
  /database "[^"]*" does not exist/,
  /database "[^"]*" is not currently accepting connections/,
  /Connection terminated( unexpectedly)?/,
  /Connection ended unexpectedly/,
  /Unable to acquire a connection/,
]

/** True when `error` (or an error it wraps) says the database went away under the work. Pure. */
export function databaseGoingAway(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false
  const e = error as { code?: unknown; message?: unknown; cause?: unknown }
  if (typeof e.code === "string" && GOING_AWAY_CODES.has(e.code)) return true
  if (typeof e.message === "string" && GOING_AWAY_MESSAGES.some((re) => re.test(e.message as string))) return true
  return databaseGoingAway(e.cause, depth + 1)
}

/** True once the app's shutdown closed its database pool (knex drops the pool on destroy). */
export function appStopped(container: MedusaContainer): boolean {
  try {
    const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION, { allowUnregistered: true }) as unknown as
      { client?: { pool?: unknown } } | undefined
    return !!knex?.client && typeof knex.client === "object" && !knex.client.pool
  } catch {
    return false // a container without Medusa's database (a unit test's): not a shutdown
  }
}

/** Said once (debug) when work stands down; reset when work succeeds again. */
let stoodDown = false

/** The container of a job's (`container`) or a subscriber's (`{ event, container }`) arguments. */
function containerOf(arg: unknown): MedusaContainer | undefined {
  const has = (o: unknown): o is MedusaContainer => !!o && typeof (o as { resolve?: unknown }).resolve === "function"
  if (has(arg)) return arg
  const inner = (arg as { container?: unknown } | undefined)?.container
  return has(inner) ? inner : undefined
}

function standDown(name: string, arg: unknown, error: unknown): void {
  if (stoodDown) return
  stoodDown = true
  try {
    containerOf(arg)
      ?.resolve(ContainerRegistrationKeys.LOGGER)
      .debug(
        `wallet-pass: ${name || "background work"} stood down, the database went away ` +
          `(${error instanceof Error ? error.message : String(error)}); said once until work succeeds again`
      )
  } catch {
    // the container is gone with the app: nothing to say it to
  }
}

/**
 * Work that always runs (an event's subscriber), and that a hold waits for. The database
 * going away under it ends it quietly (see above); any other error is thrown.
 */
export function trackedWork<A extends unknown[]>(work: (...args: A) => Promise<void>) {
  return named(async (...args: A): Promise<void> => {
    const run = work(...args)
    running.add(run)
    try {
      await run
      stoodDown = false
    } catch (e) {
      if (!databaseGoingAway(e)) throw e
      standDown(work.name, args[0], e)
    } finally {
      running.delete(run)
    }
  }, work.name)
}

/**
 * A scheduled job: skipped while background work is held or once the app's shutdown closed
 * its database pool, and waited for by a hold.
 */
export function backgroundWork(job: (container: MedusaContainer) => Promise<void>) {
  const tracked = trackedWork(job)
  return named(async (container: MedusaContainer): Promise<void> => {
    if (holds === 0 && !appStopped(container)) await tracked(container)
  }, job.name)
}

/** True while background work is held: a long-running job stops at its next safe point. */
export function backgroundWorkHeld(): boolean {
  return holds > 0
}

/**
 * Holds background work: resolves once nothing is running (or after `waitMs`, when something
 * still waits on the service), with the function that releases the hold.
 */
export async function holdBackgroundWork({ waitMs = Infinity }: { waitMs?: number } = {}): Promise<() => void> {
  holds++
  let released = false
  const deadline = Date.now() + waitMs
  // Work that finishes may have started more (a workflow's event, its subscriber): look again.
  while (running.size && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined
    const timeout = Number.isFinite(waitMs)
      ? [new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]
      : []
    await Promise.race([Promise.allSettled([...running]), ...timeout])
    clearTimeout(timer)
  }
  return () => {
    if (released) return
    released = true
    holds--
  }
}
