import { dispatchQueue } from "../outbound/dispatch"
import { watchedSchedule } from "../utils/schedule-watch"

export const config = { name: "wallet-pass-dispatch-queue", schedule: "* * * * * *" }

/**
 * Drains the request queue to the service every second (src/outbound/dispatch.ts; a request
 * queued meanwhile wakes the dispatcher at once). Watched (src/utils/schedule-watch.ts): not
 * called for 30 s while no drain runs, its schedule counts as lost (Redis flushed under the
 * worker): the watch schedules it again and drains meanwhile.
 */
export default watchedSchedule(config.name, 30_000, dispatchQueue)
