import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WorkflowManager, WorkflowScheduler } from "@medusajs/framework/orchestration"
import { appStopped, backgroundWorkHeld } from "./background-work"

/**
 * Keeps the plugin's short-period jobs (the queue's tick, the order sweep) going when the
 * scheduler loses their schedule under a running worker (docs/operations.md, "When Redis loses
 * the schedule"). With Medusa's Redis workflow engine a job's schedule is a repeat key in Redis:
 * a FLUSHDB (or a Redis that restarts without its data) removes it, and the job never runs
 * again until the worker restarts. Each watched job notes when the scheduler last called it;
 * a timer of this process (no Redis in it) looks every {@link WATCH_EVERY_MS}: a job that was
 * not called for its `lateMs`, and is not running, has lost its schedule. The watch then
 * schedules the plugin's jobs again (Medusa's own scheduler, the same definitions) and runs
 * the late job itself at once, and says so in the log once per loss. The timer starts with a
 * watched job's first call, so it runs only in the processes where jobs run (worker, shared);
 * it looks at nothing while background work is held (src/utils/background-work.ts), and stops
 * for good once the app's shutdown closed its database pool (a test runner's store shut down in
 * a process that goes on: no schedule of a stopped app is brought back).
 */

/** How often the watch looks. */
export const WATCH_EVERY_MS = 5_000

/** The prefix of the plugin's scheduled jobs' workflows (Medusa names a job's workflow `job-<name>`). */
const PLUGIN_JOBS = "job-wallet-pass-"

type Watched = {
  name: string
  lateMs: number
  run: (container: MedusaContainer) => Promise<void>
  /** When the scheduler last called the job (ms); its runs in progress, the scheduler's and the watch's. */
  calledAt: number
  running: number
  /** True from a loss found until the scheduler calls the job again. */
  lost: boolean
}

/**
 * Whether a job's schedule is lost at `now`: not called by the scheduler for `lateMs` and not
 * running (a long run holds the next call back, Medusa's jobs are `concurrency: "forbid"`). Pure.
 */
export function scheduleLost(job: { calledAt: number; running: number; lateMs: number }, now: number): boolean {
  return job.running === 0 && now - job.calledAt >= job.lateMs
}

const watched = new Map<string, Watched>()
let timer: NodeJS.Timeout | null = null

/**
 * `job` as Medusa's scheduler calls it, watched: `lateMs` without a call (and no run going)
 * counts as a lost schedule. `name` is the job's `config.name`.
 */
export function watchedSchedule(
  name: string,
  lateMs: number,
  job: (container: MedusaContainer) => Promise<void>
): (container: MedusaContainer) => Promise<void> {
  const entry: Watched = { name, lateMs, run: job, calledAt: Date.now(), running: 0, lost: false }
  watched.set(name, entry)
  return Object.defineProperty(
    async (container: MedusaContainer): Promise<void> => {
      entry.calledAt = Date.now()
      if (entry.lost) {
        entry.lost = false
        logger(container).info(`wallet-pass: the scheduler calls ${name} again`)
      }
      startWatch(container)
      await runCounted(entry, container)
    },
    "name",
    { value: job.name }
  )
}

async function runCounted(entry: Watched, container: MedusaContainer): Promise<void> {
  entry.running++
  try {
    await entry.run(container)
  } finally {
    entry.running--
  }
}

const logger = (container: MedusaContainer) => container.resolve(ContainerRegistrationKeys.LOGGER)

function startWatch(container: MedusaContainer) {
  if (timer) return
  timer = setInterval(() => {
    checkSchedules(container).catch((e: unknown) =>
      logger(container).warn(`wallet-pass: the schedule watch failed: ${e instanceof Error ? e.message : String(e)}`)
    )
  }, WATCH_EVERY_MS)
  // The watch alone must not keep the process running (a CLI command, a test run).
  timer.unref()
}

/**
 * One look: every watched job whose schedule is lost is run now; on a new loss, the plugin's
 * jobs are scheduled again. Answers the names of the jobs found lost (tests read it).
 */
export async function checkSchedules(container: MedusaContainer, now = Date.now()): Promise<string[]> {
  if (appStopped(container)) {
    if (timer) clearInterval(timer)
    timer = null
    return []
  }
  // Work held (a stop, the test runner replacing the database): nothing is due, nothing is said.
  if (backgroundWorkHeld()) return []
  const lost = [...watched.values()].filter((job) => scheduleLost(job, now))
  if (!lost.length) return []
  const newly = lost.filter((job) => !job.lost)
  if (newly.length) {
    for (const job of newly) job.lost = true
    const restored = await restorePluginSchedules().then(
      (count) => `scheduled the plugin's ${count} jobs again`,
      (e: unknown) => `scheduling the plugin's jobs again failed (${e instanceof Error ? e.message : String(e)})`
    )
    logger(container).warn(
      `wallet-pass: ${newly.map((j) => j.name).join(", ")} not called by the scheduler for ` +
        `${Math.round((now - Math.min(...newly.map((j) => j.calledAt))) / 1000)} s (the schedule was lost: ` +
        `Redis flushed, or restarted without its data?): ${restored}; this process runs the late ones ` +
        `until the scheduler calls them`
    )
  }
  // Until the scheduler calls it again, the watch runs the job at its own pace.
  for (const job of lost) {
    runCounted(job, container).catch((e: unknown) =>
      logger(container).warn(
        `wallet-pass: ${job.name} (run by the schedule watch) failed: ${e instanceof Error ? e.message : String(e)}`
      )
    )
  }
  return lost.map((j) => j.name)
}

/** Schedules every scheduled job of the plugin again, as Medusa did at start; answers how many. */
async function restorePluginSchedules(): Promise<number> {
  const scheduler = new WorkflowScheduler()
  const workflows = [
    ...(WorkflowManager.getWorkflows() as Map<string, { id: string; options?: { schedule?: unknown } }>).values(),
  ]
  const jobs = workflows.filter((w) => w.id.startsWith(PLUGIN_JOBS) && w.options?.schedule)
  for (const workflow of jobs) await scheduler.scheduleWorkflow(workflow as never)
  return jobs.length
}
