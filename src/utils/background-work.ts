import type { MedusaContainer } from "@medusajs/framework/types"

/**
 * The plugin's work that runs outside a request: its scheduled jobs ({@link backgroundWork})
 * and its event subscribers ({@link trackedWork}). {@link holdBackgroundWork} lets no job
 * start, waits until neither jobs nor subscribers are running, and hands back the function
 * that lets the jobs go again; the drain stops between two requests (never inside one) while
 * work is held. Subscribers are never skipped (an event would be lost), only waited for. The
 * test runner holds the work while it replaces the database under the running store (each
 * test starts from a fresh copy), so nothing is cut off mid-transaction; an orderly stop of a
 * process can hold it the same way.
 */

let holds = 0
const running = new Set<Promise<unknown>>()

/** Keeps a function's name: Medusa names a subscriber after its handler. */
function named<F extends (...args: never[]) => unknown>(fn: F, name: string): F {
  return Object.defineProperty(fn, "name", { value: name })
}

/** Work that always runs (an event's subscriber), and that a hold waits for. */
export function trackedWork<A extends unknown[]>(work: (...args: A) => Promise<void>) {
  return named(async (...args: A): Promise<void> => {
    const run = work(...args)
    running.add(run)
    try {
      await run
    } finally {
      running.delete(run)
    }
  }, work.name)
}

/** A scheduled job: skipped while background work is held, and waited for by a hold. */
export function backgroundWork(job: (container: MedusaContainer) => Promise<void>) {
  const tracked = trackedWork(job)
  return named(async (container: MedusaContainer): Promise<void> => {
    if (holds === 0) await tracked(container)
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
