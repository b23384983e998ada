import type { MedusaContainer } from "@medusajs/framework/types"

/**
 * The plugin's scheduled jobs run through {@link backgroundWork}, so that their work can be
 * held: {@link holdBackgroundWork} lets no job start, waits for the running ones to finish,
 * and hands back the function that lets them go again. The drain stops between two requests
 * (never inside one) while work is held. The test runner holds it while it replaces the
 * database under the running store (each test starts from a fresh copy), so no job is cut off
 * mid-transaction; an orderly stop of a process can hold it the same way.
 */

let holds = 0
const running = new Set<Promise<unknown>>()

/** A scheduled job whose runs are skipped while background work is held, and waited for by a hold. */
export function backgroundWork(job: (container: MedusaContainer) => Promise<void>) {
  return async (container: MedusaContainer): Promise<void> => {
    if (holds > 0) return
    const run = job(container)
    running.add(run)
    try {
      await run
    } finally {
      running.delete(run)
    }
  }
}

/** True while background work is held: a long-running job stops at its next safe point. */
export function backgroundWorkHeld(): boolean {
  return holds > 0
}

/**
 * Holds background work: resolves once no job is running (or after `waitMs`, when one is
 * still waiting on the service), with the function that releases the hold.
 */
export async function holdBackgroundWork({ waitMs = Infinity }: { waitMs?: number } = {}): Promise<() => void> {
  holds++
  let released = false
  let timer: NodeJS.Timeout | undefined
  const waited = Number.isFinite(waitMs) ? new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))) : null
  await Promise.race([Promise.allSettled([...running]), ...(waited ? [waited] : [])])
  clearTimeout(timer)
  return () => {
    if (released) return
    released = true
    holds--
  }
}
