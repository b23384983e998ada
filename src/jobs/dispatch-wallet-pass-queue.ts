import { dispatchQueue } from "../outbound/dispatch"

/**
 * Drains the request queue to the service every second (src/outbound/dispatch.ts; a request
 * queued meanwhile wakes the dispatcher at once).
 */
export default dispatchQueue

export const config = { name: "wallet-pass-dispatch-queue", schedule: "* * * * * *" }
